import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaDeal } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };
const ME = 40;

function deal(overrides: Partial<PaDeal> = {}): PaDeal {
  return {
    id: 5,
    user: { id: 77, name: 'Grace Li' },
    instrument: 'Ordinary shares',
    company_name: 'Acme Widgets plc',
    opportunity: null,
    deal: null,
    side: 'buy',
    quantity: '1000',
    estimated_value: '2500.00',
    currency: 'GBP',
    reason: 'Long-term holding',
    status: 'pending',
    approved_on: null,
    clearance_expires_on: null,
    clearance_lapsed: false,
    events: [],
    insider_warning: [],
    created_at: '2026-11-20T10:00:00.000000Z',
    ...overrides,
  };
}

const WARNED = deal({
  id: 6,
  company_name: 'Zed Ltd',
  insider_warning: [
    {
      subject_type: 'deal',
      subject_id: 3,
      name: 'Zed Series A',
      permanent: false,
      message: 'Insider on the list of Zed Series A',
    },
  ],
});

function open(
  path: string,
  roleId: Parameters<typeof userWithRole>[0],
  routes: Record<string, MockReply | MockReply[]> = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: ME }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(['marketSounding']) }),
    'GET /api/pa-deals': json(200, paginated([deal(), WARNED])),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/pa-deals-list-page'),
    import('./pages/pa-deal-create-page'),
    import('./pages/pa-deal-page'),
  ]);
}, 60_000);

describe('PA deals', { timeout: 60_000 }, () => {
  it('lists the requests with their status and the insider warning, filtered by status', async () => {
    const { callsTo } = open('/admin/insider-register/pa-deals?status=pending', 1);
    const table = await screen.findByRole('table', { name: 'Personal account deals' }, FIRST_RENDER);
    const warned = await within(table).findByRole('row', { name: /Zed Ltd/ }, FIRST_RENDER);
    expect(warned).toHaveTextContent('Insider on the list of Zed Series A');
    expect(warned).toHaveTextContent('Awaiting decision');
    expect(warned).toHaveTextContent('Grace Li');
    const plain = within(table).getByRole('row', { name: /Acme Widgets plc/ });
    expect(plain).not.toHaveTextContent('Insider');
    expect(screen.getByRole('link', { name: 'Declare a deal' })).toHaveAttribute(
      'href',
      '/admin/insider-register/pa-deals/create',
    );
    const [call] = callsTo('GET', '/api/pa-deals');
    expect(call?.path).toContain('filter%5Bstatus%5D=pending');
    expect(call?.path).toContain('sort=-created_at');
  });

  it('hides the person column from staff who see only their own', async () => {
    open('/admin/insider-register/pa-deals', 12);
    const table = await screen.findByRole('table', { name: 'Personal account deals' }, FIRST_RENDER);
    await within(table).findByRole('row', { name: /Zed Ltd/ }, FIRST_RENDER);
    expect(within(table).queryByRole('columnheader', { name: 'Person' })).toBeNull();
  });

  it('checks the form, then shows the server’s 422 on its field', async () => {
    const user = userEvent.setup();
    const { callsTo } = open('/admin/insider-register/pa-deals/create', 12, {
      'POST /api/pa-deals': json(422, {
        message: 'The quantity field must be a number greater than 0, e.g. 1000 or 250.5.',
        errors: { quantity: ['The quantity field must be a number greater than 0, e.g. 1000 or 250.5.'] },
      }),
    });
    const submit = await screen.findByRole('button', { name: 'Ask for pre-clearance' }, FIRST_RENDER);
    await user.click(submit);
    expect(await screen.findByText('The instrument field is required.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/pa-deals')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Instrument' }), 'Ordinary shares');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Acme Widgets plc');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '1000');
    await user.type(screen.getByRole('textbox', { name: 'Estimated value' }), '2500');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Long-term holding');
    await user.click(submit);
    expect(
      await screen.findByText('The quantity field must be a number greater than 0, e.g. 1000 or 250.5.'),
    ).toBeInTheDocument();
    const [sent] = callsTo('POST', '/api/pa-deals');
    expect(sent?.body).toMatchObject({
      instrument: 'Ordinary shares',
      company_name: 'Acme Widgets plc',
      side: 'buy',
      quantity: '1000',
      estimated_value: '2500',
      currency: 'GBP',
      reason: 'Long-term holding',
    });
  });

  it('lets compliance refuse someone else’s request with a reason', async () => {
    const user = userEvent.setup();
    const { callsTo } = open('/admin/insider-register/pa-deals/6', 1, {
      'GET /api/pa-deals/6': json(200, { data: WARNED }),
      'POST /api/pa-deals/6/refuse': json(200, { data: { id: 6 } }),
    });
    expect(
      await screen.findByText('Grace Li: Insider on the list of Zed Series A.', {}, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this deal?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Closed period');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(callsTo('POST', '/api/pa-deals/6/refuse')).toHaveLength(1));
    expect(callsTo('POST', '/api/pa-deals/6/refuse')[0]?.body).toEqual({ reason: 'Closed period' });
  });

  it('offers no decision on one’s own request, but its withdrawal after a confirmation', async () => {
    const user = userEvent.setup();
    const own = deal({ id: 8, user: { id: ME, name: 'Alex Morgan' } });
    const { callsTo } = open('/admin/insider-register/pa-deals/8', 1, {
      'GET /api/pa-deals/8': json(200, { data: own }),
      'POST /api/pa-deals/8/withdraw': json(200, { data: { id: 8 } }),
    });
    const withdraw = await screen.findByRole('button', { name: 'Withdraw' }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refuse' })).toBeNull();
    await user.click(withdraw);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(callsTo('POST', '/api/pa-deals/8/withdraw')).toHaveLength(1));
  });

  it('records the execution of one’s own approved deal and shows a late date’s 422', async () => {
    const user = userEvent.setup();
    const approved = deal({
      id: 9,
      user: { id: ME, name: 'Grace Li' },
      status: 'approved',
      approved_on: '2026-11-20',
      clearance_expires_on: '2026-11-24',
      events: [
        {
          id: 1,
          kind: 'approved',
          reason: 'Fine',
          executed_on: null,
          price: null,
          quantity: null,
          actor: { id: 1, name: 'Alex Morgan' },
          created_at: '2026-11-20T11:00:00.000000Z',
        },
      ],
    });
    const late = 'Pre-clearance covered trades until 2026-11-24: declare the deal again.';
    const { callsTo } = open('/admin/insider-register/pa-deals/9', 11, {
      'GET /api/pa-deals/9': json(200, { data: approved }),
      'POST /api/pa-deals/9/execute': json(422, { message: late, errors: { executed_on: [late] } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Record execution' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Record the execution' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Price' }), '2.45');
    await user.click(within(dialog).getByRole('button', { name: 'Record execution' }));
    expect(await within(dialog).findByText(late)).toBeInTheDocument();
    expect(callsTo('POST', '/api/pa-deals/9/execute')[0]?.body).toEqual({
      executed_on: '2026-11-20',
      price: '2.45',
      quantity: '1000',
    });
  });
});
