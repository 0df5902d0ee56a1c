import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { ExistingTransactionsPage } from '../existing-investments/pages/existing-transactions-page';
import { FundTaxReliefPanel } from './fund-tax-relief-panel';
import { TaxReliefSection } from './tax-relief-section';

/* Issue 20: the investor's EIS/SEIS relief statement, and the certificates on an existing investment's Transactions tab. */

afterEach(() => vi.unstubAllGlobals());

const received = {
  status: 'received',
  id: 7,
  scheme: 'eis3',
  reference: 'EIS3/ABC/1',
  issued_on: '2025-09-01',
};
const awaited = { status: 'awaited', id: null, scheme: 'eis3', reference: null, issued_on: null };
const line = (overrides: Record<string, unknown>) => ({
  source: 'direct',
  share_issue_id: 1,
  opportunity: { id: 9, name: 'Eisco Seed', slug: 'eisco-seed' },
  fund: null,
  company_name: 'Eisco Ltd',
  date: '2025-04-05',
  relief: 'eis',
  currency: 'GBP',
  amount: '10000.00',
  rate: '0.30',
  relief_amount: '3000.00',
  tax_year: 2024,
  tax_year_label: '2024/25',
  certificate: received,
  ...overrides,
});
const STATEMENT = {
  lines: [
    line({}),
    line({
      share_issue_id: 2,
      date: '2025-04-06',
      amount: '3333.33',
      relief_amount: '999.99',
      tax_year: 2025,
      tax_year_label: '2025/26',
      certificate: awaited,
    }),
  ],
  totals: [
    {
      tax_year: 2025,
      tax_year_label: '2025/26',
      currency: 'GBP',
      amount: '3333.33',
      relief_amount: '999.99',
      lines: 1,
      awaited: 1,
    },
    {
      tax_year: 2024,
      tax_year_label: '2024/25',
      currency: 'GBP',
      amount: '10000.00',
      relief_amount: '3000.00',
      lines: 1,
      awaited: 0,
    },
  ],
};

function investor(routes: Record<string, MockReply | MockReply[]>) {
  const mock = mockFetch(routes);
  renderWithProviders(<TaxReliefSection />, {
    session: { status: 'authenticated', user: userWithRole(5) },
  });
  return mock;
}

describe('TaxReliefSection', () => {
  it('groups the relief by tax year, newest first, with certificates received or awaited', async () => {
    investor({ 'GET /api/portfolio/tax-relief': json(200, { data: STATEMENT }) });
    const latest = await screen.findByRole('table', { name: 'Relief in tax year 2025/26' });
    expect(within(latest).getByText('£999.99')).toBeInTheDocument();
    expect(within(latest).getByText('EIS3 awaited')).toBeInTheDocument();
    const earlier = screen.getByRole('table', { name: 'Relief in tax year 2024/25' });
    expect(within(earlier).getByText('EIS3 received')).toBeInTheDocument();
    expect(within(earlier).getByText(/EIS3\/ABC\/1/)).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { name: /^Tax year/ }).map((node) => node.textContent);
    expect(headings).toEqual(['Tax year 2025/26', 'Tax year 2024/25']);
    expect(screen.getByText(/1 certificate awaited/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download relief statement (PDF)' })).toHaveAttribute(
      'href',
      '/api/portfolio/tax-relief.pdf',
    );
  });

  it('says when nothing qualifies, with nothing to download', async () => {
    investor({ 'GET /api/portfolio/tax-relief': json(200, { data: { lines: [], totals: [] } }) });
    expect(await screen.findByText('No EIS or SEIS relief')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download relief statement/ })).not.toBeInTheDocument();
  });

  it('says when the statement could not be loaded', async () => {
    investor({ 'GET /api/portfolio/tax-relief': json(500, { message: 'Server Error' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded/);
  });
});

const staffLine = (overrides: Record<string, unknown>) => ({
  source: 'direct',
  share_issue_id: 1,
  investor: { id: 50, name: 'Hana Holder' },
  kind: 'allotment',
  company_name: 'Eisco Ltd',
  date: '2024-01-10',
  currency: 'GBP',
  amount: '3000.00',
  relief_amount: '900.00',
  tax_year_label: '2023/24',
  certificate: awaited,
  ...overrides,
});
const ROUND = {
  relief: 'eis',
  rate: '0.30',
  lines: [
    staffLine({}),
    staffLine({ share_issue_id: 2, investor: { id: 51, name: 'Sam Second' }, certificate: received }),
  ],
};
const TRANSACTIONS = [
  {
    id: 1,
    opportunity_id: 9,
    investor: { id: 50, name: 'Hana Holder' },
    kind: 'allotment',
    occurred_on: '2024-01-10',
    shares: '3000.000000',
    amount: '3000.00',
    price: '1.000000',
    share_class: null,
    note: null,
    created_at: '2026-01-01T00:00:00.000000Z',
  },
];
const certificate = {
  id: 8,
  holding_transaction_id: 1,
  fund_company_transaction_id: null,
  user_id: 50,
  scheme: 'eis3',
  reference: 'EIS3/H/1',
  issued_on: '2024-03-01',
  recorded_by: { id: 1, name: 'Ada Admin' },
  created_at: '2026-01-01T00:00:00.000000Z',
  withdrawn_at: null,
  withdrawal_reason: null,
};

function staff(roleId: 1 | 10, routes: Record<string, MockReply | MockReply[]>) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/existing-investments/9/transactions': json(200, { data: TRANSACTIONS }),
    ...routes,
  });
  renderWithProviders(<Navigate to="/admin/investments/existing/9/details/transactions" replace />, {
    path: '/admin',
    session: { status: 'authenticated', user: userWithRole(roleId) },
    routes: [
      { path: '/admin/investments/existing/:id/details/transactions', element: <ExistingTransactionsPage /> },
    ],
  });
  return mock;
}

