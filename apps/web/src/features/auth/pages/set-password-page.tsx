import { Alert } from '@mantine/core';
import { AUTH_MESSAGES, type User } from '@portico/contracts';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { landingPath } from '../../../config/landing';
import { useSetPassword } from '../api/set-password';
import { NewPasswordForm } from '../components/new-password-form';

/** The invitation link: a new staff member chooses a password and is signed in. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutateAsync } = useSetPassword();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const onSuccess = useCallback(
    (user: User) => void navigate(landingPath(user.role_id), { replace: true }),
    [navigate],
  );

  return (
    <AuthLayout
      title="Set your password"
      documentTitle="Set password"
      description="Choose a password to activate your account."
    >
      {token ? (
        <NewPasswordForm
          token={token}
          email={email}
          submitLabel="Set password and continue"
          submit={mutateAsync}
          onSuccess={onSuccess}
        />
      ) : (
        <Alert color="danger" variant="light" role="alert">
          {AUTH_MESSAGES.invalidInvitationToken}
        </Alert>
      )}
    </AuthLayout>
  );
}
