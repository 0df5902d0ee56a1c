import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { LOGIN_PATH, LOGOUT_PATH } from '../../../config/app';
import { landingPath } from '../../../config/landing';
import { useOptionalUser } from '../../../lib/session';
import { ResendVerification } from '../components/resend-verification';

type LinkProblem = 'invalid' | 'expired';

const PROBLEMS: Record<LinkProblem, { title: string; text: string }> = {
  invalid: {
    title: 'This verification link is invalid',
    text: 'The link may be incomplete or may already have been replaced by a newer one.',
  },
  expired: {
    title: 'This verification link has expired',
    text: 'Verification links work for 60 minutes. Request a new one below.',
  },
};

function problemOf(status: string | null): LinkProblem | undefined {
  return status === 'invalid' || status === 'expired' ? status : undefined;
}

/**
 * The verify-your-email notice: shown to signed-in investors until they open the emailed link, and
 * (with ?status=invalid|expired) when a link did not work.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const user = useOptionalUser();
  const problem = problemOf(params.get('status'));

  if (!problem && !user) return <Navigate to={LOGIN_PATH} replace />;
  if (!problem && user?.email_verified_at) return <Navigate to={landingPath(user.role_id)} replace />;

  const title = problem ? PROBLEMS[problem].title : 'Verify your email address';
  return (
    <AuthLayout
      title={title}
      documentTitle="Verify your email"
      footer={
        user ? (
          <Anchor href={LOGOUT_PATH} fw={600}>
            Log out
          </Anchor>
        ) : undefined
      }
    >
      <Stack gap="md">
        {problem ? (
          <Text>{PROBLEMS[problem].text}</Text>
        ) : (
          <>
            <Text>
              We have sent a verification link to{' '}
              <Text span fw={700}>
                {user?.email}
              </Text>
              . Open the link in that email to finish setting up your account.
            </Text>
            <Text size="sm" c="dimmed">
              Can&apos;t find it? Check your spam folder, or ask for another email.
            </Text>
          </>
        )}
        {user && !user.email_verified_at && <ResendVerification />}
        {user?.email_verified_at && (
          <>
            <Text>Your email address is already verified.</Text>
            <Button component={Link} to={landingPath(user.role_id)} fullWidth>
              Continue
            </Button>
          </>
        )}
        {!user && (
          <Button component={Link} to={LOGIN_PATH} fullWidth>
            Log in to request a new link
          </Button>
        )}
      </Stack>
    </AuthLayout>
  );
}
