import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { brandingWithFeatures, opportunityFixture, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';
import { myInvestmentFixture } from './investing-test-data';

/*
 * Issue 18: an investor cannot withdraw a reservation that already holds money (the server answers 422);
 * the portal offers no Withdraw for it and says that staff cancel it and refund.
 */
describe('a reserved allocation that holds money', { timeout: 30_000 }, () => {
  it('offers no Withdraw and says staff will cancel and refund it; one without money still can be', async () => {
    setXsrfCookie('token');
    const partPaid = myInvestmentFixture({ id: 905, paid_amount: '400.00' });
    const unpaid = myInvestmentFixture({ id: 906, paid_amount: '0.00' });
    mockFetch({
      'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
      'GET /api/branding': json(200, { data: brandingWithFeatures([]) }),
      'GET /api/stats/overview': json(503, {}),
      'GET /api/notifications': json(200, { data: [] }),
      'GET /api/opportunities': json(200, paginated([opportunityFixture()])),
      'GET /api/profile/investments': json(200, { data: [partPaid, unpaid] }),
      'GET /api/profile/pre-emption': json(200, { data: [] }),
    });
    renderApp('/investor/investments');
    const allocations = await screen.findByRole('region', { name: 'My Reserved Allocations' });
    const rows = await within(allocations).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [held, free] = rows as [HTMLElement, HTMLElement];
    expect(within(held).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(held).toHaveTextContent(
      'We have received £400.00 for this allocation, so it cannot be withdrawn here: contact us and we will cancel it and refund your money.',
    );
    expect(within(free).getByRole('button', { name: /Withdraw allocation/ })).toBeInTheDocument();
  });
});
