import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { BankDetailsSection } from './components/bank-details-section';

describe('where investors pay', () => {
  it('shows staff the sort code in pairs, with a copy button beside each detail', async () => {
    setXsrfCookie('token');
    mockFetch({
      'GET /api/opportunities/7/bank-details': json(200, {
        data: {
          hidden: false,
          international: false,
          bank_account_name: 'Northwind Client Account',
          bank_sort_code: '401524',
          bank_account_number: '12345678',
          bank_iban: null,
          bank_swift: null,
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<BankDetailsSection opportunityId={7} canEdit={false} />);
    const section = await screen.findByRole('region', { name: 'Where investors pay' });
    expect(await within(section).findByText('40-15-24')).toBeInTheDocument();
    expect(within(section).queryByText('401524')).not.toBeInTheDocument();
    for (const name of ['Copy account name', 'Copy sort code', 'Copy account number'])
      expect(within(section).getByRole('button', { name })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Copy sort code' }));
    expect(await navigator.clipboard.readText()).toBe('401524');
  });
});
