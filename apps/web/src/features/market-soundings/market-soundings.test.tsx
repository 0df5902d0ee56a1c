import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKET_SOUNDING_STANDARD_WORDING } from '@portico/contracts';
import { Navigate } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp, renderWithProviders } from '../../testing/render';
import { useMarketSoundingHref } from './api/market-sounding-link';
import { InsiderRegisterPage } from './pages/insider-register-page';
import { MarketSoundingDetailsPage } from './pages/market-sounding-details-page';
import { MarketSoundingsListPage } from './pages/market-soundings-list-page';
import { NewMarketSoundingPage } from './pages/new-market-sounding-page';

const FIRST_RENDER = { timeout: 15_000 };
const admin = { status: 'authenticated' as const, user: userWithRole(1) };
const DESCRIPTION = 'Our firm records every sounding.';
const branding = brandingWithFeatures(['marketSounding'], { market_sounding_description: DESCRIPTION });
const WORDING = `${MARKET_SOUNDING_STANDARD_WORDING}\n\n${DESCRIPTION}`;

const DEAL = {
  id: 12,
  name: 'Harbour Robotics Series A',
  company_name: 'Harbour Robotics Ltd',
  pipeline_id: 1,
  pipeline: { id: 1, name: 'Main' },
  stage_id: 2,
  stage: { id: 2, name: 'Due diligence' },
  position: 0,
  summary: null,
  website: null,
  industry_id: null,
  industry: null,
  investment_type_id: null,
  investment_type: null,
  amount_sought: '2000000.00',
  pre_money_valuation: null,
  source: null,
  owner_id: null,
  owner: null,
  opportunity_id: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};
const ADA = { id: 31, name: 'Ada Investor', email: 'ada@portico.test' };
const OMAR = { id: 32, name: 'Omar Optout', email: 'omar@portico.test' };

const sounding = (overrides: Record<string, unknown> = {}) => ({
  id: 5,
  subject: { type: 'deal', id: 12, name: 'Harbour Robotics Series A' },
  summary: 'A £2m raise at a £10m pre-money valuation.',
  created_by: { id: 1, name: 'Priya Compliance' },
  created_at: '2026-11-20T10:00:00.000Z',
  cleansed_at: null,
  counts: { invited: 3, viewed: 2, accepted: 1, declined: 1, answered: 1 },
  ...overrides,
});
const detail = (overrides: Record<string, unknown> = {}) => ({
  ...sounding(),
  wording: WORDING,
  cleansing_reason: null,
  recipients: [
    {
      investor: ADA,
      status: 'accepted',
      response: 1,
      opted_out: false,
      invited_at: '2026-11-20T10:00:00.000Z',
      viewed_at: '2026-11-20T10:05:00.000Z',
      decided_at: '2026-11-20T10:06:00.000Z',
      responded_at: '2026-11-20T10:07:00.000Z',
    },
    {
      investor: OMAR,
      status: 'declined',
      response: null,
      opted_out: true,
      invited_at: '2026-11-20T10:00:00.000Z',
      viewed_at: '2026-11-20T11:00:00.000Z',
      decided_at: '2026-11-20T11:01:00.000Z',
      responded_at: null,
    },
  ],
  events: [
    {
      kind: 'invited',
      investor: 'Ada Investor',
      response: null,
      created_at: '2026-11-20T10:00:00.000Z',
      actor: 'Priya Compliance',
    },
    {
      kind: 'answered',
      investor: 'Ada Investor',
      response: 1,
      created_at: '2026-11-20T10:07:00.000Z',
      actor: 'Ada Investor',
    },
  ],
  ...overrides,
});

const at = (path: string, route: string, element: React.ReactNode, session = admin) =>
  renderWithProviders(<Navigate to={path} replace />, {
    path: '/admin',
    session,
    branding,
    routes: [
      { path: route, element },
      { path: '/admin/insider-register/market-soundings/:id', element: <p>The sounding’s page</p> },
    ],
  });

