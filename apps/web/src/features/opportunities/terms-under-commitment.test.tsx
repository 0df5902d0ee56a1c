import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

/*
 * Issue 18, terms that cannot move under a commitment (decision 021): the key-information edit shows the
 * server's refusals on their fields, and a live round is re-priced through a dialog that shows each
 * investment's new shares and amount before anything changes.
 */

const FIRST_RENDER = { timeout: 15_000 };

async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const LIVE = {
  id: 8,
  slug: 'northwind-hydrogen',
  name: 'Northwind Hydrogen',
  company_name: 'Northwind Hydrogen Ltd',
  status: 2,
  stage: 2,
  summary: 'Green hydrogen for ports.',
  currency: 'GBP',
  target_amount: '8000.00',
  maximum_amount: '10000.00',
  minimum_investment: '100.00',
  committed_amount: '6000.00',
  remaining_amount: '4000.00',
  share_price: '1.250000',
  share_class: 'Ordinary',
  tax_relief: 'eis',
  closing_date: '2031-03-31',
  type: null,
  sub_type: null,
  industry: null,
  category: null,
  character: null,
  cover_image_url: null,
  pipeline_deal_id: null,
  published_at: '2026-01-01T10:00:00.000000Z',
  closed_at: null,
  completed_at: null,
  matured_at: null,
  created_at: '2026-01-01T10:00:00.000000Z',
  updated_at: '2026-01-01T10:00:00.000000Z',
  description: null,
  key_points: [],
  key_dates: [],
  team_members: [],
  gallery: [],
  faqs: [],
  public_documents: [],
};

const line = (id: number, name: string, before: [string, string], after: [string, string]) => ({
  investment_id: id,
  investor: { id: id + 100, name },
  type: 'platform',
  status: 'reserved',
  paid_amount: '0.00',
  shares_before: before[0],
  amount_before: before[1],
  shares_after: after[0],
  amount_after: after[1],
  problem: null,
});

const PREVIEW = {
  opportunity_id: 8,
  currency: 'GBP',
  old_price: '1.250000',
  new_price: '1.50',
  committed_before: '6000.00',
  committed_after: '5998.50',
  investments: [
    line(1, 'Ada Investor', ['4000.000000', '5000.00'], ['3333', '4999.50']),
    line(2, 'Ben Investor', ['800.000000', '1000.00'], ['666', '999.00']),
  ],
  problems: [],
};

function open(routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(1, { id: 40, name: 'Alex Morgan' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
    'GET /api/opportunities/8': json(200, { data: LIVE }),
    'GET /api/opportunities/8/documents': json(200, { data: [] }),
    'GET /api/opportunities/8/invitations': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp('/admin/investments/opportunities/8/details') };
}

describe('a live round’s terms', () => {
  it('the key-information edit shows the server’s refusals on the maximum and the share price', async () => {
    const floor = 'The maximum cannot be lower than £6,000.00: that much is already committed.';
    const price =
      'Investments have been made in this round at £1.25 a share, so the price cannot be edited here: use Re-price, which recomputes every investment’s shares at the new price and tells each investor.';
    open({
      'PATCH /api/opportunities/8': json(422, {
        message: floor,
        errors: { maximum_amount: [floor], share_price: [price] },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }, FIRST_RENDER));
    const form = await screen.findByRole('form', { name: 'Opportunity details' });
    const maximum = within(form).getByRole('textbox', { name: 'Maximum raise' });
    await user.clear(maximum);
    await fill(user, maximum, '5000');
    const sharePrice = within(form).getByRole('textbox', { name: 'Share price' });
    await user.clear(sharePrice);
    await fill(user, sharePrice, '2');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(maximum).toHaveAccessibleDescription(floor));
    expect(sharePrice).toHaveAccessibleDescription(expect.stringContaining(price));
  });

  it('is re-priced through a dialog that previews each investment, then sends the price and the reason', async () => {
    const { callsTo } = open({
      'GET /api/opportunities/8/repricing-preview': json(200, { data: PREVIEW }),
      'POST /api/opportunities/8/repricings': json(201, {
        data: {
          id: 1,
          opportunity_id: 8,
          old_price: '1.250000',
          new_price: '1.500000',
          reason: 'Valuation agreed',
          repriced_by: { id: 40, name: 'Alex Morgan' },
          created_at: '2026-11-27T10:00:00.000000Z',
          investments: PREVIEW.investments.map(
            ({ investment_id, investor, shares_before, amount_before, shares_after, amount_after }) => ({
              investment_id,
              investor,
              shares_before,
              amount_before,
              shares_after,
              amount_after,
            }),
          ),
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-price' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Re-price Northwind Hydrogen' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'New share price' }), '1.50');
    const table = await within(dialog).findByRole('table', { name: 'Each investment at the new price' });
    expect(within(table).getByRole('row', { name: /Ada Investor/ })).toHaveTextContent(
      'Ada Investor4,000£5,000.003,333£4,999.50',
    );
    expect(
      within(dialog).getByText(/Committed: £6,000\.00 now, £5,998\.50 at £1\.50 a share/),
    ).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Valuation agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Re-price 2 investments' }));
    await waitFor(() => expect(callsTo('POST', '/api/opportunities/8/repricings')).toHaveLength(1));
    expect(callsTo('POST', '/api/opportunities/8/repricings')[0]?.body).toEqual({
      share_price: '1.50',
      reason: 'Valuation agreed',
    });
    expect(callsTo('GET', '/api/opportunities/8/repricing-preview')[0]?.path).toBe(
      '/api/opportunities/8/repricing-preview?share_price=1.50',
    );
  });

  it('says why a re-pricing cannot be made and does not offer to make it', async () => {
    const problem =
      'Ben Investor’s £150.00 buys no whole share at £200.00: cancel that investment first, or choose a lower price.';
    open({
      'GET /api/opportunities/8/repricing-preview': json(200, {
        data: {
          ...PREVIEW,
          new_price: '200',
          investments: [{ ...line(2, 'Ben Investor', ['150.000000', '150.00'], ['0', '0.00']), problem }],
          problems: [
            problem,
            'Some investments in this round are completed (their shares allotted): it cannot be re-priced.',
          ],
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Re-price' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Re-price Northwind Hydrogen' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'New share price' }), '200');
    expect(
      await within(dialog).findByText(/Some investments in this round are completed/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(problem)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Re-price 1 investment' })).toBeDisabled();
  });
});
