import { Alert, Button, Stack } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { isApiError } from '../../../lib/api-error';
import { useResendVerification } from '../api/resend-verification';

/** "Send the email again", with the server's answer (or its throttle message) below. */
export function ResendVerification() {
  const resend = useResendVerification();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const send = async () => {
    if (resend.isPending) return;
    setMessage(null);
    try {
      const result = await resend.mutateAsync();
      setMessage({ ok: true, text: result.status });
    } catch (error) {
      setMessage({
        ok: false,
        text: isApiError(error) && !error.unanswered ? error.message : SUBMIT_FALLBACK_MESSAGE,
      });
    }
  };

  return (
    <Stack gap="sm">
      <Button
        onClick={() => void send()}
        loading={resend.isPending}
        leftSection={<IconMailForward size={18} aria-hidden />}
        fullWidth
      >
        Resend verification email
      </Button>
      {message && (
        <Alert
          color={message.ok ? 'success' : 'danger'}
          variant="light"
          role={message.ok ? 'status' : 'alert'}
        >
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
