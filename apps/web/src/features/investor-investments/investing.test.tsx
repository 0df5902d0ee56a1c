import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  mockFetch,
  setXsrfCookie,
  type MockReply,
  type RecordedRequest,
} from '../../testing/fetch-mock';
import { brandingWithFeatures, opportunityFixture, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';
import { investingFixture, myInvestmentFixture, preEmptionFixture } from './investing-test-data';
import { formatMoney } from '../../lib/money';

const OPPORTUNITY = opportunityFixture();

/** GET /api/opportunities answers the live list, or the slug's lookup (the one opportunity, or none). */
function opportunitiesReply(
  list: unknown[],
  bySlug: Record<string, unknown> = { [OPPORTUNITY.slug]: OPPORTUNITY },
) {
  return (request: RecordedRequest) => {
    const params = new URL(request.path, 'http://localhost').searchParams;
    const slug = params.get('filter[slug]');
    if (slug !== null) return json(200, paginated(bySlug[slug] ? [bySlug[slug]] : []));
    return json(200, paginated(list));
  };
}

function open(path: string, routes: Record<string, MockReply | MockReply[]>) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, {
      data: brandingWithFeatures([], { risk_warning_text: 'Capital at risk.' }),
    }),
    'GET /api/stats/overview': json(503, {}),
    'GET /api/notifications': json(200, { data: [] }),
    'GET /api/opportunities': opportunitiesReply([OPPORTUNITY]),
    'GET /api/opportunities/41': json(200, { data: OPPORTUNITY }),
    'GET /api/profile/investments': json(200, { data: [] }),
    'GET /api/profile/investing/41': json(200, { data: investingFixture() }),
    'GET /api/profile/pre-emption': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

