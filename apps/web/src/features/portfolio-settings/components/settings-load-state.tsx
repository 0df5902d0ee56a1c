import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';

/** A settings list while it loads, or why it could not. */
export function SettingsLoadState({
  error,
  what,
  onRetry,
}: {
  error: unknown;
  what: string;
  onRetry: () => void;
}) {
  if (error)
    return (
      <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        The {what} could not be loaded. {isApiError(error) ? error.message : ''}
        <Button variant="light" size="xs" ml="sm" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <Stack gap="xs" aria-label={`Loading the ${what}`}>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
