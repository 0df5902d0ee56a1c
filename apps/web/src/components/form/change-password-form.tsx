import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN, updatePasswordInputSchema, type UpdatePasswordInput } from '@portico/contracts';
import { FormError } from './form-error';
import { useServerForm } from './use-server-form';
import { zodResolver } from './zod-resolver';

interface ChangePasswordFormProps {
  /** POST /api/auth/update-password; resolves with the server's status message */
  submit: (input: UpdatePasswordInput) => Promise<{ status: string }>;
  onChanged: (status: string) => void;
}

const EMPTY: UpdatePasswordInput = { current_password: '', password: '', password_confirmation: '' };

/** Change password, for staff (settings → security) and investors (profile → security). */
export function ChangePasswordForm({ submit, onChanged }: ChangePasswordFormProps) {
  const form = useForm<UpdatePasswordInput>({
    initialValues: EMPTY,
    validate: zodResolver(updatePasswordInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit,
    onSuccess: (result) => {
      form.reset();
      onChanged(result.status);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={480}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('password_confirmation')}
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
