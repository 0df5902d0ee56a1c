import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const TITLE = 'Accept terms & conditions';
const CHECKBOX = 'I have read, understood and accept the terms and conditions';

function open(
  path: string,
  roleId: 1 | 5,
  routes: Record<string, MockReply | MockReply[]> = {},
  branding = {},
  user = userWithRole(roleId, { accepted_terms_version: 1 }),
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: user }),
    'GET /api/branding': json(200, { data: buildBranding({ terms_version: 2, ...branding }) }),
    'GET /api/stats/overview': json(503, {}),
    ...routes,
  });
  return { user, ...mock, ...renderApp(path) };
}

describe('the blocking terms modal (spec §2.3, §4, §7, §8)', () => {
  it('blocks an investor behind on the terms: no close button, Submit disabled until the box is ticked', async () => {
    open('/investor', 5);
    const modal = await screen.findByRole('dialog', { name: TITLE });
    const submit = within(modal).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(within(modal).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: /Read the terms and conditions/ })).toHaveAttribute(
      'href',
      '/terms',
    );

    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();

    await user.click(within(modal).getByRole('checkbox', { name: CHECKBOX }));
    expect(submit).toBeEnabled();
  });

  it('links to the terms URL when the terms are a link', async () => {
    open('/investor', 5, {}, { terms_format: 'url', terms_url: 'https://example.com/terms' });
    const modal = await screen.findByRole('dialog', { name: TITLE });
    const link = within(modal).getByRole('link', { name: /Read the terms and conditions/ });
    expect(link).toHaveAttribute('href', 'https://example.com/terms');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('sends the form body with _method=PATCH, shows "Submitting", refreshes the user and closes', async () => {
    let answer: (response: Response) => void = () => undefined;
    const investor = userWithRole(5, { accepted_terms_version: 1 });
    setXsrfCookie('token');
    const { callsTo } = mockFetch({
      'GET /api/user': [
        json(200, { data: investor }),
        json(200, { data: { ...investor, accepted_terms_version: 2 } }),
      ],
      'GET /api/branding': json(200, { data: buildBranding({ terms_version: 2 }) }),
      [`POST /api/users/${investor.id}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/investor');
    const modal = await screen.findByRole('dialog', { name: TITLE });
    const clicker = userEvent.setup();
    await clicker.click(within(modal).getByRole('checkbox', { name: CHECKBOX }));
    await clicker.click(within(modal).getByRole('button', { name: 'Submit' }));

    expect(await within(modal).findByRole('button', { name: 'Submitting' })).toBeDisabled();
    const [request] = callsTo('POST', `/api/users/${investor.id}`);
    expect(request?.body).toBe('_method=PATCH&accepted_terms_version=2');
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.headers['x-xsrf-token']).toBe('token');

    answer(json(200, { data: { ...investor, accepted_terms_version: 2 } }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(callsTo('GET', '/api/user')).toHaveLength(2);
  });

  it('re-enables Submit after a failure, with no message', async () => {
    const investor = userWithRole(5, { accepted_terms_version: 1 });
    open(
      '/investor',
      5,
      { [`POST /api/users/${investor.id}`]: json(500, { message: 'Server Error' }) },
      {},
      investor,
    );
    const modal = await screen.findByRole('dialog', { name: TITLE });
    const clicker = userEvent.setup();
    await clicker.click(within(modal).getByRole('checkbox', { name: CHECKBOX }));
    await clicker.click(within(modal).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(modal).getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('blocks staff too', async () => {
    open('/admin/settings/security', 1);
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('leaves users who accepted the current version alone', async () => {
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(5, { accepted_terms_version: 2 }) }),
      'GET /api/branding': json(200, { data: buildBranding({ terms_version: 2 }) }),
    });
    renderApp('/investor');
    expect(await screen.findByRole('navigation', { name: 'Investor navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });
});

describe('/terms (public)', () => {
  it('renders the terms text as paragraphs, never as HTML', async () => {
    mockFetch({
      'GET /api/user': json(401, { message: 'Unauthenticated.' }),
      'GET /api/branding': json(200, {
        data: buildBranding({ terms_text: 'First paragraph.\n\n<script>alert(1)</script> Second.' }),
      }),
    });
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(screen.getByText('First paragraph.')).toBeInTheDocument();
    expect(screen.getByText('<script>alert(1)</script> Second.')).toBeInTheDocument();
    expect(document.querySelector('main script')).toBeNull();
  });

  it('links to the terms URL when the terms are a link', async () => {
    mockFetch({
      'GET /api/user': json(401, { message: 'Unauthenticated.' }),
      'GET /api/branding': json(200, {
        data: buildBranding({ terms_format: 'url', terms_url: 'https://example.com/terms' }),
      }),
    });
    renderApp('/terms');
    expect(await screen.findByRole('link', { name: 'Open the terms and conditions' })).toHaveAttribute(
      'href',
      'https://example.com/terms',
    );
  });
});