beforeEach(() => setXsrfCookie('token'));
afterEach(() => vi.unstubAllGlobals());

describe('NewMarketSoundingPage', { timeout: 30_000 }, () => {
  const routes = (post: MockReply | MockReply[]) => ({
    'GET /api/pipeline-deals/12': json(200, { data: DEAL }),
    'GET /api/pipeline-deals': json(
      200,
      paginated([{ id: 12, name: DEAL.name, company_name: DEAL.company_name }]),
    ),
    'GET /api/investors': json(200, paginated([ADA, OMAR])),
    'GET /api/market-soundings/opt-outs': json(200, {
      data: [{ investor: OMAR, created_at: '2026-11-01T09:00:00.000Z' }],
    }),
    'POST /api/market-soundings': post,
  });

  it('sends the contract’s body, shows a 422 on investor_ids on the picker, then opens the sounding', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch(
      routes([
        json(422, {
          message: 'Ada Investor asked not to be market sounded again.',
          errors: { investor_ids: ['Ada Investor asked not to be market sounded again.'] },
        }),
        json(201, { data: { id: 5 } }),
      ]),
    );
    const { router } = at(
      '/admin/insider-register/market-soundings/create?deal_id=12',
      '/admin/insider-register/market-soundings/create',
      <NewMarketSoundingPage />,
    );
    // The deal named in the address is chosen.
    const subject = await screen.findByRole('combobox', { name: 'Pipeline deal' });
    await waitFor(() => expect(subject).toHaveValue('Harbour Robotics Series A (Harbour Robotics Ltd)'));
    expect(screen.getByRole('radio', { name: 'A pipeline deal' })).toBeChecked();

    // The wording investors will see first: the standard statement and the firm's description.
    const preview = screen.getByRole('region', { name: 'Consent wording preview' });
    expect(preview).toHaveTextContent(MARKET_SOUNDING_STANDARD_WORDING);
    expect(preview).toHaveTextContent(DESCRIPTION);

    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'A £2m raise.');
    const investors = screen.getByRole('combobox', { name: 'Investors to sound' });
    await user.click(investors);
    // An investor who opted out is shown, and cannot be chosen.
    expect(
      await screen.findByRole('option', { name: 'Omar Optout (omar@portico.test) · Opted out' }),
    ).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Ada Investor (ada@portico.test)' }));
    await user.click(screen.getByRole('button', { name: 'Send market sounding' }));

    await waitFor(() => expect(callsTo('POST', '/api/market-soundings')).toHaveLength(1));
    expect(callsTo('POST', '/api/market-soundings')[0]?.body).toEqual({
      deal_id: 12,
      investor_ids: [31],
      summary: 'A £2m raise.',
    });
    expect(await screen.findByText('Ada Investor asked not to be market sounded again.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Investors to sound' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(router.state.location.pathname).toBe('/admin/insider-register/market-soundings/create');

    await user.click(screen.getByRole('button', { name: 'Send market sounding' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/insider-register/market-soundings/5'),
    );
    expect(await screen.findByText('The sounding’s page')).toBeInTheDocument();
  });

  it('asks for the subject, the summary and the investors before sending anything', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch(routes(json(201, { data: { id: 5 } })));
    at(
      '/admin/insider-register/market-soundings/create',
      '/admin/insider-register/market-soundings/create',
      <NewMarketSoundingPage />,
    );
    await user.click(await screen.findByRole('button', { name: 'Send market sounding' }));
    expect(await screen.findByText('Choose the pipeline deal to sound.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one investor to sound.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/market-soundings')).toHaveLength(0);

    // A draft opportunity instead: the draft opportunities are searched.
    await user.click(screen.getByRole('radio', { name: 'A draft opportunity' }));
    expect(await screen.findByRole('combobox', { name: 'Draft opportunity' })).toBeInTheDocument();
  });
});

describe('MarketSoundingDetailsPage', { timeout: 30_000 }, () => {
  it('shows the recipients, the timeline, and cleanses with a reason after saying who is told', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/market-soundings/5': json(200, { data: detail() }),
      // The cleanse answers the sounding as it now stands.
      'POST /api/market-soundings/5/cleanse': json(200, {
        data: detail({
          cleansed_at: '2026-12-01T09:30:00.000Z',
          cleansing_reason: 'Announced to the market.',
        }),
      }),
    });
    at(
      '/admin/insider-register/market-soundings/5',
      '/admin/insider-register/market-soundings/:id',
      <MarketSoundingDetailsPage />,
    );
    const table = await screen.findByRole('table', { name: 'Investors sounded' });
    const ada = within(table).getByRole('row', { name: /Ada Investor/ });
    expect(ada).toHaveTextContent('Accepted');
    expect(ada).toHaveTextContent('Interested with finance in place');
    const omar = within(table).getByRole('row', { name: /Omar Optout/ });
    expect(omar).toHaveTextContent('Declined');
    expect(omar).toHaveTextContent('Opted out');
    expect(screen.getByText('Ada Investor: answered: Interested with finance in place')).toBeInTheDocument();
    expect(screen.getByText(DESCRIPTION)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cleanse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cleanse this market sounding?' });
    expect(dialog).toHaveTextContent('The investor who accepted it will be told');
    await user.click(within(dialog).getByRole('button', { name: 'Cleanse' }));
    expect(callsTo('POST', '/api/market-soundings/5/cleanse')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Announced to the market.');
    await user.click(within(dialog).getByRole('button', { name: 'Cleanse' }));

    await waitFor(() => expect(callsTo('POST', '/api/market-soundings/5/cleanse')).toHaveLength(1));
    expect(callsTo('POST', '/api/market-soundings/5/cleanse')[0]?.body).toEqual({
      reason: 'Announced to the market.',
    });
    expect(
      await screen.findByText(/Cleansed 1 Dec 2026, 09:30 GMT: Announced to the market\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cleanse' })).not.toBeInTheDocument();
  });
});

describe('InsiderRegisterPage', { timeout: 30_000 }, () => {
  const ENTRY = {
    id: 91,
    sounding_id: 5,
    investor: ADA,
    subject: { type: 'deal', id: 12, name: 'Harbour Robotics Series A' },
    accepted_at: '2026-07-01T08:30:00.000Z',
    wording: WORDING,
    response: 2,
    responded_at: '2026-07-01T09:00:00.000Z',
    cleansed_at: null,
  };

  it('lists who accepted which deal, when in London time, their answer, and opens the wording', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/insider-register': json(200, paginated([ENTRY])),
      'GET /api/market-soundings': json(200, paginated([sounding()])),
    });
    at('/admin/insider-register', '/admin/insider-register', <InsiderRegisterPage />);
    const table = await screen.findByRole('table', { name: 'Market-sounding acceptances' });
    const row = await within(table).findByRole('row', { name: /Ada Investor/ });
    expect(row).toHaveTextContent('Harbour Robotics Series A');
    expect(row).toHaveTextContent('1 Jul 2026, 09:30 BST');
    expect(row).toHaveTextContent('Interested without finance in place');
    expect(row).toHaveTextContent('Not cleansed');
    expect(within(table).queryByText(DESCRIPTION)).not.toBeInTheDocument();

    const toggle = within(row).getByRole('button', { name: /Show wording/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(table).getByText(DESCRIPTION)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Hide wording/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(callsTo('GET', '/api/insider-register')[0]?.path).toContain('sort=-accepted_at');

    await user.click(screen.getByRole('combobox', { name: 'Sounding' }));
    await user.click(await screen.findByRole('option', { name: /Harbour Robotics Series A, sent/ }));
    await waitFor(() =>
      expect(callsTo('GET', '/api/insider-register').at(-1)?.path).toContain('filter%5Bsounding_id%5D=5'),
    );
  });

  it('says so when nobody has accepted yet', async () => {
    mockFetch({
      'GET /api/insider-register': json(200, paginated([])),
      'GET /api/market-soundings': json(200, paginated([])),
    });
    at('/admin/insider-register', '/admin/insider-register', <InsiderRegisterPage />);
    expect(await screen.findByText('No acceptances yet')).toBeInTheDocument();
  });
});

describe('MarketSoundingsListPage', { timeout: 30_000 }, () => {
  it('lists the soundings with their state and counts, and filters by status', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/market-soundings': json(
        200,
        paginated([sounding(), sounding({ id: 6, cleansed_at: '2026-12-01T09:30:00.000Z' })]),
      ),
    });
    at(
      '/admin/insider-register/market-soundings',
      '/admin/insider-register/market-soundings',
      <MarketSoundingsListPage />,
    );
    const table = await screen.findByRole('table', { name: 'Market soundings' });
    const links = await within(table).findAllByRole('link', { name: 'Harbour Robotics Series A' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/insider-register/market-soundings/5',
      '/admin/insider-register/market-soundings/6',
    ]);
    expect(within(table).getByText('Open')).toBeInTheDocument();
    expect(within(table).getByText('Cleansed')).toBeInTheDocument();
    expect(within(table).getAllByText('3 invited · 1 accepted · 1 declined · 1 answered')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'New market sounding' })).toHaveAttribute(
      'href',
      '/admin/insider-register/market-soundings/create',
    );
    await user.click(screen.getByRole('tab', { name: 'Cleansed' }));
    await waitFor(() =>
      expect(callsTo('GET', '/api/market-soundings').at(-1)?.path).toContain('filter%5Bstatus%5D=cleansed'),
    );
  });
});

