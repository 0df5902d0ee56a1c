import { ROLES, type RoleId } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { buildBranding, opportunityFixture, userWithRole } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { ExistingRecordPage } from './pages/existing-record-page';

const EXISTING = opportunityFixture({
  id: 9,
  slug: 'harbour-lane-coffee',
  name: 'Harbour Lane Coffee',
  status: 5,
  stage: 5,
  company_name: 'Harbour Lane Coffee Ltd',
  summary: null,
  committed_amount: '0.00',
  share_price: '1.000000',
  tax_relief: 'seis',
  closing_date: '2025-03-31',
  pipeline_deal_id: null,
  published_at: '2025-01-01T10:00:00.000000Z',
  closed_at: '2025-04-01T10:00:00.000000Z',
  completed_at: '2025-05-01T10:00:00.000000Z',
  created_at: '2025-01-01T10:00:00.000000Z',
  updated_at: '2025-05-01T10:00:00.000000Z',
  description: '<p>Coffee by the harbour.</p>',
  key_points: [],
});

afterEach(() => vi.unstubAllGlobals());

function open(roleId: RoleId) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/opportunities/9': json(200, { data: EXISTING }),
    'DELETE /api/opportunities/9': () => json(204),
  });
  const view = renderWithProviders(<Navigate to="/admin/investments/existing/9/details" replace />, {
    path: '/admin',
    session: { status: 'authenticated', user: userWithRole(roleId) },
    branding: buildBranding(),
    routes: [
      { path: '/admin/investments/existing/:id/details', element: <ExistingRecordPage /> },
      { path: '/admin/investments/existing/:id/details/preview', element: <p>preview page</p> },
      { path: '/admin/investments/opportunities', element: <p>opportunities list</p> },
    ],
  });
  return { ...mock, ...view };
}

describe('an existing investment’s record (spec §6)', () => {
  it('gives Support Preview and Delete, asking first, and opens the list after', async () => {
    const user = userEvent.setup();
    const { callsTo } = open(8);
    expect(await screen.findByRole('heading', { name: 'Harbour Lane Coffee' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/admin/investments/existing/9/details/preview',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Harbour Lane Coffee' });
    expect(callsTo('DELETE', '/api/opportunities/9')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('opportunities list')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/opportunities/9')).toHaveLength(1);
  });

  it('offers a new round to staff who may create opportunities, and to no one else', async () => {
    open(ROLES.SUPER_ADMIN);
    expect(await screen.findByRole('link', { name: 'Raise a new round' })).toHaveAttribute(
      'href',
      '/admin/investments/opportunities/new-opportunity?round_of=9',
    );
  });

  it('offers no new round to a role that may not create opportunities', async () => {
    open(ROLES.CUSTODIAN);
    expect(await screen.findByRole('heading', { name: 'Harbour Lane Coffee' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Raise a new round' })).not.toBeInTheDocument();
  });

  it('offers the Super Admin Preview but no Delete (delete_unsafe is Support’s alone)', async () => {
    open(1);
    expect(await screen.findByRole('link', { name: 'Preview' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument());
  });
});
