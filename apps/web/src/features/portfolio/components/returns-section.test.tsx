import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { londonToday } from '../../existing-investments/london-today';
import { presetRange, taxYearOf } from './range-picker';
import { ReturnsSection } from './returns-section';

const session = { status: 'authenticated' as const, user: userWithRole(5) };

const FIGURES = {
  currency: 'GBP',
  opening: '5500.00',
  paid_in: '1000.00',
  received: '550.00',
  fees: '100.00',
  closing: '6750.00',
  gain: '800.00',
  moic: '1.12',
  tvpi: '1.12',
  dpi: '0.08',
  rvpi: '1.04',
  xirr: '0.210000',
  return_rate: '0.123077',
  return_basis: 'cumulative',
};

/** Answers with the figures for whatever period was asked (today when none). */
const answer = (request: RecordedRequest) => {
  const query = new URL(request.path, 'http://localhost').searchParams;
  return json(200, {
    data: {
      from: query.get('from') ?? '2023-01-01',
      to: query.get('to') ?? londonToday(),
      totals: FIGURES,
      totals_by_currency: [FIGURES],
    },
  });
};

afterEach(() => vi.unstubAllGlobals());

describe('presetRange', () => {
  it('knows the UK tax year: 6 April to 5 April', () => {
    expect(taxYearOf('2025-04-05')).toBe(2024);
    expect(taxYearOf('2025-04-06')).toBe(2025);
    expect(presetRange('tax-year', '2025-04-05')).toEqual({ from: '2024-04-06', to: '2025-04-05' });
    expect(presetRange('tax-year', '2025-11-28')).toEqual({ from: '2025-04-06', to: '2025-11-28' });
    expect(presetRange('last-tax-year', '2025-11-28')).toEqual({ from: '2024-04-06', to: '2025-04-05' });
    expect(presetRange('last-tax-year', '2025-04-05')).toEqual({ from: '2023-04-06', to: '2024-04-05' });
  });

  it('takes twelve whole months to today, the first money in when since the first investment', () => {
    expect(presetRange('twelve-months', '2025-11-28')).toEqual({ from: '2024-11-29', to: '2025-11-28' });
    expect(presetRange('twelve-months', '2024-02-29')).toEqual({ from: '2023-03-01', to: '2024-02-29' });
    expect(presetRange('twelve-months', '2025-01-01')).toEqual({ from: '2024-01-02', to: '2025-01-01' });
    expect(presetRange('all', '2025-11-28')).toEqual({});
    expect(presetRange('custom', '2025-11-28')).toBeNull();
  });
});

describe('ReturnsSection', () => {
  it('shows the figures since the first investment, then those of the period picked', async () => {
    const fetches = mockFetch({ 'GET /api/portfolio/returns': answer });
    renderWithProviders(<ReturnsSection />, { path: '/investor/portfolio', session });
    expect(screen.getByLabelText('Loading the figures')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Returns' });
    await within(section).findByText('£6,750.00');
    const cards = within(section)
      .getAllByRole('definition')
      .map((node) => node.textContent);
    expect(cards).toEqual([
      '£5,500.00',
      '£1,000.00',
      '£550.00',
      '£6,750.00',
      '£800.00',
      '1.12×',
      '0.08×',
      '12.3%',
    ]);
    expect(within(section).getByText('Return over the period')).toBeInTheDocument();
    expect(within(section).getByText('After £100.00 of fund fees.')).toBeInTheDocument();
    expect(fetches.calls.map((call) => call.path)).toEqual(['/api/portfolio/returns']);

    const user = userEvent.setup();
    await user.click(within(section).getByRole('radio', { name: 'Last tax year' }));
    const last = presetRange('last-tax-year', londonToday());
    await waitFor(() =>
      expect(fetches.calls.at(-1)?.path).toBe(`/api/portfolio/returns?from=${last?.from}&to=${last?.to}`),
    );
    await waitFor(() =>
      expect(
        within(section).getByText(/^From .* to .*, companies and funds together\.$/),
      ).toBeInTheDocument(),
    );

    await user.click(within(section).getByRole('radio', { name: 'This tax year' }));
    const current = presetRange('tax-year', londonToday());
    await waitFor(() =>
      expect(fetches.calls.at(-1)?.path).toBe(
        `/api/portfolio/returns?from=${current?.from}&to=${current?.to}`,
      ),
    );

    // a custom period: two days picked in the calendar
    expect(within(section).queryByLabelText('From and to')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('radio', { name: 'Custom' }));
    expect(within(section).getByRole('button', { name: 'From and to' })).toBeInTheDocument();
  });

  it('explains a failure and offers to try again', async () => {
    mockFetch({
      'GET /api/portfolio/returns': [json(500, { message: 'Server Error' }), answer],
    });
    renderWithProviders(<ReturnsSection />, { path: '/investor/portfolio', session });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/could not be loaded/);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('£6,750.00')).toBeInTheDocument();
  });

  it('says so when nothing was held in the period', async () => {
    mockFetch({
      'GET /api/portfolio/returns': json(200, {
        data: { from: '2025-01-01', to: '2025-02-01', totals: null, totals_by_currency: [] },
      }),
    });
    renderWithProviders(<ReturnsSection />, { path: '/investor/portfolio', session });
    expect(await screen.findByText('Nothing was held in this period.')).toBeInTheDocument();
  });
});
