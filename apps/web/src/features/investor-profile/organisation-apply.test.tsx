import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { T } from '../compliance/compliance-test-data';

function application(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'join',
    investor: { id: 7, name: 'Olivia Carter', email: 'investor@portico.test' },
    organisation: { id: 3, name: 'Acme Family Office' },
    proposed_name: null,
    proposed_type: null,
    registration_number: null,
    role: 'member',
    message: null,
    status: 'pending',
    reason: null,
    reviewed_by: null,
    reviewed_at: null,
    created_at: T,
    updated_at: T,
    ...overrides,
  };
}

function open(
  routes: Record<string, MockReply | MockReply[]>,
  features: Parameters<typeof brandingWithFeatures>[0] = ['organisationLinks'],
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(5, { id: 7, name: 'Olivia Carter' }) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(features) }),
    'GET /api/profile/categorisation': json(503, {}),
    'GET /api/profile/organisations': json(200, { data: [] }),
    'GET /api/profile/investment-method-entities': json(200, { data: [] }),
    ...routes,
  });
  return { ...mock, ...renderApp('/investor/profile/organisation-apply') };
}

describe('/investor/profile/organisation-apply', { timeout: 30_000 }, () => {
  it('is the 404 page while organisation links are off', async () => {
    open({}, []);
    expect(
      await screen.findByRole('heading', { name: "Sorry that page doesn't seem to exist" }),
    ).toBeInTheDocument();
  });

  it('applies to join an organisation found by name, and lists the applications with their outcome', async () => {
    const rejected = application(1, {
      kind: 'create',
      organisation: null,
      proposed_name: 'Carter Trust',
      status: 'rejected',
      reason: 'Please send the trust deed.',
    });
    const { callsTo } = open({
      'GET /api/profile/organisation-applications': [
        json(200, { data: [rejected] }),
        json(200, { data: [application(2, { role: 'director' }), rejected] }),
      ],
      'GET /api/profile/organisation-options': json(200, {
        data: [{ id: 3, name: 'Acme Family Office', type: 'family_office' }],
      }),
      'POST /api/profile/organisation-applications': json(201, {
        data: application(2, { role: 'director' }),
      }),
    });
    expect(await screen.findByText('Create Carter Trust')).toBeInTheDocument();
    expect(screen.getByText('Not approved: Please send the trust deed.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(
      await screen.findByText('Choose an organisation to join, or give the name of a new one.'),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/profile/organisation-applications')).toHaveLength(0);

    await user.type(screen.getByRole('combobox', { name: /^Organisation/ }), 'Acme');
    await user.click(await screen.findByRole('option', { name: 'Acme Family Office (Family office)' }));
    await user.click(screen.getByRole('combobox', { name: /^Your role/ }));
    await user.click(await screen.findByRole('option', { name: 'Director' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/profile/organisation-applications')[0]?.body).toEqual({
        organisation_id: 3,
        role: 'director',
      }),
    );
    const list = await screen.findByRole('list', { name: 'Applications' });
    expect(await within(list).findByText('Join Acme Family Office')).toBeInTheDocument();
  });
});
