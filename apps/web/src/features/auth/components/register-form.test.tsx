import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { csrfCookieReply, json, mockFetch } from '../../../testing/fetch-mock';
import { buildUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RegisterForm } from './register-form';

async function fill() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Nadia Newcomer');
  await user.type(screen.getByLabelText('Email address'), 'nadia@example.test');
  await user.type(screen.getByLabelText('Password'), 'a long enough password');
  await user.type(screen.getByLabelText('Confirm password'), 'a long enough password');
  return user;
}

describe('the register form', () => {
  it('needs the terms accepted before it calls the server', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    const user = await fill();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must accept the terms and conditions.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the acceptance with the registration', async () => {
    const { calls } = mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply(),
      'POST /register': json(204),
      'GET /api/user': json(200, { data: buildUser({ role_id: 5, email_verified_at: null }) }),
    });
    const onSuccess = vi.fn();
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
    const user = await fill();
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const sent = calls.find((call) => call.path === '/register');
    expect(sent?.body).toMatchObject({ name: 'Nadia Newcomer', accept_terms: true });
  });
});
