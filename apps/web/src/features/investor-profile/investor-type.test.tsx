import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { categorisation } from '../compliance/compliance-test-data';
import { POPUP_DISMISSED_KEY } from './components/categorisation-gate';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const REMINDER = 'Your investor categorisation must be confirmed when you join and updated every year.';

function profile(overrides: Record<string, unknown> = {}) {
  return {
    current: null,
    pending: null,
    rejected: null,
    expired: null,
    requires_approval: false,
    statements: [],
    ...overrides,
  };
}

function open(
  path: string,
  routes: Record<string, MockReply | MockReply[]>,
  features: Parameters<typeof brandingWithFeatures>[0] = [],
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/stats/overview': json(503, {}),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeEach(() => window.sessionStorage.clear());

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('investor-type: signing a categorisation statement', { timeout: 30_000 }, () => {
  it('checks each category’s figures with the contract before sending, and sends the typed signature', async () => {
    const signed = categorisation({ category: 'high_net_worth', signature: 'Olivia Carter' });
    const { callsTo } = open('/investor/profile/investor-type', {
      'GET /api/profile/categorisation': [
        json(200, { data: profile() }),
        json(200, { data: profile({ current: signed }) }),
      ],
      'POST /api/profile/categorisation': json(201, { data: signed }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Investor categorisation' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(REMINDER.replace('.', '\\.')))).toBeInTheDocument();
    const user = userEvent.setup();
    const sign = () => user.click(screen.getByRole('button', { name: 'Sign the statement' }));

    // Restricted: no more than 10% of net assets, past or future.
    await user.click(screen.getByRole('radio', { name: /^Restricted investor/ }));
    expect(screen.getByText(/I declare that I qualify as a restricted investor/)).toBeInTheDocument();
    const past = screen.getByRole('textbox', { name: /In the past twelve months/ });
    await user.type(past, '25');
    await sign();
    // More than 10% cannot be entered: the input holds the most a restricted investor may have invested.
    expect(past).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: /In the next twelve months/ })).toHaveAccessibleDescription(
      /is required\./,
    );
    expect(
      screen.getByRole('checkbox', { name: /I have read and understood this statement/ }),
    ).toHaveAccessibleDescription(/You must confirm/);

    // Certified high net worth: income or net assets must qualify.
    await user.click(screen.getByRole('radio', { name: /^Certified high net worth investor/ }));
    expect(
      screen.getByText(/I declare that at least one of the following applies to me/),
    ).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('radiogroup', { name: /did you have an annual income/ })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: /did you hold net assets/ })).getByRole('radio', {
        name: 'No',
      }),
    );
    await sign();
    expect(
      await screen.findByText(/has an annual income of £100,000 or more, or net assets/),
    ).toBeInTheDocument();

    // Certified sophisticated: the firm's reference number has 6 or 7 digits.
    await user.click(screen.getByRole('radio', { name: /^Certified sophisticated investor/ }));
    await user.type(screen.getByRole('textbox', { name: /firm reference number/ }), '12');
    await sign();
    expect(await screen.findByText('An FCA firm reference number is 6 or 7 digits.')).toBeInTheDocument();

    // Self-certified: at least one of the four criteria.
    await user.click(screen.getByRole('radio', { name: /^Self-certified sophisticated investor/ }));
    for (const question of [
      /member of a network/,
      /more than one investment/,
      /professional capacity/,
      /director of a company/,
    ])
      await user.click(
        within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: 'No' }),
      );
    await sign();
    expect(await screen.findByText(/must meet at least one of the four criteria/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/categorisation')).toHaveLength(0);

    // A qualifying high net worth statement, signed.
    await user.click(screen.getByRole('radio', { name: /^Certified high net worth investor/ }));
    await user.click(
      within(screen.getByRole('radiogroup', { name: /did you have an annual income/ })).getByRole('radio', {
        name: 'Yes',
      }),
    );
    await user.type(screen.getByRole('textbox', { name: /Your annual income/ }), '150000');
    await user.click(
      within(screen.getByRole('radiogroup', { name: /did you hold net assets/ })).getByRole('radio', {
        name: 'No',
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: /I have read and understood this statement/ }));
    const signature = screen.getByRole('textbox', { name: /Your signature/ });
    expect(signature).toHaveValue('Olivia Carter');
    await user.clear(signature);
    await sign();
    expect(await screen.findByText('Type your full name to sign.')).toBeInTheDocument();
    await user.type(signature, 'Olivia Carter');
    await sign();
    await waitFor(() =>
      expect(callsTo('POST', '/api/profile/categorisation')[0]?.body).toEqual({
        category: 'high_net_worth',
        statement_version: '2024-01',
        answers: {
          income_over_100k: true,
          income_amount: 150000,
          net_assets_over_250k: false,
          declaration: true,
        },
        signature: 'Olivia Carter',
      }),
    );
    expect(await screen.findByText('Current')).toBeInTheDocument();
  });

  it('shows a refusal from the server on the question it concerns', async () => {
    open('/investor/profile/investor-type', {
      'GET /api/profile/categorisation': json(200, { data: profile() }),
      'POST /api/profile/categorisation': json(422, {
        message: 'The given data was invalid.',
        errors: { 'answers.future_invest_percent': ['Too much, says the server.'] },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Restricted investor/ }));
    await user.type(screen.getByRole('textbox', { name: /In the past twelve months/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /In the next twelve months/ }), '5');
    await user.click(screen.getByRole('checkbox', { name: /I have read and understood this statement/ }));
    await user.click(screen.getByRole('button', { name: 'Sign the statement' }));
    expect(await screen.findByText('Too much, says the server.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /In the next twelve months/ })).toHaveAccessibleDescription(
      'Too much, says the server.',
    );
  });

  it('shows a pending statement awaiting approval, and the reason one was rejected', async () => {
    open('/investor/profile/investor-type', {
      'GET /api/profile/categorisation': json(200, {
        data: profile({
          requires_approval: true,
          pending: categorisation({ id: 3, status: 'pending', is_current: false, category: 'sophisticated' }),
        }),
      }),
    });
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(
      screen.getByText(/Our team reviews your statement before your categorisation takes effect/),
    ).toBeInTheDocument();
  });

  it('shows why a statement was not approved', async () => {
    open('/investor/profile/investor-type', {
      'GET /api/profile/categorisation': json(200, {
        data: profile({
          rejected: categorisation({
            id: 4,
            status: 'rejected',
            is_current: false,
            reason: 'The certificate has expired.',
          }),
        }),
      }),
    });
    expect(await screen.findByText(/was not approved: The certificate has expired\./)).toBeInTheDocument();
  });
});

