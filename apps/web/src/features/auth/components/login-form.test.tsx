import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { csrfCookieReply, json, mockFetch } from '../../../testing/fetch-mock';
import { buildUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

async function fillAndSubmit(email = 'admin@portico.test', password = 'portico-demo') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('the login form', () => {
  it('shows a 422 email error on the email field', async () => {
    mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply(),
      'POST /login': json(422, {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await fillAndSubmit('admin@portico.test', 'wrong-password');

    const email = screen.getByLabelText('Email address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('These credentials do not match our records.');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows the lockout message (429) as the form error', async () => {
    mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply(),
      'POST /login': json(429, { message: 'Too many login attempts. Please try again in 37 seconds.' }),
    });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many login attempts. Please try again in 37 seconds.',
    );
  });

  it('checks the fields with the contract schema before calling the server', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The email field must be a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs in: POST /login with the XSRF header, then GET /api/user, then hands over the user', async () => {
    const signedIn = buildUser({ role_id: 12 });
    let answerLogin: (response: Response) => void = () => undefined;
    const { calls, callsTo } = mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply('xsrf-1'),
      'POST /login': () => new Promise<Response>((resolve) => (answerLogin = resolve)),
      'GET /api/user': json(200, { data: signedIn }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    const user = await fillAndSubmit();

    // While the login runs the button is busy, and a second submit sends nothing more.
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(callsTo('POST', '/login')).toHaveLength(1);

    answerLogin(json(204));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(signedIn, expect.anything()));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /login',
      'GET /api/user',
    ]);
    const [loginCall] = callsTo('POST', '/login');
    expect(loginCall?.headers['x-xsrf-token']).toBe('xsrf-1');
    expect(loginCall?.body).toEqual({ email: 'admin@portico.test', password: 'portico-demo' });
  });

  it('logs out first when a session exists (spec §7)', async () => {
    const signedIn = buildUser({ role_id: 1 });
    const { calls } = mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply(),
      'POST /logout': json(204),
      'POST /login': json(204),
      'GET /api/user': json(200, { data: signedIn }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />, {
      session: { status: 'authenticated', user: buildUser({ role_id: 5 }) },
    });
    await fillAndSubmit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /logout',
      'POST /login',
      'GET /api/user',
    ]);
  });
});
