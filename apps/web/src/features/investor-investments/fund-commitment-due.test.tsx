import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { brandingWithFeatures, opportunityFixture, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';
import { myInvestmentFixture } from './investing-test-data';

/*
 * Issue 20: a fund commitment is drawn down by capital calls. The investments page shows what has been
 * called of it and asks for what is due now (called less paid), never the whole commitment.
 */
describe('a fund commitment awaiting payment', { timeout: 30_000 }, () => {
  it('shows "Called £X of £Y" and asks for the called amount less what was paid', async () => {
    setXsrfCookie('token');
    const commitment = myInvestmentFixture({
      id: 907,
      status: 'awaiting_payment',
      amount: '10000.00',
      called_amount: '3000.00',
      paid_amount: '1000.00',
      cash_call: { due_date: '2026-12-15', message: null },
    });
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
      'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
      'GET /api/stats/overview': json(503, {}),
      'GET /api/notifications': json(200, { data: [] }),
      'GET /api/opportunities': json(200, paginated([opportunityFixture()])),
      'GET /api/profile/investments': json(200, { data: [commitment] }),
      'GET /api/profile/pre-emption': json(200, { data: [] }),
    });
    renderApp('/investor/investments');
    const allocations = await screen.findByRole('region', { name: 'My Reserved Allocations' });
    const [row] = await within(allocations).findAllByRole('listitem');
    if (!row) throw new Error('no allocation');
    expect(within(row).getByText('£3,000.00 of £10,000.00')).toBeInTheDocument();
    const payment = within(row).getByRole('region', { name: 'Payment details' });
    expect(within(payment).getByText('Please pay £2,000.00')).toBeInTheDocument();
    expect(payment).toHaveTextContent('Called £3,000.00 of £10,000.00');
    expect(within(payment).queryByText('Please pay £9,000.00')).not.toBeInTheDocument();
  });
});
