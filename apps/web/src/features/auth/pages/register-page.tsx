import { Anchor } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const navigate = useNavigate();
  const terms = useTerminology();
  // A new investor is signed in but unverified: the verify-your-email notice comes next.
  const onSuccess = useCallback(() => void navigate('/verify-email', { replace: true }), [navigate]);
  return (
    <AuthLayout
      title={`Create your ${inSentence(terms.investor)} account`}
      documentTitle="Register"
      description={`Register to browse ${inSentence(terms.opportunities)} and follow your ${inSentence(terms.portfolio)}.`}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <RegisterForm onSuccess={onSuccess} />
    </AuthLayout>
  );
}
