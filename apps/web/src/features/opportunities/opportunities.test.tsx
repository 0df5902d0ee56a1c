import type { RoleId } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };

/** Puts text into a field at once: typing it key by key is slow in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const BASE = {
  slug: 'northwind-hydrogen',
  company_name: 'Northwind Hydrogen Ltd',
  summary: 'Green hydrogen for ports.',
  currency: 'GBP',
  target_amount: '1500000.00',
  maximum_amount: '2000000.00',
  minimum_investment: '5000.00',
  committed_amount: '930000.00',
  share_price: '3.200000',
  share_class: 'Ordinary',
  tax_relief: 'eis',
  closing_date: '2031-03-31',
  type: null,
  sub_type: null,
  industry: { id: 4, name: 'Clean Energy' },
  category: null,
  character: null,
  cover_image_url: null,
  pipeline_deal_id: null,
  published_at: null,
  closed_at: null,
  completed_at: null,
  matured_at: null,
  created_at: '2026-01-01T10:00:00.000000Z',
  updated_at: '2026-01-01T10:00:00.000000Z',
};
const row = (id: number, name: string, status: number) => ({ ...BASE, id, name, status, stage: status });
const PAGE = {
  description: '<p>About <strong>Northwind</strong></p>',
  key_points: [{ id: 1, text: 'Grants secured' }],
  key_dates: [],
  team_members: [],
  gallery: [],
  faqs: [],
  public_documents: [],
};
const DRAFT = { ...row(7, 'Tidewater Robotics', 1), ...PAGE };

function open(
  path: string,
  { role = 1, routes = {} }: { role?: RoleId; routes?: Record<string, MockReply | MockReply[]> } = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(role, { id: 40, name: 'Alex Morgan' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
    'GET /api/opportunities': json(
      200,
      paginated([
        row(7, 'Tidewater Robotics', 1),
        row(8, 'Northwind Hydrogen', 2),
        row(9, 'Harbour Lane Coffee', 5),
      ]),
    ),
    'GET /api/industries': json(200, paginated([{ id: 4, name: 'Clean Energy' }])),
    'GET /api/investment-types': json(200, paginated([{ id: 2, name: 'Equity' }])),
    'GET /api/opportunities/7': json(200, { data: DRAFT }),
    'GET /api/opportunities/7/documents': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/opportunities-list-page'),
    import('./pages/new-opportunity-page'),
    import('./pages/opportunity-record-page'),
    import('./pages/opportunity-edit-page'),
  ]);
}, 60_000);

describe('opportunities', { timeout: 60_000 }, () => {
  it('list each with its status and progress, linking by stage', async () => {
    const { callsTo } = open('/admin/investments/opportunities?status=2');
    const table = await screen.findByRole('table', { name: 'Opportunities' }, FIRST_RENDER);
    expect(await within(table).findByRole('link', { name: 'Tidewater Robotics' })).toHaveAttribute(
      'href',
      '/admin/investments/opportunities/7/edit',
    );
    expect(within(table).getByRole('link', { name: 'Northwind Hydrogen' })).toHaveAttribute(
      'href',
      '/admin/investments/opportunities/8/details',
    );
    expect(within(table).getByRole('link', { name: 'Harbour Lane Coffee' })).toHaveAttribute(
      'href',
      '/admin/investments/existing/9/details',
    );
    expect(within(table).getAllByText('Live - External')).toHaveLength(1);
    expect(
      within(table).getAllByRole('progressbar', { name: '£930,000.00 committed of £1,500,000.00 (62%)' }),
    ).toHaveLength(2);
    // a completed round's money is what it raised
    expect(
      within(table).getByRole('progressbar', { name: '£930,000.00 raised of £1,500,000.00 (62%)' }),
    ).toBeInTheDocument();
    const query = callsTo('GET', '/api/opportunities')[0]?.path ?? '';
    expect(decodeURIComponent(query)).toContain('filter[status]=2');
    expect(screen.getByRole('link', { name: 'New opportunity' })).toBeInTheDocument();
  });

  it('offer no New opportunity to a role that may only read', async () => {
    open('/admin/investments/opportunities', { role: 10 });
    await screen.findByRole('table', { name: 'Opportunities' }, FIRST_RENDER);
    expect(screen.queryByRole('link', { name: 'New opportunity' })).not.toBeInTheDocument();
  });

  it('check the amounts as the contract does, then create a draft and open its edit page', async () => {
    const { callsTo, router } = open('/admin/investments/opportunities/new-opportunity', {
      routes: {
        'POST /api/opportunities': [
          json(422, {
            message: 'The target amount must not be more than the maximum amount.',
            errors: { target_amount: ['The target amount must not be more than the maximum amount.'] },
          }),
          json(201, { data: DRAFT }),
        ],
      },
    });
    const form = await screen.findByRole('form', { name: 'New opportunity' }, FIRST_RENDER);
    const user = userEvent.setup();
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Tidewater Robotics');
    await fill(user, within(form).getByRole('textbox', { name: 'Company' }), 'Tidewater Robotics Ltd');
    await fill(user, within(form).getByRole('textbox', { name: 'Target raise' }), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect(within(form).getByRole('textbox', { name: 'Target raise' })).toHaveAccessibleDescription(
      expect.stringContaining('must be an amount in pounds and pence'),
    );
    expect(callsTo('POST', '/api/opportunities')).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: 'Target raise' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Target raise' }), '500000');
    await fill(user, within(form).getByRole('textbox', { name: 'Maximum raise' }), '400000');
    await fill(user, within(form).getByRole('textbox', { name: 'Minimum investment' }), '1000');
    await fill(user, within(form).getByRole('textbox', { name: 'Share price' }), '0.85');
    // GBP unless another is chosen: the list is searched by name, and the amounts then show its symbol
    const currency = within(form).getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('GBP – British Pound');
    expect(within(form).getAllByText('£')).toHaveLength(4);
    await user.clear(currency);
    await user.type(currency, 'euro');
    await user.click(await screen.findByRole('option', { name: 'EUR – Euro' }));
    expect(currency).toHaveValue('EUR – Euro');
    expect(within(form).getAllByText('€')).toHaveLength(4);
    expect(within(form).queryByText('£')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Tax relief' }));
    await user.click(await screen.findByRole('option', { name: 'SEIS' }));
    const closing = within(form).getByLabelText(/Closing date/);
    await fill(user, closing, '2031-03-31');
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Target raise' })).toHaveAccessibleDescription(
        'The target amount must not be more than the maximum amount.',
      ),
    );
    expect(callsTo('POST', '/api/opportunities')[0]?.body).toEqual({
      name: 'Tidewater Robotics',
      company_name: 'Tidewater Robotics Ltd',
      target_amount: '500000',
      maximum_amount: '400000',
      minimum_investment: '1000',
      share_price: '0.85',
      tax_relief: 'seis',
      closing_date: '2031-03-31',
      currency: 'EUR',
    });

    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investments/opportunities/7/edit'),
    );
  });

  it('start a new round of an existing investment, filled in from it, made with its pre-emption', async () => {
    const { callsTo, router } = open('/admin/investments/opportunities/new-opportunity?round_of=9', {
      routes: {
        'GET /api/opportunities/9': json(200, {
          data: { ...row(9, 'Northwind Hydrogen – Seed', 5), ...PAGE },
        }),
        'POST /api/opportunities': json(201, { data: DRAFT }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'New round' }, FIRST_RENDER)).toBeInTheDocument();
    expect(
      await screen.findByText(/A draft raising again for Northwind Hydrogen – Seed/),
    ).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'New opportunity' });
    expect(within(form).getByRole('textbox', { name: 'Company' })).toHaveValue('Northwind Hydrogen Ltd');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Northwind Hydrogen – Seed – new round',
    );
    expect(within(form).getByRole('textbox', { name: 'Target raise' })).toHaveValue('');
    const user = userEvent.setup();
    await fill(user, within(form).getByRole('textbox', { name: 'Target raise' }), '800000');
    await fill(user, within(form).getByRole('textbox', { name: 'Maximum raise' }), '1000000');
    await user.clear(within(form).getByRole('textbox', { name: 'Share price' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Share price' }), '4.10');
    await fill(user, within(form).getByLabelText(/Closing date/), '2031-09-30');
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/investments/opportunities/7/edit'),
    );
    expect(callsTo('POST', '/api/opportunities')[0]?.body).toEqual({
      pre_emption_of_id: 9,
      name: 'Northwind Hydrogen – Seed – new round',
      company_name: 'Northwind Hydrogen Ltd',
      target_amount: '800000',
      maximum_amount: '1000000',
      minimum_investment: '5000.00',
      share_price: '4.10',
      share_class: 'Ordinary',
      tax_relief: 'eis',
      closing_date: '2031-09-30',
      industry_id: 4,
      currency: 'GBP',
    });
  });

  it('offer no new round of an opportunity that is not an existing investment', async () => {
    const { callsTo } = open('/admin/investments/opportunities/new-opportunity?round_of=8', {
      routes: {
        'GET /api/opportunities/8': json(200, { data: { ...row(8, 'Northwind Hydrogen', 2), ...PAGE } }),
      },
    });
    expect(
      await screen.findByRole('alert', { name: 'Not an existing investment' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New opportunity' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/opportunities')).toHaveLength(0);
  });

  it('edit a draft: its details, then a key point added through its dialog', async () => {
    const { callsTo } = open('/admin/investments/opportunities/7/edit', {
      routes: {
        'PATCH /api/opportunities/7': json(200, { data: { ...DRAFT, share_class: 'A Ordinary' } }),
        'POST /api/opportunities/7/key-points': json(201, { data: { id: 2, text: 'Patent filed' } }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Opportunity details' }, FIRST_RENDER);
    expect(screen.getByRole('heading', { level: 1, name: 'Tidewater Robotics' })).toBeInTheDocument();
    // the currency was chosen with the draft: shown, never changed or sent again
    expect(within(form).getByRole('textbox', { name: 'Currency' })).toHaveValue('GBP – British Pound');
    expect(within(form).getByRole('textbox', { name: 'Currency' })).toHaveAttribute('readonly');
    expect(within(form).queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    const shareClass = within(form).getByRole('textbox', { name: 'Share class' });
    await user.clear(shareClass);
    await fill(user, shareClass, 'A Ordinary');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo('PATCH', '/api/opportunities/7')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/opportunities/7')[0]?.body).toEqual({ share_class: 'A Ordinary' });

    const points = screen.getByRole('region', { name: 'Key points' });
    expect(within(points).getByText('Grants secured')).toBeInTheDocument();
    await user.click(within(points).getByRole('button', { name: 'Add key point' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add key point' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Key point' }), 'Patent filed');
    await user.click(within(dialog).getByRole('button', { name: 'Add key point' }));
    await waitFor(() => expect(callsTo('POST', '/api/opportunities/7/key-points')).toHaveLength(1));
    expect(callsTo('POST', '/api/opportunities/7/key-points')[0]?.body).toEqual({ text: 'Patent filed' });
  });
});