describe('categorisation in the investor shell', { timeout: 30_000 }, () => {
  it('reminds the investor from a month before their categorisation expires', async () => {
    open('/investor/profile/view', {
      'GET /api/profile/categorisation': json(200, {
        data: profile({ current: categorisation({ expires_at: inDays(12) }) }),
      }),
    });
    expect(await screen.findByText(/Yours expires on/)).toHaveTextContent(REMINDER);
    expect(screen.getByRole('link', { name: 'Confirm my categorisation' })).toHaveAttribute(
      'href',
      '/investor/profile/investor-type',
    );
  });

  it('shows no reminder while the expiry is more than a month away', async () => {
    const { callsTo } = open('/investor/profile/view', {
      'GET /api/profile/categorisation': json(200, {
        data: profile({ current: categorisation({ expires_at: inDays(65) }) }),
      }),
    });
    await waitFor(() => expect(callsTo('GET', '/api/profile/categorisation')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/Yours expires on/)).not.toBeInTheDocument();
  });

  it('blocks the portal once a categorisation has lapsed, and leads to signing again', async () => {
    const lapsed = categorisation({ expires_at: inDays(-2), is_expired: true, is_current: false });
    const { router } = open('/investor/profile/view', {
      'GET /api/profile/categorisation': json(200, { data: profile({ expired: lapsed }) }),
    });
    const modal = await screen.findByRole('dialog', { name: 'Confirm your categorisation' });
    expect(within(modal).getByText(/expired on/)).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Confirm your categorisation' })).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Confirm my categorisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/profile/investor-type'));
    await waitFor(
      () =>
        expect(screen.queryByRole('dialog', { name: 'Confirm your categorisation' })).not.toBeInTheDocument(),
      { timeout: 5000 },
    );
    expect(await screen.findByText('Your categorisation has expired')).toBeInTheDocument();
  });

  it('does not block an investor who never categorised, nor one whose new statement awaits approval', async () => {
    open('/investor/profile/view', {
      'GET /api/profile/categorisation': json(200, {
        data: profile({
          expired: categorisation({ expires_at: inDays(-2), is_expired: true, is_current: false }),
          pending: categorisation({ id: 9, status: 'pending', is_current: false }),
        }),
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with pop-ups on, walks a new investor through choose → statement → sign', async () => {
    const signed = categorisation({ category: 'restricted', signature: 'Olivia Carter' });
    const { callsTo } = open(
      '/investor/profile/view',
      {
        'GET /api/profile/categorisation': [
          json(200, { data: profile() }),
          json(200, { data: profile({ current: signed }) }),
        ],
        'POST /api/profile/categorisation': json(201, { data: signed }),
      },
      ['investorTypePopup'],
    );
    const modal = await screen.findByRole('dialog', { name: 'Investor categorisation' });
    const user = userEvent.setup();
    await user.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(within(modal).getByText('Choose the statement that applies to you.')).toBeInTheDocument();
    await user.click(within(modal).getByRole('radio', { name: /^Restricted investor/ }));
    await user.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(within(modal).queryByRole('radio', { name: /^Restricted investor/ })).not.toBeInTheDocument();
    expect(within(modal).getByText('Restricted investor statement')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(
      within(modal).getByRole('textbox', { name: /In the past twelve months/ }),
    ).toHaveAccessibleDescription(/is required\./);
    await user.type(within(modal).getByRole('textbox', { name: /In the past twelve months/ }), '0');
    await user.type(within(modal).getByRole('textbox', { name: /In the next twelve months/ }), '5');
    await user.click(
      within(modal).getByRole('checkbox', { name: /I have read and understood this statement/ }),
    );
    await user.click(within(modal).getByRole('button', { name: 'Next' }));
    expect(within(modal).getByRole('textbox', { name: /Your signature/ })).toHaveValue('Olivia Carter');
    await user.click(within(modal).getByRole('button', { name: 'Sign the statement' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/profile/categorisation')[0]?.body).toMatchObject({
        category: 'restricted',
        answers: { past_invested_percent: 0, future_invest_percent: 5, declaration: true },
        signature: 'Olivia Carter',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Investor categorisation' })).not.toBeInTheDocument(),
    );
  });

  it('lets the investor put the pop-ups off for the session', async () => {
    open('/investor/profile/view', { 'GET /api/profile/categorisation': json(200, { data: profile() }) }, [
      'investorTypePopup',
    ]);
    const modal = await screen.findByRole('dialog', { name: 'Investor categorisation' });
    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.sessionStorage.getItem(POPUP_DISMISSED_KEY)).toBe('1');
  });

  it('shows no pop-ups while the feature is off', async () => {
    const { callsTo } = open('/investor/profile/view', {
      'GET /api/profile/categorisation': json(200, { data: profile() }),
    });
    await waitFor(() => expect(callsTo('GET', '/api/profile/categorisation')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
