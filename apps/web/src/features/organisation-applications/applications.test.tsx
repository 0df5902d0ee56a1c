import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };

const PENDING = {
  id: 12,
  kind: 'create',
  investor: { id: 7, name: 'Olivia Carter', email: 'olivia@example.com' },
  organisation: null,
  proposed_name: 'Carter Family Trust',
  proposed_type: 'trust',
  registration_number: null,
  role: 'beneficial_owner',
  message: 'Please add our family trust.',
  status: 'pending',
  reason: null,
  reviewed_by: null,
  reviewed_at: null,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
};

function open(
  path: string,
  {
    roleId = 1,
    features = ['organisationLinks'] as const,
    routes = {},
  }: {
    roleId?: 1 | 10 | 11;
    features?: readonly 'organisationLinks'[];
    routes?: Record<string, MockReply | MockReply[]>;
  } = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures([...features]) }),
    'GET /api/organisation-applications': json(200, paginated([PENDING])),
    'GET /api/organisation-applications/12': json(200, { data: PENDING }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

const queryOf = (path: string | undefined) => Object.fromEntries(new URLSearchParams(path?.split('?')[1]));

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/applications-list-page'),
    import('./pages/application-details-page'),
  ]);
}, 60_000);

describe('organisation applications', { timeout: 30_000 }, () => {
  it('lists the pending ones unless another status is chosen, from the address', async () => {
    const { calls, router } = open('/admin/investors/organisation-applications');
    expect(
      // The first render of the admin area in a test file is the slowest.
      await screen.findByRole(
        'link',
        { name: 'New organisation: Carter Family Trust (Trust)' },
        FIRST_RENDER,
      ),
    ).toHaveAttribute('href', '/admin/investors/organisation-applications/12/details');
    const first = calls.find((call) => call.path.startsWith('/api/organisation-applications?'));
    expect(queryOf(first?.path)).toMatchObject({ 'filter[status]': 'pending', sort: '-created_at' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await waitFor(() => {
      const last = calls.filter((call) => call.path.startsWith('/api/organisation-applications?')).at(-1);
      expect(queryOf(last?.path)['filter[status]']).toBeUndefined();
    });
  });

  it('is not there with organisation links off', async () => {
    open('/admin/investors/organisation-applications', { features: [] });
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });

  it('approves an application after saying what it does', async () => {
    const approved = {
      ...PENDING,
      organisation: { id: 30, name: 'Carter Family Trust' },
      status: 'approved',
      reviewed_by: { id: 40, name: 'Tom Fletcher' },
      reviewed_at: '2024-05-03T09:00:00.000000Z',
    };
    const { callsTo } = open('/admin/investors/organisation-applications/12/details', {
      routes: { 'POST /api/organisation-applications/12/approve': json(200, { data: approved }) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New organisation: Carter Family Trust (Trust)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please add our family trust.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve application' });
    expect(dialog).toHaveTextContent(
      'A new organisation, Carter Family Trust (Trust), is added; Olivia Carter is linked to it as beneficial owner, and notified.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(callsTo('POST', '/api/organisation-applications/12/approve')).toHaveLength(1));
    // Decided: the page shows the decision, and no more buttons.
    expect(await screen.findByRole('heading', { name: 'Decision' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carter Family Trust' })).toHaveAttribute(
      'href',
      '/admin/investors/organisations/30/details',
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('rejects only with a reason, which the server may still refuse', async () => {
    const rejected = {
      ...PENDING,
      status: 'rejected',
      reason: 'We need the trust deed first.',
      reviewed_by: { id: 40, name: 'Tom Fletcher' },
      reviewed_at: '2024-05-03T09:00:00.000000Z',
    };
    const { callsTo } = open('/admin/investors/organisation-applications/12/details', {
      routes: {
        'POST /api/organisation-applications/12/reject': [
          json(422, {
            message: 'The reason field must not be greater than 2000 characters.',
            errors: { reason: ['The reason field must not be greater than 2000 characters.'] },
          }),
          json(200, { data: rejected }),
        ],
      },
    });
    await screen.findByRole('heading', { level: 1, name: /Carter Family Trust/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject application' });

    // No reason: refused before it is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      expect.stringContaining('The reason field is required.'),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(callsTo('POST', '/api/organisation-applications/12/reject')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'We need the trust deed first.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('The reason field must not be greater than 2000 characters.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/organisation-applications/12/reject')[0]?.body).toEqual({
      reason: 'We need the trust deed first.',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject application' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('We need the trust deed first.')).toBeInTheDocument();
    expect(screen.getAllByText('Rejected', { selector: '.mantine-Badge-label' }).length).toBeGreaterThan(0);
  });
});
