import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../lib/api-error';

/** A list that could not be loaded, and why. */
export function ListLoadError({ error }: { error: unknown }) {
  return (
    <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      The list could not be loaded.{' '}
      {isApiError(error) && !error.unanswered ? error.message : 'Please try again.'}
    </Alert>
  );
}
