import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';

/** A part of the fund's money that could not be loaded: why, and a way to try again. */
export function MoneyLoadError({
  what,
  error,
  retry,
  retrying,
}: {
  /** "The measures", "The capital calls" */
  what: string;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        {what} could not be loaded.{' '}
        {isApiError(error) && !error.unanswered ? error.message : 'Please try again.'}
        <Button size="xs" variant="light" onClick={retry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
