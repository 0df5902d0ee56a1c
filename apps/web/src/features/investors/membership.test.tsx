import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const INVESTOR = {
  id: 7,
  name: 'Olivia Carter',
  title: null,
  first_name: 'Olivia',
  last_name: 'Carter',
  email: 'investor@portico.test',
  email_verified_at: '2024-05-01T10:15:30.000000Z',
  phone: null,
  date_of_birth: null,
  nationality: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  postcode: null,
  country: null,
  client_type: null,
  lead_status: null,
  owner: null,
  adviser: null,
  source: null,
  category: null,
  category_expires_at: null,
  onboarding_state: 'verified',
  compliance_passed: 0,
  screening_status: 'not_started',
  ni_number: null,
  utr: null,
  bank_account_name: null,
  bank_sort_code: null,
  bank_account_number: null,
  bank_iban: null,
  bank_swift: null,
  status: 'active',
  organisations: [],
  last_login_at: null,
  created_at: '2024-05-01T10:15:30.000000Z',
  updated_at: '2024-05-01T10:15:30.000000Z',
};

const emptyPage = {
  data: [],
  links: { first: '', last: '', prev: null, next: null },
  meta: { current_page: 1, from: null, last_page: 1, path: '', per_page: 20, to: null, total: 0, links: [] },
};

const T = '2024-05-01T10:15:30.000000Z';
const PLAN = {
  id: 3,
  user_id: 7,
  plan_name: 'Angel Club',
  status: 'active',
  started_at: '2026-01-01',
  renews_at: '2027-01-01',
  amount: '120.00',
  currency: 'GBP',
  notes: 'Paid by transfer',
  created_at: T,
  updated_at: T,
};

function open(roleId: 1 | 10, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/investors/7': json(200, { data: INVESTOR }),
    'GET /api/investors/7/activity': json(200, emptyPage),
    ...routes,
  });
  return { ...mock, ...renderApp('/admin/investors/7/details') };
}

const section = async () => screen.findByRole('region', { name: 'Membership' });

describe('the investor’s membership on their record', { timeout: 30_000 }, () => {
  it('is set by staff who may update investors, checked by the contract, and shown after saving', async () => {
    const { callsTo } = open(1, {
      'GET /api/investors/7/subscription': [json(200, { data: null }), json(200, { data: PLAN })],
      'PUT /api/investors/7/subscription': [
        json(422, {
          message: 'The amount field must be an amount with at most two decimals, e.g. 120.00.',
          errors: { amount: ['The amount field must be an amount with at most two decimals, e.g. 120.00.'] },
        }),
        json(200, { data: PLAN }),
      ],
    });
    const membership = await section();
    expect(await within(membership).findByText('No membership plan.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(membership).getByRole('button', { name: 'Set membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Membership' });
    await user.click(within(dialog).getByRole('button', { name: 'Save membership' }));
    expect(within(dialog).getByRole('textbox', { name: 'Plan' })).toHaveAccessibleDescription(
      'The plan field is required.',
    );
    expect(callsTo('PUT', '/api/investors/7/subscription')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Plan' }), 'Angel Club');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save membership' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveAccessibleDescription(
        /at most two decimals/,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Membership' })).toBeNull());
    expect(callsTo('PUT', '/api/investors/7/subscription')[1]?.body).toMatchObject({
      plan_name: 'Angel Club',
      status: 'active',
      amount: '120',
      currency: 'GBP',
      renews_at: '',
    });
    expect(await within(await section()).findByText('Angel Club')).toBeInTheDocument();
    expect(within(await section()).getByText('£120.00')).toBeInTheDocument();
    expect(within(await section()).getByText('Paid by transfer')).toBeInTheDocument();
  });

  it('says so when the membership does not load, and tries again', async () => {
    open(10, {
      'GET /api/investors/7/subscription': [
        json(500, { message: 'Server Error' }),
        json(200, { data: PLAN }),
      ],
    });
    const membership = await section();
    expect(await within(membership).findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(within(membership).queryByRole('button', { name: /membership/ })).toBeNull();
    await userEvent.setup().click(within(membership).getByRole('button', { name: 'Try again' }));
    expect(await within(membership).findByText('Angel Club')).toBeInTheDocument();
    expect(within(membership).getByRole('button', { name: 'Change membership' })).toBeInTheDocument();
  });
});
