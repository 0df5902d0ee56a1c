import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';

/** A part of a record that could not be loaded ("The consents"), why, and a way to try again. */
export function LoadError({
  what,
  error,
  retry,
  retrying,
}: {
  what: string;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" mt="md">
      <Stack gap="xs" align="flex-start">
        {what} could not be loaded. {isApiError(error) && !error.unanswered ? error.message : ''}
        <Button size="xs" variant="light" onClick={retry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