describe('an existing investment’s certificates', () => {
  it('records one certificate, showing the server’s refusal on its field', async () => {
    const mock = staff(1, {
      'GET /api/existing-investments/9/transactions/tax-relief': json(200, { data: ROUND }),
      'POST /api/existing-investments/9/transactions/tax-relief/certificates': [
        json(422, {
          message: 'A certificate cannot be issued before the shares it covers.',
          errors: { issued_on: ['A certificate cannot be issued before the shares it covers.'] },
        }),
        json(201, { data: certificate }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'EIS certificates' });
    expect(within(table).getByText('EIS3 received')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Record certificate for Hana Holder/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a certificate' });
    await user.type(within(dialog).getByLabelText(/EIS3 reference/), 'EIS3/H/1');
    await user.type(within(dialog).getByLabelText(/Issued on/), '2024-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Record certificate' }));
    expect(await within(dialog).findByText(/cannot be issued before the shares/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record certificate' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Record a certificate' })).not.toBeInTheDocument(),
    );
    const posts = mock.callsTo('POST', '/api/existing-investments/9/transactions/tax-relief/certificates');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      holding_transaction_id: 1,
      reference: 'EIS3/H/1',
      issued_on: '2024-01-01',
    });
  });

  it('asks before recording every awaited certificate at once', async () => {
    const mock = staff(1, {
      'GET /api/existing-investments/9/transactions/tax-relief': json(200, { data: ROUND }),
      'POST /api/existing-investments/9/transactions/tax-relief/certificates/bulk': json(200, {
        data: { recorded: 1, certificates: [certificate] },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record all awaited certificates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record all awaited certificates' });
    await user.type(within(dialog).getByLabelText(/Issued on/), '2024-03-01');
    await user.type(within(dialog).getByLabelText(/Reference prefix/), 'EIS3-24-');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Record the certificates?' });
    expect(
      mock.callsTo('POST', '/api/existing-investments/9/transactions/tax-relief/certificates/bulk'),
    ).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Record 1 certificate' }));
    await waitFor(() =>
      expect(
        mock.callsTo('POST', '/api/existing-investments/9/transactions/tax-relief/certificates/bulk'),
      ).toHaveLength(1),
    );
    expect(
      mock.callsTo('POST', '/api/existing-investments/9/transactions/tax-relief/certificates/bulk')[0]?.body,
    ).toEqual({
      issued_on: '2024-03-01',
      reference_prefix: 'EIS3-24-',
    });
  });

  it('shows nothing for a round without relief', async () => {
    staff(1, {
      'GET /api/existing-investments/9/transactions/tax-relief': json(200, {
        data: { relief: 'none', rate: null, lines: [] },
      }),
    });
    await screen.findByRole('table', { name: 'Transactions' });
    await waitFor(() => expect(screen.queryByLabelText('Loading tax relief')).not.toBeInTheDocument());
    expect(screen.queryByRole('table', { name: /certificates/ })).not.toBeInTheDocument();
  });
});

describe('a fund’s certificates', () => {
  it('records one investor’s EIS5 for one of the fund’s company investments', async () => {
    setXsrfCookie('token');
    const mock = mockFetch({
      'GET /api/funds/3/tax-relief': json(200, {
        data: {
          relief: 'eis',
          rate: '0.30',
          lines: [
            staffLine({
              source: 'fund',
              share_issue_id: 40,
              kind: 'investment',
              company_name: 'Portfolio Co Ltd',
              amount: '5000.00',
              relief_amount: '1500.00',
              certificate: { ...awaited, scheme: 'eis5' },
            }),
          ],
        },
      }),
      'POST /api/funds/3/tax-relief/certificates': json(201, {
        data: {
          ...certificate,
          holding_transaction_id: null,
          fund_company_transaction_id: 40,
          scheme: 'eis5',
        },
      }),
    });
    renderWithProviders(<FundTaxReliefPanel fundId={3} mayChange />, {
      session: { status: 'authenticated', user: userWithRole(1) },
    });
    const table = await screen.findByRole('table', { name: 'Tax relief certificates' });
    expect(within(table).getByText('EIS5 awaited')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Record certificate for Hana Holder/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a certificate' });
    await user.type(within(dialog).getByLabelText(/EIS5 reference/), 'EIS5/1');
    await user.type(within(dialog).getByLabelText(/Issued on/), '2024-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Record certificate' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/funds/3/tax-relief/certificates')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/funds/3/tax-relief/certificates')[0]?.body).toEqual({
      fund_company_transaction_id: 40,
      user_id: 50,
      reference: 'EIS5/1',
      issued_on: '2024-02-01',
    });
  });
});
