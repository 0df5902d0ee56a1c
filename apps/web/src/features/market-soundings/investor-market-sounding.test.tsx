import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { InvestorMarketSoundingPage } from './pages/investor-market-sounding-page';

const session = { status: 'authenticated' as const, user: userWithRole(5) };
const WORDING = 'You are being market sounded.\n\nOur firm keeps a record of every sounding.';
const DEAL = 'Harbour Robotics Series A';
const SUMMARY = 'A £2m raise at a £10m pre-money valuation.';

const sounding = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  accepted: null,
  wording: WORDING,
  invited_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  response: null,
  cleansed_at: null,
  opted_out: false,
  details: null,
  ...overrides,
});
const accepted = (overrides: Record<string, unknown> = {}) =>
  sounding({
    accepted: true,
    decided_at: '2026-11-20T11:00:00.000Z',
    details: { subject_name: DEAL, summary: SUMMARY },
    ...overrides,
  });

const open = (id = 7) =>
  renderWithProviders(<Navigate to={`/investor/investments/market-sounding/${id}`} replace />, {
    path: '/investor',
    session,
    routes: [{ path: '/investor/investments/market-sounding/:id', element: <InvestorMarketSoundingPage /> }],
  });

beforeEach(() => setXsrfCookie('token'));
afterEach(() => vi.unstubAllGlobals());

describe('InvestorMarketSoundingPage', { timeout: 20_000 }, () => {
  it('shows only the consent wording, then the deal once the investor accepts', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/profile/market-soundings/7': json(200, { data: sounding() }),
      'POST /api/profile/market-soundings/7/accept': json(200, { data: accepted() }),
    });
    open();
    expect(await screen.findByText('You are being market sounded.')).toBeInTheDocument();
    expect(screen.getByText('Our firm keeps a record of every sounding.')).toBeInTheDocument();
    // Nothing about the deal before consent.
    expect(screen.queryByText(DEAL)).not.toBeInTheDocument();
    expect(screen.queryByText(SUMMARY)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept and view' }));
    expect(await screen.findByRole('heading', { name: DEAL })).toBeInTheDocument();
    expect(screen.getByText(SUMMARY)).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/market-soundings/7/accept')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept and view' })).not.toBeInTheDocument();
    // The three answers of spec §4, word for word.
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3']);
    for (const label of [
      'Interested with finance in place',
      'Interested without finance in place',
      'Not Interested',
    ])
      expect(screen.getByRole('radio', { name: label })).toBeInTheDocument();
  });

  it('declines after asking, and then shows nothing of the deal', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/profile/market-soundings/7': json(200, { data: sounding() }),
      'POST /api/profile/market-soundings/7/decline': json(200, {
        data: sounding({ accepted: false, decided_at: '2026-11-20T11:00:00.000Z' }),
      }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this market sounding?' });
    expect(callsTo('POST', '/api/profile/market-soundings/7/decline')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined')).toBeInTheDocument();
    expect(screen.getByText(/Nothing about it was shared with you/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/market-soundings/7/decline')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept and view' })).not.toBeInTheDocument();
    expect(screen.queryByText(DEAL)).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('sends the answer chosen once, then shows it read-only', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/profile/market-soundings/7': json(200, { data: accepted() }),
      'POST /api/profile/market-soundings/7/response': json(200, {
        data: accepted({ response: 2 }),
      }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Choose an answer.')).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/market-soundings/7/response')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Interested without finance in place' }));
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(callsTo('POST', '/api/profile/market-soundings/7/response')).toHaveLength(1));
    expect(callsTo('POST', '/api/profile/market-soundings/7/response')[0]?.body).toEqual({ response: 2 });
    expect(await screen.findByText('Your answer')).toBeInTheDocument();
    expect(screen.getByText('Interested without finance in place')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
  });

  it('says when the information was cleansed', async () => {
    mockFetch({
      'GET /api/profile/market-soundings/7': json(200, {
        data: accepted({ response: 1, cleansed_at: '2026-12-01T09:30:00.000Z' }),
      }),
    });
    open();
    expect(await screen.findByText('Cleansed')).toBeInTheDocument();
    expect(
      screen.getByText(/1 Dec 2026, 09:30 GMT this information has been made public/),
    ).toBeInTheDocument();
    expect(screen.getByText('Interested with finance in place')).toBeInTheDocument();
  });

  it('opts out of future soundings after asking, and shows that it did', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockFetch({
      'GET /api/profile/market-soundings/7': [
        json(200, { data: sounding() }),
        json(200, { data: sounding({ opted_out: true }) }),
      ],
      'POST /api/profile/market-soundings/7/opt-out': json(204),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Don’t send me market soundings in future' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop market soundings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Opt out' }));
    expect(await screen.findByText(/You have opted out/)).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/market-soundings/7/opt-out')).toHaveLength(1);
    // The consent is still there to decide.
    expect(screen.getByRole('button', { name: 'Accept and view' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Don’t send me market soundings in future' }),
    ).not.toBeInTheDocument();
  });

  it('is not found for a sounding sent to someone else', async () => {
    mockFetch({ 'GET /api/profile/market-soundings/8': json(404, { message: 'Not Found' }) });
    open(8);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and view' })).not.toBeInTheDocument();
  });
});
