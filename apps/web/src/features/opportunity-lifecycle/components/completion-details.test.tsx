import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../../testing/fetch-mock';
import { buildBranding, userWithRole } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { OpportunityStatusActions } from './opportunity-status-actions';

const PREVIEW = {
  currency: 'GBP',
  today: '2026-11-27',
  earliest_allotted_on: '2026-11-20',
  paid_count: 2,
  paid_amount: '7500.00',
  unpaid_count: 0,
  unrefunded: [
    {
      investment_id: 41,
      investor: { id: 9, name: 'Cal Cancelled' },
      amount: '300.00',
      received: '300.00',
      cancelled_at: '2026-11-21T10:00:00.000000Z',
    },
  ],
};

function openClosed() {
  setXsrfCookie('token');
  return renderWithProviders(
    <OpportunityStatusActions opportunity={{ id: 7, status: 4, name: 'Heron Robotics' }} />,
    {
      session: { status: 'authenticated', user: userWithRole(1) },
      branding: buildBranding(),
      path: '/admin/investments/opportunities/7/edit',
      routes: [],
    },
  );
}

describe('completing a round', () => {
  it('warns of cancelled money not refunded, and sends the allotment date chosen', async () => {
    const { callsTo } = mockFetch({
      'GET /api/opportunities/7/completion': json(200, { data: PREVIEW }),
      'POST /api/opportunities/7/transition': json(422, {
        message: 'The allotment date cannot be before the last payment was received (2026-11-20).',
        errors: {
          allotted_on: ['The allotment date cannot be before the last payment was received (2026-11-20).'],
        },
      }),
    });
    openClosed();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Heron Robotics to Completed?' });

    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('Cancelled investments still hold money');
    const list = within(warning).getByRole('list', { name: 'Cancelled investments not refunded' });
    expect(list).toHaveTextContent('Cal Cancelled: £300.00 received of £300.00');
    expect(
      within(dialog).getByText('2 paid investments (£7,500.00) will be allotted shares.'),
    ).toBeInTheDocument();

    const date = within(dialog).getByLabelText('Allotment date');
    expect(date).toHaveValue('2026-11-27');
    expect(date).toHaveAttribute('max', '2026-11-27');
    fireEvent.change(date, { target: { value: '2026-11-19' } });
    expect(date).toHaveValue('2026-11-19');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Completed' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/opportunities/7/transition')[0]?.body).toEqual({
        status: 5,
        allotted_on: '2026-11-19',
      }),
    );
    expect(
      await within(dialog).findByText(
        'The allotment date cannot be before the last payment was received (2026-11-20).',
      ),
    ).toBeInTheDocument();
  });
});
