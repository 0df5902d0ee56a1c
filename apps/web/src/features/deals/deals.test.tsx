import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderWithProviders } from '../../testing/render';
import { DealsPage } from './pages/deals-page';

const stamp = '2026-01-01T00:00:00.000000Z';
const stage = (id: number, name: string, position: number, deals_count = 0) => ({
  id,
  pipeline_id: 1,
  name,
  position,
  deals_count,
  created_at: stamp,
  updated_at: stamp,
});
const PIPELINE = {
  id: 1,
  name: 'Venture deal flow',
  position: 0,
  stages_count: 3,
  deals_count: 3,
  stages: [stage(11, 'Sourced', 0, 2), stage(12, 'Screening', 1, 1), stage(13, 'Due diligence', 2)],
  created_at: stamp,
  updated_at: stamp,
};
const card = (id: number, name: string, stage_id: number, position: number, amount: string) => ({
  id,
  name,
  company_name: `${name.split(' ')[0] ?? name} Ltd`,
  stage_id,
  position,
  amount_sought: amount,
  owner: { id: 40, name: 'Alex Morgan' },
  industry: null,
});
const CARDS = [
  card(1, 'Ledgerly Seed', 11, 0, '750000.00'),
  card(2, 'Larder Seed', 11, 1, '850000.00'),
  card(3, 'Meridian Series A', 12, 0, '4500000.00'),
];

/** The deal as PATCH answers it once moved. */
const MOVED_DEAL = {
  id: 1,
  name: 'Ledgerly Seed',
  company_name: 'Ledgerly Ltd',
  pipeline_id: 1,
  pipeline: { id: 1, name: 'Venture deal flow' },
  stage_id: 13,
  stage: { id: 13, name: 'Due diligence' },
  position: 0,
  summary: null,
  website: null,
  industry_id: null,
  industry: null,
  investment_type_id: null,
  investment_type: null,
  amount_sought: '750000.00',
  pre_money_valuation: null,
  source: null,
  owner_id: 40,
  owner: { id: 40, name: 'Alex Morgan' },
  opportunity_id: null,
  created_at: stamp,
  updated_at: stamp,
};

const column = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  const section = heading.closest('section');
  if (!section) throw new Error(`no column ${name}`);
  return within(section);
};

function open(roleId: 1 | 2 | 3, patch: Response, after: typeof CARDS = CARDS) {
  setXsrfCookie('token');
  const fetched = mockFetch({
    'GET /api/pipelines': json(200, paginated([PIPELINE])),
    // the board as loaded, then as the server has it after the move
    'GET /api/pipeline-deals': [json(200, paginated(CARDS)), json(200, paginated(after))],
    'PATCH /api/pipeline-deals/1': patch,
  });
  renderWithProviders(<DealsPage />, {
    path: '/admin/investments/deals',
    session: { status: 'authenticated', user: userWithRole(roleId, { id: 40 }) },
  });
  return fetched;
}

afterEach(() => vi.unstubAllGlobals());

describe('the deal board', { timeout: 30_000 }, () => {
  it('shows a column per stage with its count and the amount sought, and a card per deal', async () => {
    open(1, json(200, {}));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sourced' })).toBeInTheDocument();
    expect(column('Sourced').getByText('£1.6m sought')).toBeInTheDocument();
    expect(column('Sourced').getByRole('link', { name: 'Ledgerly Seed' })).toHaveAttribute(
      'href',
      '/admin/investments/deals/1/key-information',
    );
    expect(column('Screening').getByText('£4,500,000.00')).toBeInTheDocument();
    expect(column('Due diligence').getByText('No deals here')).toBeInTheDocument();
  });

  it('moves a card with its Move to… menu at once, and sends the stage and place', async () => {
    const user = userEvent.setup();
    const moved = [
      card(1, 'Ledgerly Seed', 13, 0, '750000.00'),
      card(2, 'Larder Seed', 11, 0, '850000.00'),
      CARDS[2],
    ];
    const { callsTo } = open(
      1,
      json(200, { data: MOVED_DEAL }),
      moved.flatMap((deal) => (deal ? [deal] : [])),
    );
    await screen.findByRole('heading', { level: 2, name: 'Sourced' });
    await user.click(screen.getByRole('button', { name: 'Move Ledgerly Seed to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Due diligence' }));
    expect(await column('Due diligence').findByRole('link', { name: 'Ledgerly Seed' })).toBeInTheDocument();
    expect(column('Sourced').queryByRole('link', { name: 'Ledgerly Seed' })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('PATCH', '/api/pipeline-deals/1')).toHaveLength(1));
    expect(callsTo('PATCH', '/api/pipeline-deals/1')[0]?.body).toEqual({ stage_id: 13, position: 0 });
    expect(screen.queryByText('Ledgerly Seed was not moved')).not.toBeInTheDocument();
  });

  it('puts the card back with the server’s reason when the move is refused', async () => {
    const user = userEvent.setup();
    open(
      1,
      json(422, {
        message: 'The selected stage is invalid.',
        errors: { stage_id: ['The selected stage is invalid.'] },
      }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Sourced' });
    await user.click(screen.getByRole('button', { name: 'Move Ledgerly Seed to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Screening' }));
    expect(await screen.findByText('Ledgerly Seed was not moved')).toBeInTheDocument();
    expect(screen.getByText(/selected stage is invalid/)).toBeInTheDocument();
    await waitFor(() =>
      expect(column('Sourced').getByRole('link', { name: 'Ledgerly Seed' })).toBeInTheDocument(),
    );
  });

  it('offers no moving and no new deal to a role that may only read (spec §6: read is not update)', async () => {
    // The Investment Committee has every deal action; the Entrepreneur reads and moves but does not add.
    open(2, json(200, {}));
    await screen.findByRole('heading', { level: 2, name: 'Sourced' });
    expect(screen.queryByRole('link', { name: 'New deal' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Ledgerly Seed to…' })).toBeInTheDocument();
  });
});