afterEach(() => vi.useRealTimers());

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('the investor’s investing journey', { timeout: 30_000 }, () => {
  it('lists the live opportunities as cards and the allocations in progress, and withdraws a reserved one', async () => {
    const awaiting = myInvestmentFixture({
      id: 902,
      status: 'awaiting_payment',
      amount: '2500.00',
      shares: '2000',
      payment_reference: 'PTC-41-902',
      cash_call: { due_date: '2026-12-15', message: 'Please pay by the due date.' },
      bank_details: {
        account_name: 'Harbour Client Account',
        sort_code: '123456',
        account_number: '12345678',
      },
    });
    const { callsTo } = open('/investor/investments', {
      'GET /api/profile/investments': [
        json(200, { data: [myInvestmentFixture(), awaiting] }),
        json(200, { data: [awaiting] }),
      ],
      'POST /api/profile/investments/901/cancel': json(200, {
        data: { ...myInvestmentFixture(), status: 'cancelled' },
      }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Investments' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Investor navigation' });
    expect(within(nav).getByRole('link', { name: 'Investments' })).toHaveAttribute('aria-current', 'page');

    const card = await screen.findByRole('article', { name: 'Harbour Robotics Series A' });
    // asked once the card is there: the heading may draw before the list is asked for
    expect(callsTo('GET', '/api/opportunities')[0]?.path).toContain('filter%5Bstatus%5D=2%2C3');
    expect(within(card).getByText('Harbour Robotics Ltd')).toBeInTheDocument();
    expect(within(card).getByText('EIS')).toBeInTheDocument();
    expect(within(card).getByText('£1,000.00')).toBeInTheDocument();
    expect(within(card).getByText('31 Dec 2026')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAccessibleName(
      '£125,000.00 committed of £500,000.00 (25%)',
    );
    expect(within(card).getByRole('link', { name: 'View opportunity' })).toHaveAttribute(
      'href',
      '/investor/investments/harbour-robotics',
    );

    const allocations = screen.getByRole('region', { name: 'My Reserved Allocations' });
    const rows = await within(allocations).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('My Reserved Allocations')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('4,000')).toBeInTheDocument();
    const payment = within(rows[1] as HTMLElement).getByRole('region', { name: 'Payment details' });
    expect(within(rows[1] as HTMLElement).getByText('Cash Call - Awaiting Payment')).toBeInTheDocument();
    expect(within(payment).getByText('Please pay £2,500.00')).toBeInTheDocument();
    expect(within(payment).getByText('15 Dec 2026')).toBeInTheDocument();
    expect(within(payment).getByText('PTC-41-902')).toBeInTheDocument();
    // the sort code in pairs, as the cash-call email writes it, and copy buttons beside what is typed
    expect(within(payment).getByText('12-34-56')).toBeInTheDocument();
    for (const name of ['Copy payment reference', 'Copy sort code', 'Copy account number'])
      expect(within(payment).getByRole('button', { name })).toBeInTheDocument();
    expect(within(payment).queryByText('IBAN')).not.toBeInTheDocument();
    // Awaiting payment cannot be withdrawn by the investor.
    expect(
      within(rows[1] as HTMLElement).queryByRole('button', { name: /Withdraw/ }),
    ).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: /Withdraw allocation/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this allocation?' });
    expect(dialog).toHaveTextContent(
      '£5,000.00 (4,000 shares) in Harbour Robotics Series A will be withdrawn',
    );
    expect(callsTo('POST', '/api/profile/investments/901/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw allocation' }));
    expect(await screen.findByText(/is withdrawn\./)).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/investments/901/cancel')).toHaveLength(1);
    await waitFor(() => expect(within(allocations).getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows an allocation’s money in its opportunity’s currency', async () => {
    const awaiting = myInvestmentFixture({
      id: 903,
      status: 'awaiting_payment',
      amount: '2500.00',
      paid_amount: '500.00',
      cash_call: { due_date: '2026-12-15', message: null },
      opportunity: { id: 41, slug: 'harbour-robotics', name: 'Harbour Robotics Series A', currency: 'EUR' },
    });
    open('/investor/investments', { 'GET /api/profile/investments': json(200, { data: [awaiting] }) });
    const payment = await screen.findByRole('region', { name: 'Payment details' });
    expect(within(payment).getByText(`Please pay ${formatMoney('2000.00', 'EUR')}`)).toBeInTheDocument();
    expect(within(payment).getByText(formatMoney('500.00', 'EUR'))).toBeInTheDocument();
    expect(payment).not.toHaveTextContent('£');
  });

  it('says so when no opportunity is open, in the deployment’s words', async () => {
    open('/investor/investments', { 'GET /api/opportunities': opportunitiesReply([]) });
    expect(
      await screen.findByText(/There are no investment opportunities open to you at the moment/),
    ).toBeInTheDocument();
    expect(await screen.findByText('You have no allocations in progress.')).toBeInTheDocument();
  });

  it('answers 404 for a slug the investor may not see', async () => {
    open('/investor/investments/someone-elses-round', {});
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });

  it('moves a link with the slug the opportunity had before to its current slug', async () => {
    const { router } = open('/investor/investments/harbour-robotics-old', {
      'GET /api/opportunities': opportunitiesReply([OPPORTUNITY], {
        'harbour-robotics-old': OPPORTUNITY,
        [OPPORTUNITY.slug]: OPPORTUNITY,
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Robotics Series A' })).toBeVisible();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/investor/investments/harbour-robotics'),
    );
  });

  it('shows the opportunity, the risk warning, and what is missing before the investor may invest', async () => {
    open('/investor/investments/harbour-robotics', {
      'GET /api/profile/investing/41': json(200, {
        data: investingFixture({
          can_invest: false,
          reasons: [
            { code: 'identity', message: 'Verify your identity.', href: '/investor/profile/identity' },
            { code: 'terms', message: 'Accept the platform terms.', href: null },
          ],
        }),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Robotics Series A' })).toHaveFocus();
    expect(screen.getByText('Contracts with three ports')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Risk warning' })).toHaveTextContent('Capital at risk.');
    const missing = await screen.findByRole('region', { name: 'Before you can invest' });
    expect(within(missing).getByRole('link', { name: 'Verify your identity.' })).toHaveAttribute(
      'href',
      '/investor/profile/identity',
    );
    expect(within(missing).getByText('Accept the platform terms.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reserve An Allocation' })).not.toBeInTheDocument();
  });

  it('records the first-investment warning once shown, its acknowledgement, and counts down the server’s cooling-off', async () => {
    const text =
      'Olivia, this is a high-risk investment. How would you feel if you lost the money you’re about to invest? Take 2 min to learn more.';
    const shown = {
      text,
      shown_at: '2026-11-26T08:00:00.000000Z',
      acknowledged_at: null,
      cooling_off_ends_at: '2026-11-27T08:00:00.000000Z',
    };
    const acknowledged = { ...shown, acknowledged_at: '2026-11-26T08:01:00.000000Z' };
    const coolingOff = {
      can_invest: false,
      first_investment: true,
      reasons: [{ code: 'cooling_off', message: 'Your cooling-off period ends on 27 November.', href: null }],
    };
    const { callsTo } = open('/investor/investments/harbour-robotics', {
      'GET /api/profile/investing/41': [
        json(200, {
          data: investingFixture({ ...coolingOff, risk_warning: null, cooling_off_seconds_left: 0 }),
        }),
        json(200, {
          data: investingFixture({ ...coolingOff, risk_warning: shown, cooling_off_seconds_left: 86_340 }),
        }),
        json(200, {
          data: investingFixture({
            ...coolingOff,
            risk_warning: acknowledged,
            cooling_off_seconds_left: 86_280,
          }),
        }),
      ],
      'POST /api/profile/first-investment-warning': (request) =>
        json(200, {
          data: (request.body as { action: string }).action === 'shown' ? shown : acknowledged,
        }),
    });

    const warning = await screen.findByRole('region', { name: 'Before your first investment' });
    expect(warning).toHaveTextContent(text);
    await waitFor(() => expect(callsTo('POST', '/api/profile/first-investment-warning')).toHaveLength(1));
    expect(callsTo('POST', '/api/profile/first-investment-warning')[0]?.body).toEqual({
      opportunity_id: 41,
      action: 'shown',
    });
    // The countdown is the server's figure (23 h 59 min), not anything the browser's date says.
    expect(await screen.findByRole('timer')).toHaveTextContent('Time left: 23 h 59 min');
    // The cooling-off reason is explained by the countdown rather than repeated.
    expect(screen.queryByText('Your cooling-off period ends on 27 November.')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(warning).getByRole('button', { name: 'I understand' }));
    expect(await within(warning).findByText(/You acknowledged this warning/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/first-investment-warning')[1]?.body).toEqual({
      opportunity_id: 41,
      action: 'acknowledged',
    });
    expect(callsTo('POST', '/api/profile/first-investment-warning')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Reserve An Allocation' })).not.toBeInTheDocument();
  });

  it('goes through how it is held and how much, confirms, and reserves with an idempotency key', async () => {
    const investing = investingFixture({
      terms_required: true,
      opportunity: {
        ...investingFixture().opportunity,
        investment_terms: 'You agree to hold for three years.',
      },
      holding_options: [
        { type: 'self', id: null, name: 'Olivia Carter' },
        { type: 'organisation', id: 12, name: 'Carter Holdings Ltd' },
      ],
    });
    const created = {
      id: 950,
      opportunity_id: 41,
      amount: '4998.75',
      shares: '3999',
      status: 'reserved',
      holding: { type: 'organisation', id: 12, name: 'Carter Holdings Ltd' },
      payment_reference: 'PTC-41-950',
      created_at: '2026-11-26T08:00:00.000000Z',
    };
    const { callsTo, router } = open('/investor/investments/harbour-robotics', {
      'GET /api/profile/investing/41': json(200, { data: investing }),
      'POST /api/investments': [
        json(422, {
          message: 'Only £5,000.00 remains',
          errors: { amount: ['Only £5,000.00 remains'] },
        }),
        () => Promise.reject(new TypeError('Failed to fetch')),
        json(201, { data: created }),
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Reserve An Allocation' }));

    // Step 1: own name preselected, the organisation offered.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How will you hold this investment?' }),
    ).toHaveFocus();
    expect(screen.getByRole('radio', { name: /In my own name/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Through Carter Holdings Ltd/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 2: the amount, live whole shares and their exact cost.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How much would you like to invest?' }),
    ).toHaveFocus();
    expect(router.state.location.search).toBe('?holding=organisation%3A12');
    const amount = screen.getByRole('textbox', { name: /Amount to invest/ });
    expect(amount).toHaveAccessibleDescription(/Minimum £1,000.00 · up to £5,000.00 remaining/);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(amount).toHaveAccessibleDescription(/Please enter the amount you would like to invest\./);
    expect(
      screen.getByRole('checkbox', { name: /I have read and accept the investment terms/ }),
    ).toHaveAccessibleDescription(/Please confirm that you accept the investment terms\./);

    await user.type(amount, '5,000.10');
    expect(
      screen.getByText('4,000 shares at £1.25: £5,000.00 (rounded down to whole shares).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept the investment terms/ }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm your investment' });
    expect(dialog).toHaveTextContent('Through Carter Holdings Ltd');
    expect(dialog).toHaveTextContent('4,000');
    expect(callsTo('POST', '/api/investments')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reserve An Allocation' }));

    // The server refuses: its sentence goes on the amount, and nothing is reserved.
    expect(await screen.findByText('Only £5,000.00 remains')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(/Only £5,000\.00 remains/);
    const [first] = callsTo('POST', '/api/investments');
    expect(first?.body).toEqual({
      opportunity_id: 41,
      amount: '5000.10',
      holding: { type: 'organisation', organisation_id: 12 },
      terms_accepted: true,
    });
    const firstKey = first?.headers['idempotency-key'];
    expect(firstKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // A new confirmation gets a new key; a lost answer is retried with the same one.
    await user.clear(amount);
    await user.type(amount, '4998.75');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm your investment' });
    await user.click(within(dialog).getByRole('button', { name: 'Reserve An Allocation' }));
    expect(await within(dialog).findByText(/you will not be charged twice/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Allocation reserved')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/investor/investments');
    const keys = callsTo('POST', '/api/investments').map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(firstKey);
    expect(keys[1]).not.toBe(firstKey);
    expect(keys[2]).toBe(keys[1]);
  });

  it('lists a pre-emption right above the cards; on the round, the holder chooses and reserves their entitlement', async () => {
    const awaiting = preEmptionFixture();
    const maintained = preEmptionFixture({ choice: 2, choice_label: 'Maintain', amount: '2498.75' });
    let puts = 0;
    const { callsTo } = open('/investor/investments', {
      // Awaiting until the second choice (Maintain) is saved.
      'GET /api/profile/pre-emption': () => json(200, { data: [puts >= 2 ? maintained : awaiting] }),
      'PUT /api/profile/pre-emption/41': () => {
        puts += 1;
        return puts === 1
          ? json(422, {
              message: 'To increase, ask for more than the entitlement of £2,498.75.',
              errors: { amount: ['To increase, ask for more than the entitlement of £2,498.75.'] },
            })
          : json(200, { data: maintained });
      },
    });

    const rights = await screen.findByRole('region', { name: 'Your pre-emption rights' });
    expect(within(rights).getByText('Awaiting')).toBeInTheDocument();
    expect(within(rights).getByText(/Your entitlement: £2,498\.75, until 17 Dec 2026\./)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(rights).getByRole('link', { name: 'Harbour Robotics Series A' }));

    const panel = await screen.findByRole('region', { name: 'Your pre-emption right' });
    expect(within(panel).getByText('£2,498.75 (1,999 shares)')).toBeInTheDocument();
    // Nothing chosen: the form says so without asking the server.
    await user.click(within(panel).getByRole('button', { name: 'Save my choice' }));
    expect(await within(panel).findByText('Choose what you would like to do.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/profile/pre-emption/41')).toHaveLength(0);

    // An increase the server refuses: its reason on the amount field.
    await user.click(within(panel).getByRole('radio', { name: /Increase/ }));
    await user.type(within(panel).getByRole('textbox', { name: /Amount you would like/ }), '2000');
    await user.click(within(panel).getByRole('button', { name: 'Save my choice' }));
    const amount = await within(panel).findByRole('textbox', { name: /Amount you would like/ });
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/ask for more than the entitlement/));
    expect(callsTo('PUT', '/api/profile/pre-emption/41')[0]?.body).toEqual({ choice: 3, amount: '2000' });

    await user.click(within(panel).getByRole('radio', { name: /Maintain/ }));
    await user.click(within(panel).getByRole('button', { name: 'Save my choice' }));
    expect(callsTo('PUT', '/api/profile/pre-emption/41')[1]?.body).toEqual({ choice: 2 });
    const reserve = await screen.findByRole('link', { name: 'Reserve £2,498.75' });
    expect(reserve).toHaveAttribute(
      'href',
      '/investor/investments/harbour-robotics/investor-type?amount=2498.75',
    );
  });
});
