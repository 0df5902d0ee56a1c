import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-error';

interface RecordLoadErrorProps {
  error: unknown;
  retry: () => void;
  retrying: boolean;
  /** the record's list */
  listPath: string;
  /** "This record", "This list" */
  what?: string;
}

/** A record that could not be loaded: why, and a way to try again or go back. */
export function RecordLoadError({
  error,
  retry,
  retrying,
  listPath,
  what = 'This record',
}: RecordLoadErrorProps) {
  return (
    <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        {what} could not be loaded. {isApiError(error) && !error.unanswered ? error.message : ''}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={retry} loading={retrying}>
            Try again
          </Button>
          <Button size="xs" variant="subtle" component={Link} to={listPath}>
            Back to the list
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Whether a failed read was a 404: the page shows the not-found page instead. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}
