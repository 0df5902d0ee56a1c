import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN, registerInputSchema, type User } from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { termsHrefOf, useBranding } from '../../../lib/branding';
import { useRegister, type RegisterValues } from '../api/register';

export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { mutateAsync } = useRegister();
  const branding = useBranding();
  const form = useForm<RegisterValues>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '', accept_terms: false },
    validate: zodResolver(registerInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, { submit: mutateAsync, onSuccess });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label="Full name" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Anchor href={termsHrefOf(branding)} target="_blank" rel="noopener noreferrer" inherit>
                terms and conditions
              </Anchor>
            </>
          }
          {...form.getInputProps('accept_terms', { type: 'checkbox' })}
        />
        <FormError message={formError} />
        <Button type="submit" loading={submitting} fullWidth size="md">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