function SoundingLink({ subject }: { subject: Parameters<typeof useMarketSoundingHref>[0] }) {
  return <p>{useMarketSoundingHref(subject) ?? 'no link'}</p>;
}

describe('the Market sounding button of a deal or a draft opportunity', () => {
  it('leads to the new sounding with the subject chosen, only with the feature on and for compliance', () => {
    const { unmount } = renderWithProviders(<SoundingLink subject={{ deal_id: 12 }} />, {
      session: admin,
      branding,
    });
    expect(
      screen.getByText('/admin/insider-register/market-soundings/create?deal_id=12'),
    ).toBeInTheDocument();
    unmount();
    const second = renderWithProviders(<SoundingLink subject={{ opportunity_id: 4 }} />, {
      session: admin,
      branding,
    });
    expect(
      screen.getByText('/admin/insider-register/market-soundings/create?opportunity_id=4'),
    ).toBeInTheDocument();
    second.unmount();
    // The Investment Committee holds no compliance permission (spec §6).
    const third = renderWithProviders(<SoundingLink subject={{ deal_id: 12 }} />, {
      session: { status: 'authenticated', user: userWithRole(3) },
      branding,
    });
    expect(screen.getByText('no link')).toBeInTheDocument();
    third.unmount();
    renderWithProviders(<SoundingLink subject={{ deal_id: 12 }} />, {
      session: admin,
      branding: brandingWithFeatures([]),
    });
    expect(screen.getByText('no link')).toBeInTheDocument();
  });
});

describe('the insider register’s address', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await Promise.all([import('../../app/routes/admin-area'), import('./load-pages')]);
  }, 60_000);

  const open = (features: Parameters<typeof brandingWithFeatures>[0]) => {
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(1, { id: 40 }) }),
      'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
      'GET /api/insider-register': json(200, paginated([])),
      'GET /api/market-soundings': json(200, paginated([])),
    });
    return renderApp('/admin/insider-register');
  };

  it('opens with market sounding on', async () => {
    open(['marketSounding']);
    expect(
      await screen.findByRole('heading', { name: 'Insider register' }, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('is not found with market sounding off', async () => {
    open([]);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }, FIRST_RENDER),
    ).toBeInTheDocument();
  });
});
