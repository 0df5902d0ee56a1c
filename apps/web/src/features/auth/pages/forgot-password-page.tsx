import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordInputSchema, type ForgotPasswordInput } from '@portico/contracts';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { AuthLayout } from '../../../components/layouts/auth-layout';
import { useSendResetLink } from '../api/forgot-password';

export function ForgotPasswordPage() {
  const { mutateAsync } = useSendResetLink();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: '' },
    validate: zodResolver(forgotPasswordInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: mutateAsync,
    onSuccess: (result) => setSent(result.status),
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      documentTitle="Forgot password"
      description="Enter the email address of your account and we will email you a link to choose a new password."
      footer={
        <Anchor component={Link} to="/login" fw={600}>
          Back to log in
        </Anchor>
      }
    >
      {sent ? (
        <Alert
          color="success"
          variant="light"
          icon={<IconMailCheck aria-hidden />}
          role="status"
          title="Check your email"
        >
          {sent}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput
              label="Email address"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <FormError message={formError} />
            <Button type="submit" loading={submitting} fullWidth size="md">
              Email me a reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
