import type { PromotionException } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';
import { INVESTOR } from '../compliance/compliance-test-data';

const exemption = (overrides: Partial<PromotionException> = {}): PromotionException => ({
  id: 11,
  investor_id: 7,
  type: 'certified_high_net_worth',
  type_label: 'Certified high net worth individual (FPO art. 48)',
  description: null,
  evidence_reference: 'HNW statement, signed',
  document: null,
  effective_on: '2026-03-01',
  expires_on: '2027-03-01',
  status: 'valid',
  recorded_by: { id: 40, name: 'Tom Fletcher' },
  recorded_at: '2026-03-01T10:00:00.000000Z',
  withdrawn_at: null,
  withdrawn_by: null,
  withdrawal_reason: null,
  ...overrides,
});

function openStaff(roleId: 1 | 12, routes: Record<string, MockReply | MockReply[]> = {}, features = true) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40, name: 'Tom Fletcher' }) }),
    'GET /api/branding': json(200, {
      data: brandingWithFeatures(features ? ['financialPromotionExceptions'] : []),
    }),
    'GET /api/investors/7': json(200, { data: INVESTOR }),
    'GET /api/investors/7/activity': json(200, paginated([])),
    'GET /api/investors/7/documents': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp('/admin/investors/7/details/promotion-exemptions') };
}

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('the Promotion Exemptions tab', { timeout: 30_000 }, () => {
  it('lists current and past exemptions with their status, and an empty state', async () => {
    openStaff(1, {
      'GET /api/investors/7/promotion-exceptions': json(200, {
        data: [
          exemption(),
          exemption({
            id: 10,
            type: 'self_certified_sophisticated',
            type_label: 'Self-certified sophisticated investor (FPO art. 50A)',
            status: 'withdrawn',
            withdrawn_at: '2026-02-01T10:00:00.000000Z',
            withdrawn_by: { id: 40, name: 'Tom Fletcher' },
            withdrawal_reason: 'Wrong form',
          }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Promotion exemptions' });
    expect(
      await within(table).findByText('Certified high net worth individual (FPO art. 48)'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Valid')).toBeInTheDocument();
    expect(within(table).getByText('Withdrawn')).toBeInTheDocument();
    // a withdrawn exemption cannot be withdrawn again
    expect(within(table).getAllByRole('button', { name: /^Withdraw / })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Promotion Exemptions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows the empty state', async () => {
    openStaff(1, { 'GET /api/investors/7/promotion-exceptions': json(200, { data: [] }) });
    expect(await screen.findByText('No exemption recorded')).toBeInTheDocument();
  });

  it('records an exemption, with the description an "other" one needs', async () => {
    const { callsTo } = openStaff(1, {
      'GET /api/investors/7/promotion-exceptions': json(200, { data: [] }),
      'POST /api/investors/7/promotion-exceptions': json(201, {
        data: exemption({
          type: 'other',
          type_label: 'Existing customer or other exemption',
          expires_on: null,
        }),
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record exemption' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a promotion exemption' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Exemption' }));
    await user.click(await screen.findByRole('option', { name: 'Existing customer or other exemption' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Evidence reference' }), 'Client file 42');
    await user.click(within(dialog).getByRole('button', { name: 'Record exemption' }));
    // "other" needs a description: refused before sending
    expect(await within(dialog).findByText(/Describe the exemption/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/investors/7/promotion-exceptions')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Customer since 2019');
    await user.click(within(dialog).getByRole('button', { name: 'Record exemption' }));
    await waitFor(() => expect(callsTo('POST', '/api/investors/7/promotion-exceptions')).toHaveLength(1));
    expect(callsTo('POST', '/api/investors/7/promotion-exceptions')[0]?.body).toMatchObject({
      type: 'other',
      description: 'Customer since 2019',
      evidence_reference: 'Client file 42',
      expires_on: null,
    });
  });

  it('withdraws an exemption with a reason, after the confirmation', async () => {
    const { callsTo } = openStaff(1, {
      'GET /api/investors/7/promotion-exceptions': json(200, { data: [exemption()] }),
      'POST /api/promotion-exceptions/11/withdraw': json(200, {
        data: exemption({ status: 'withdrawn', withdrawal_reason: 'Left the country' }),
      }),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Withdraw Certified high net worth individual (FPO art. 48)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this exemption?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Left the country');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw exemption' }));
    await waitFor(() => expect(callsTo('POST', '/api/promotion-exceptions/11/withdraw')).toHaveLength(1));
    expect(callsTo('POST', '/api/promotion-exceptions/11/withdraw')[0]?.body).toEqual({
      reason: 'Left the country',
    });
  });

  it('is not a tab while the feature is off: its page is not found', async () => {
    openStaff(1, {}, false);
    expect(await screen.findByText("Sorry that page doesn't seem to exist")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Promotion Exemptions' })).not.toBeInTheDocument();
  });
});

function openInvestor(exemptionReply: unknown, features: string[] = ['financialPromotionExceptions']) {
  setXsrfCookie('token');
  return mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, {
      data: brandingWithFeatures(features as Parameters<typeof brandingWithFeatures>[0]),
    }),
    'GET /api/stats/overview': json(503, {}),
    'GET /api/notifications': json(200, { data: [] }),
    'GET /api/opportunities': json(200, paginated([])),
    'GET /api/profile/investments': json(200, { data: [] }),
    'GET /api/profile/pre-emption': json(200, { data: [] }),
    'GET /api/profile/promotion-exemption': json(200, { data: exemptionReply }),
  });
}

describe('the investor’s opportunities while exemptions are required', { timeout: 30_000 }, () => {
  it('explains an empty list by the missing exemption', async () => {
    openInvestor({ required: true, valid: false, expires_on: null });
    renderApp('/investor/investments');
    expect(await screen.findByText(/once we have recorded your exemption/)).toBeInTheDocument();
    expect(screen.getByText(/Your existing investments and portfolio are not affected/)).toBeInTheDocument();
  });

  it('says nothing to an investor with a valid exemption', async () => {
    openInvestor({ required: true, valid: true, expires_on: '2027-03-01' });
    renderApp('/investor/investments');
    await screen.findByRole('heading', { name: /Open/ });
    await waitFor(() =>
      expect(screen.queryByText(/once we have recorded your exemption/)).not.toBeInTheDocument(),
    );
  });

  it('does not ask while the feature is off', async () => {
    const { callsTo } = openInvestor({ required: false, valid: false, expires_on: null }, []);
    renderApp('/investor/investments');
    await screen.findByRole('heading', { name: /Open/ });
    expect(screen.queryByText(/once we have recorded your exemption/)).not.toBeInTheDocument();
    expect(callsTo('GET', '/api/profile/promotion-exemption')).toHaveLength(0);
  });
});
