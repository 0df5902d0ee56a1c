import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginInputSchema, type LoginInput, type User } from '@portico/contracts';
import { Link } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useLogin } from '../api/login';

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { mutateAsync } = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, { submit: mutateAsync, onSuccess });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label="Email address"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <FormError message={formError} />
        <Button type="submit" loading={submitting} fullWidth size="md">
          Log in
        </Button>
      </Stack>
    </form>
  );
}
