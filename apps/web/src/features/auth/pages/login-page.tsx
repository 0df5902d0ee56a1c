import { Alert, Anchor, Stack } from '@mantine/core';
import type { User } from '@portico/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { safeLocalPath } from '../../../lib/safe-path';
import { inSentence, useTerm } from '../../../lib/terminology';
import { LoginForm } from '../components/login-form';

function noticeFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return undefined;
  return typeof state.notice === 'string' ? state.notice : undefined;
}

export function LoginPage() {
  const navigate = useNavigate();
  const investor = useTerm('investor');
  const location = useLocation();
  const [params] = useSearchParams();
  const verified = params.get('verified') === '1';
  const notice = noticeFrom(location.state);
  const remembered = safeLocalPath(params.get('redirect'));

  const onSuccess = useCallback(
    async (user: User) => {
      // The admin menu that decides a staff member's landing screen loads once someone has signed in.
      const { canReturnTo, landingPath } = await import('../../../config/landing');
      const target =
        remembered && canReturnTo(user.role_id, remembered) ? remembered : landingPath(user.role_id);
      await navigate(target, { replace: true });
    },
    [navigate, remembered],
  );

  return (
    <AuthLayout
      title="Log in"
      description="Welcome back. Log in to your account to continue."
      footer={
        <>
          New {inSentence(investor)}?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      {(verified || notice) && (
        <Stack gap="xs">
          {verified && (
            <Alert color="success" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
              Your email address is verified. Log in to continue.
            </Alert>
          )}
          {notice && (
            <Alert color="success" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
              {notice}
            </Alert>
          )}
        </Stack>
      )}
      <LoginForm onSuccess={onSuccess} />
    </AuthLayout>
  );
}
