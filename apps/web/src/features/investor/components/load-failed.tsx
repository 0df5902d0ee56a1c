import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A section that could not load: says so and offers to try again. */
export function LoadFailed({
  children,
  retrying,
  onRetry,
}: {
  children: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert color="danger" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        {children}
        <Button size="xs" variant="light" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
