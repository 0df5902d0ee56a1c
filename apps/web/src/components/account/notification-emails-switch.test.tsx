import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { csrfCookieReply, json, mockFetch } from '../../testing/fetch-mock';
import { buildUser } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { NotificationEmailsSwitch } from './notification-emails-switch';

describe('the notification emails switch', () => {
  it('saves the user’s choice on their own record', async () => {
    const user = buildUser({ role_id: 5, notification_emails: true });
    const { calls } = mockFetch({
      'GET /sanctum/csrf-cookie': csrfCookieReply(),
      [`PATCH /api/users/${user.id}`]: json(200, { data: { ...user, notification_emails: false } }),
    });
    renderWithProviders(<NotificationEmailsSwitch />, { session: { status: 'authenticated', user } });
    const toggle = await screen.findByRole('switch', { name: /^Email me a copy of my notifications/ });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ notification_emails: false });
  });
});
