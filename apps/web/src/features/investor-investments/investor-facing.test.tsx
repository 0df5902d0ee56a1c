import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, opportunityFixture, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';
import { investingFixture } from './investing-test-data';

/*
 * Issue 18, what the investor sees before committing: the terms to read where they are accepted, the
 * raise written one way on the opportunity page and the invest step (the server's "remaining"), a
 * warning before confirming when whole shares fall below the minimum, the personalised warning's
 * "learn more" opening the risk summary, and the staff preview showing the risk warning investors see.
 */

const SUMMARY = 'Capital at risk. You could lose all the money you invest.';
const TERMS_DOCUMENT = {
  id: 5,
  name: 'Subscription terms.pdf',
  content_type: 'application/pdf',
  size_bytes: 2048,
  url: '/files/documents/terms.pdf?signature=abc',
  category: 'Investment terms',
};
const MEMORANDUM = {
  id: 6,
  name: 'Harbour IM.pdf',
  content_type: 'application/pdf',
  size_bytes: 4096,
  url: '/files/documents/im.pdf?signature=def',
  category: 'Information memorandum',
};
const OPPORTUNITY = {
  ...opportunityFixture(),
  remaining_amount: '5000.00',
  public_documents: [MEMORANDUM, TERMS_DOCUMENT],
};

function open(
  path: string,
  routes: Record<string, MockReply | MockReply[]> = {},
  opportunity: Record<string, unknown> = OPPORTUNITY,
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures([], { risk_warning_text: SUMMARY }) }),
    'GET /api/stats/overview': json(503, {}),
    'GET /api/notifications': json(200, { data: [] }),
    'GET /api/opportunities': json(200, paginated([opportunity])),
    'GET /api/opportunities/41': json(200, { data: opportunity }),
    'GET /api/profile/investments': json(200, { data: [] }),
    'GET /api/profile/investing/41': json(200, { data: investingFixture() }),
    'GET /api/profile/pre-emption': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

