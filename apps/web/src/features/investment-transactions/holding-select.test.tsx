import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { emptyPage, INVESTOR, T } from '../compliance/compliance-test-data';
import { HoldingSelect, holdingOf } from './components/holding-select';

const ENTITY = {
  id: 4,
  investment_method: { id: 2, name: 'Hargreaves SIPP', type: 'sipp' },
  holder: { type: 'investor', id: 7, name: 'Olivia Carter', email: 'investor@portico.test' },
  user_id: 7,
  contact_id: null,
  name: 'O. Carter SIPP',
  account_reference: null,
  status: 'active',
  created_at: T,
  updated_at: T,
};

function Harness() {
  const [value, setValue] = useState('self');
  return (
    <>
      <HoldingSelect investorId={7} value={value} onChange={setValue} />
      <output aria-label="holding">{JSON.stringify(holdingOf(value))}</output>
    </>
  );
}

describe('how a manual investment is held', () => {
  it('maps each of the four choices to the request', () => {
    expect(holdingOf('self')).toEqual({ type: 'self' });
    expect(holdingOf('organisation:12')).toEqual({ type: 'organisation', organisation_id: 12 });
    expect(holdingOf('investment_method:4')).toEqual({
      type: 'investment_method',
      investment_method_entity_id: 4,
    });
    expect(holdingOf('nominee:7')).toEqual({ type: 'nominee', nominee_id: 7 });
  });

  it('offers the investor’s organisations, accounts and nominees', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/investors/7': json(200, {
        data: { ...INVESTOR, organisations: [{ id: 12, name: 'Carter Family Office', role: 'director' }] },
      }),
      'GET /api/investors/7/investment-method-entities': json(200, { data: [ENTITY] }),
      'GET /api/nominees?per_page=100&sort=name': json(200, {
        ...emptyPage,
        data: [{ id: 3, name: 'Safe Nominees' }],
      }),
    });
    renderWithProviders(<Harness />, {
      session: { status: 'authenticated', user: userWithRole(1) },
      branding: buildBranding(),
    });
    const select = await screen.findByRole('combobox', { name: /^Held/ });
    await waitFor(() => expect(screen.queryByText(/Loading the investor/)).not.toBeInTheDocument());
    await user.click(select);
    expect(await screen.findByRole('option', { name: 'Carter Family Office' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Safe Nominees' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'O. Carter SIPP (Hargreaves SIPP)' }));
    expect(screen.getByLabelText('holding')).toHaveTextContent(
      '{"type":"investment_method","investment_method_entity_id":4}',
    );
  });
});
