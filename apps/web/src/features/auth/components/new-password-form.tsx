import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN, resetPasswordInputSchema, type ResetPasswordInput } from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';

interface NewPasswordFormProps<Result> {
  token: string;
  email: string;
  submitLabel: string;
  submit: (input: ResetPasswordInput) => Promise<Result>;
  onSuccess: (result: Result) => void;
}

/** Choose a password with an emailed token: password reset and staff invitations alike. */
export function NewPasswordForm<Result>({
  token,
  email,
  submitLabel,
  submit,
  onSuccess,
}: NewPasswordFormProps<Result>) {
  const form = useForm<ResetPasswordInput>({
    initialValues: { token, email, password: '', password_confirmation: '' },
    validate: zodResolver(resetPasswordInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, { submit, onSuccess });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        {/* A bad token comes back on "token": there is no field for it, so it shows as the form error. */}
        <FormError
          message={formError ?? (typeof form.errors.token === 'string' ? form.errors.token : null)}
        />
        <Button type="submit" loading={submitting} fullWidth size="md">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
