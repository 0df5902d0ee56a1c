import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { document, emptyPage, INVESTOR, T } from '../compliance/compliance-test-data';

const step = (key: string, label: string, state: string) => ({
  key,
  label,
  state,
  detail: `${label}: ${state}.`,
  path: '/investor',
  required: true,
});

const check = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 9,
  investor_id: 7,
  provider: 'staff',
  kind: 'uk',
  status,
  details: {
    legal_name: 'Olivia Carter',
    date_of_birth: '1980-02-29',
    nationality: 'GB',
    address_line_1: '14 Orchard Close',
    address_line_2: null,
    city: 'Bath',
    postcode: 'BA1 2QH',
    country: 'GB',
  },
  evidence: [
    {
      field: 'identity_document',
      label: 'Identity document',
      name: 'passport.pdf',
      document: document(31, 'passport.pdf'),
    },
    {
      field: 'proof_of_address',
      label: 'Proof of address',
      name: 'bill.pdf',
      document: document(32, 'bill.pdf'),
    },
  ],
  provider_reference: null,
  decided_by: null,
  decided_at: null,
  reason: null,
  created_at: T,
  ...extra,
});

const onboarding = (identity: ReturnType<typeof check>) => ({
  investor_id: 7,
  ready_to_invest: false,
  steps: [
    step('email', 'Verify your email address', 'done'),
    step('categorisation', 'Investor categorisation', 'done'),
    { ...step('appropriateness', 'Appropriateness test', 'not_required'), required: false },
    step('identity', 'Identity check', identity.status === 'passed' ? 'done' : 'awaiting_review'),
    step('documents', 'Documents', 'awaiting_review'),
    step('terms', 'Terms and conditions', 'done'),
  ],
  evidence: {
    email: { verified_at: T },
    categorisation: {
      id: 3,
      category: 'high_net_worth',
      statement_version: '2024-01',
      status: 'approved',
      signed_at: T,
      expires_at: '2027-05-01T10:15:30.000000Z',
      reason: null,
      recorded_by: { id: 7, name: 'Olivia Carter' },
      reviewed_by: { id: 1, name: 'Ada Admin' },
      reviewed_at: T,
    },
    appropriateness: { passed: false, attempts: 0, passed_at: null },
    identity,
    documents: [
      {
        requirement_id: 2,
        requirement: 'Source of funds',
        required: true,
        status: 'pending',
        reason: null,
        document: document(33, 'funds.pdf'),
        submitted_at: T,
        reviewed_by: null,
        reviewed_at: null,
      },
    ],
    terms: { accepted_version: 1, current_version: 1, accepted_at: T },
  },
});

const screening = (identity: ReturnType<typeof check>, extra: Record<string, unknown> = {}) => ({
  investor_id: 7,
  kind: 'uk',
  outside_uk: false,
  international_check_enabled: false,
  current: identity,
  history: [],
  ...extra,
});

function open(roleId: 1 | 7, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/investors/7': json(200, { data: INVESTOR }),
    'GET /api/investors/7/activity': json(200, emptyPage),
    'GET /api/investors/7/onboarding': json(200, { data: onboarding(check('submitted')) }),
    'GET /api/investors/7/screening': json(200, { data: screening(check('submitted')) }),
    ...routes,
  });
  return { ...mock, ...renderApp('/admin/investors/7/details') };
}

describe('the Onboarding panel on the investor’s record', { timeout: 30_000 }, () => {
  it('shows each step with its state and evidence: who did what, when, and the files', async () => {
    open(1);
    const panel = await screen.findByRole('region', { name: 'Onboarding' });
    expect(await within(panel).findByText('3 of 5 steps done')).toBeInTheDocument();
    const categorisation = within(panel).getByRole('listitem', { name: 'Investor categorisation' });
    expect(within(categorisation).getByText(/statement 2024-01/)).toBeInTheDocument();
    expect(within(categorisation).getByText(/by Olivia Carter/)).toBeInTheDocument();
    expect(within(categorisation).getByText(/by Ada Admin/)).toBeInTheDocument();
    const identity = within(panel).getByRole('listitem', { name: 'Identity check' });
    expect(
      await within(identity).findByRole('link', { name: /Identity document: passport\.pdf/ }),
    ).toHaveAttribute('href', '/files/documents/doc31.pdf?expires=1&signature=x');
    expect(within(identity).getByText(/Olivia Carter, born/)).toBeInTheDocument();
    const documents = within(panel).getByRole('listitem', { name: 'Documents' });
    expect(within(documents).getByRole('link', { name: /funds\.pdf/ })).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Appropriateness test' })).toHaveTextContent(
      'Not required',
    );
  });

  it('passes a check after confirmation', async () => {
    const { callsTo } = open(1, {
      'POST /api/investors/7/screening/9/decision': json(200, {
        data: screening(check('passed', { decided_by: { id: 40, name: 'Tom Fletcher' }, decided_at: T })),
      }),
    });
    const user = userEvent.setup();
    const identity = await screen.findByRole('listitem', { name: 'Identity check' });
    await user.click(await within(identity).findByRole('button', { name: 'Pass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pass the identity check' });
    await user.click(within(dialog).getByRole('button', { name: 'Pass check' }));
    await waitFor(() => expect(callsTo('POST', '/api/investors/7/screening/9/decision')).toHaveLength(1));
    expect(callsTo('POST', '/api/investors/7/screening/9/decision')[0]?.body).toEqual({ decision: 'passed' });
  });

  it('fails a check only with a reason, and sends it', async () => {
    const { callsTo } = open(1, {
      'POST /api/investors/7/screening/9/decision': json(200, { data: screening(check('failed')) }),
    });
    const user = userEvent.setup();
    const identity = await screen.findByRole('listitem', { name: 'Identity check' });
    await user.click(await within(identity).findByRole('button', { name: 'Fail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fail the identity check' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail check' }));
    expect(callsTo('POST', '/api/investors/7/screening/9/decision')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Blurred photo');
    await user.click(within(dialog).getByRole('button', { name: 'Fail check' }));
    await waitFor(() => expect(callsTo('POST', '/api/investors/7/screening/9/decision')).toHaveLength(1));
    expect(callsTo('POST', '/api/investors/7/screening/9/decision')[0]?.body).toEqual({
      decision: 'failed',
      reason: 'Blurred photo',
    });
  });

  it('tells staff which check to run for an investor outside the UK', async () => {
    open(1, {
      'GET /api/investors/7/screening': json(200, {
        data: screening(check('submitted'), { outside_uk: true, international_check_enabled: false }),
      }),
    });
    expect(
      await screen.findByText(/lives outside the UK, but the international check is not enabled/),
    ).toBeInTheDocument();
  });
});
