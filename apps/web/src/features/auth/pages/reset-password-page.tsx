import { Alert, Anchor, Button } from '@mantine/core';
import { AUTH_MESSAGES } from '@portico/contracts';
import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordForm } from '../components/new-password-form';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutateAsync } = useResetPassword();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const onSuccess = useCallback(
    (result: { status: string }) =>
      void navigate('/login', { replace: true, state: { notice: result.status } }),
    [navigate],
  );

  return (
    <AuthLayout
      title="Choose a new password"
      documentTitle="Reset password"
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          Back to log in
        </Anchor>
      }
    >
      {token ? (
        <NewPasswordForm
          token={token}
          email={email}
          submitLabel="Reset password"
          submit={mutateAsync}
          onSuccess={onSuccess}
        />
      ) : (
        <>
          <Alert color="danger" variant="light" role="alert">
            {AUTH_MESSAGES.invalidResetToken}
          </Alert>
          <Button component={Link} to="/forgot-password" fullWidth>
            Request a new link
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
