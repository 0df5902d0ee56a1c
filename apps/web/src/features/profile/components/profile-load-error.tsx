import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';

/** A profile view whose data did not load: what happened, and a way to try again. */
export function ProfileLoadError({
  error,
  retry,
  retrying,
  what,
}: {
  error: unknown;
  retry: () => void;
  retrying: boolean;
  what: string;
}) {
  return (
    <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" maw={720}>
      <Stack gap="xs" align="flex-start">
        {`${what} could not be loaded.`} {isApiError(error) && !error.unanswered ? error.message : ''}
        <Button size="xs" variant="light" onClick={retry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
