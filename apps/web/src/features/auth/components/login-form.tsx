import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginInput, User } from '@portico/contracts';
import { Link } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { useDeferredResolver } from '../../../components/form/use-deferred-resolver';
import { useLogin } from '../api/login';

/** The contract's login schema and its resolver, loaded after the login page has painted. */
async function loadLoginResolver() {
  return (await import('./login-resolver')).loginResolver;
}

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void | Promise<void> }) {
  const { mutateAsync } = useLogin();
  const validate = useDeferredResolver(loadLoginResolver);
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate,
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