/** Each fact of a raise as a screen shows it: label → value. */
function factsIn(container: HTMLElement) {
  const facts: Record<string, string> = {};
  for (const term of within(container).getAllByRole('term'))
    facts[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  return facts;
}

const INVEST = '/investor/investments/harbour-robotics/invest?holding=self';

describe('what the investor sees before committing', { timeout: 30_000 }, () => {
  it('shows the raise on the invest step as the opportunity page does, with the server’s remaining', async () => {
    const first = open('/investor/investments/harbour-robotics');
    await screen.findByRole('heading', { level: 1, name: 'Harbour Robotics Series A' });
    const onPage = factsIn(
      screen.getByRole('heading', { level: 1 }).closest('.mantine-Paper-root') as HTMLElement,
    );
    expect(onPage).toMatchObject({
      Target: '£500,000.00',
      Maximum: '£600,000.00',
      'Minimum investment': '£1,000.00',
      Remaining: '£5,000.00',
      'Share price': '£1.25',
    });
    first.unmount();

    open(INVEST, {
      // The gate's figure, which the server may have moved since: shown as it is, never recomputed.
      'GET /api/profile/investing/41': json(200, {
        data: investingFixture({
          opportunity: { ...investingFixture().opportunity, remaining_amount: '4500.00' },
        }),
      }),
    });
    const amount = await screen.findByRole('textbox', { name: /Amount to invest/ });
    const onStep = factsIn(amount.closest('.mantine-Paper-root') as HTMLElement);
    expect(onStep).toEqual({
      Target: onPage.Target,
      Maximum: onPage.Maximum,
      'Minimum investment': onPage['Minimum investment'],
      Remaining: '£4,500.00',
      'Share price': onPage['Share price'],
    });
  });

  it('says before confirming when whole shares cost less than the minimum', async () => {
    const { callsTo } = open(INVEST, {
      'GET /api/profile/investing/41': json(200, {
        data: investingFixture({
          opportunity: { ...investingFixture().opportunity, share_price: '0.300000' },
        }),
      }),
    });
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Amount to invest/ });
    await user.type(amount, '1000.10');
    const sentence = '£1,000.10 buys 3,333 whole shares costing £999.90, below the minimum £1,000.00.';
    expect(screen.getByRole('status')).toHaveTextContent(sentence);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(amount).toHaveAccessibleDescription(new RegExp(sentence.replace(/[.$]/g, '\\$&')));
    expect(screen.queryByRole('dialog', { name: 'Confirm your investment' })).not.toBeInTheDocument();
    expect(callsTo('POST', '/api/investments')).toHaveLength(0);

    // A penny more buys one more share, which reaches the minimum.
    await user.clear(amount);
    await user.type(amount, '1000.20');
    expect(screen.getByRole('status')).toHaveTextContent('3,334 shares at £0.30: £1,000.20.');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm your investment' })).toBeInTheDocument();
  });

  it('puts the investment terms there to read where they are accepted', async () => {
    const withTerms = open(INVEST, {
      'GET /api/profile/investing/41': json(200, { data: investingFixture({ terms_required: true }) }),
    });
    const section = await screen.findByRole('region', { name: 'Investment terms' });
    expect(within(section).getByRole('link', { name: /Read the investment terms/ })).toHaveAttribute(
      'href',
      TERMS_DOCUMENT.url,
    );
    expect(within(section).getByRole('link', { name: /Read the information memorandum/ })).toHaveAttribute(
      'href',
      MEMORANDUM.url,
    );
    expect(within(section).queryByText(/have not been published/)).not.toBeInTheDocument();
    withTerms.unmount();

    // Nothing to read: said, rather than a bare box to tick.
    open(
      INVEST,
      { 'GET /api/profile/investing/41': json(200, { data: investingFixture({ terms_required: true }) }) },
      { ...OPPORTUNITY, public_documents: [] },
    );
    const bare = await screen.findByRole('region', { name: 'Investment terms' });
    expect(within(bare).getByRole('note')).toHaveTextContent(
      'The investment terms for this opportunity have not been published yet.',
    );
  });

  it('opens the risk summary from the personalised warning’s “learn more”', async () => {
    const shown = {
      text: 'Olivia, this is a high-risk investment. How would you feel if you lost the money you’re about to invest? Take 2 min to learn more.',
      shown_at: '2026-11-26T08:00:00.000000Z',
      acknowledged_at: null,
      cooling_off_ends_at: '2026-11-27T08:00:00.000000Z',
    };
    open('/investor/investments/harbour-robotics', {
      'GET /api/profile/investing/41': json(200, {
        data: investingFixture({
          can_invest: false,
          first_investment: true,
          risk_warning: shown,
          cooling_off_seconds_left: 86_000,
        }),
      }),
    });
    const warning = await screen.findByRole('region', { name: 'Before your first investment' });
    expect(warning).toHaveTextContent(shown.text);
    const user = userEvent.setup();
    await user.click(within(warning).getByRole('button', { name: 'Take 2 min to learn more.' }));
    const summary = await screen.findByRole('dialog', { name: 'Risk summary' });
    expect(summary).toHaveTextContent(SUMMARY);
    await user.click(within(summary).getByRole('button', { name: 'Close risk summary' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Risk summary' })).not.toBeInTheDocument(),
    );
  });
});

describe('the staff preview of an opportunity', { timeout: 30_000 }, () => {
  it('shows the risk warning investors see, its “learn more” opening the summary', async () => {
    setXsrfCookie('token');
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1, { id: 40, name: 'Alex Morgan' }) }),
      'GET /api/branding': json(200, { data: brandingWithFeatures([], { risk_warning_text: SUMMARY }) }),
      'GET /api/notifications': json(200, { data: [] }),
      'GET /api/opportunities/41': json(200, { data: OPPORTUNITY }),
    });
    renderApp('/admin/investments/opportunities/41/details/preview');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbour Robotics Series A' }),
    ).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Risk warning' });
    expect(section).toHaveTextContent(
      "Don't invest unless you're prepared to lose all the money you invest.",
    );
    expect(section).toHaveTextContent(SUMMARY);
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Take 2 mins to learn more.' }));
    expect(await screen.findByRole('dialog', { name: 'Risk summary' })).toHaveTextContent(SUMMARY);
  });
});
