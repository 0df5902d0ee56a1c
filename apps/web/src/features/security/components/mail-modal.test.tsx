import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { MailModal } from './mail-modal';

const mail = {
  id: 3,
  to: 'nina@example.com',
  subject: 'Verify your email address for Portico',
  text: 'Hello <b>Nina</b>,\n\nVerify email address: http://localhost:3000/email/verify/3/abc?signature=x\n\n— Portico',
  html: '<p>Hello <b>Nina</b></p><script>alert(1)</script>',
  status: 'stored' as const,
  error: null,
  sent_at: null,
  created_at: '2024-05-01T10:15:30.000000Z',
};

describe('the outbox mail modal', () => {
  it('shows the envelope and the text body with its link clickable, never the HTML', async () => {
    mockFetch({ 'GET /api/mail-outbox/3': json(200, { data: mail }) });
    renderWithProviders(<MailModal mail={mail} onClose={() => undefined} />, {
      session: { status: 'authenticated', user: userWithRole(1) },
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('nina@example.com');
    expect(dialog).toHaveTextContent('1 May 2024');
    expect(dialog).toHaveTextContent('Stored');
    expect(screen.getByRole('link', { name: /email\/verify\/3/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/email/verify/3/abc?signature=x',
    );
    // The markup in the text is shown as text, and the HTML body is not rendered at all.
    expect(dialog).toHaveTextContent('Hello <b>Nina</b>,');
    expect(dialog.querySelector('b, script')).toBeNull();
  });
});
