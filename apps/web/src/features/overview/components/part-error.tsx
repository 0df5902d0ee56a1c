import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A part of the overview that could not load, with a retry: the other parts stay. */
export function PartError({ what, retry, retrying }: { what: string; retry: () => void; retrying: boolean }) {
  return (
    <Alert
      color="danger"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={`${what} could not be loaded`}
      // polite, not an alert: one part failing does not interrupt whoever reads the rest of the page
      role="status"
    >
      <Stack gap="sm" align="flex-start">
        Please try again in a moment.
        <Button size="xs" variant="light" onClick={retry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
