import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { brandingWithFeatures, userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';

const FIRST_RENDER = { timeout: 15_000 };
const STAMP = '2024-05-01T10:15:30.000000Z';
const entry = (id: number, name: string, position: number, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  position,
  created_at: STAMP,
  updated_at: STAMP,
  ...extra,
});
const INDUSTRIES = [entry(1, 'Fintech', 0), entry(2, 'Healthtech', 1), entry(3, 'Proptech', 2)];

function open(
  path: string,
  { role = 1, routes = {} }: { role?: 1 | 2 | 8; routes?: Record<string, MockReply> } = {},
) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(role) }),
    'GET /api/branding': json(200, { data: brandingWithFeatures(['investmentClassification']) }),
    'GET /api/industries': json(200, paginated(INDUSTRIES)),
    'GET /api/attributes': json(200, paginated([])),
    ...routes,
  });
  return { ...mock, ...renderApp(path) };
}

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/admin-area'),
    import('./pages/classification-list-page'),
    import('./pages/attributes-page'),
    import('./pages/attribute-configure-page'),
  ]);
}, 60_000);

describe('settings → attributes', { timeout: 30_000 }, () => {
  it('reorders industries by sending every id once, and says why one in use cannot go', async () => {
    const { callsTo } = open('/admin/settings/attributes/industries', {
      routes: {
        'POST /api/industries/reorder': json(200, {
          data: [entry(2, 'Healthtech', 0), entry(1, 'Fintech', 1), entry(3, 'Proptech', 2)],
        }),
        'DELETE /api/industries/3': json(422, {
          message: 'Used by 3 opportunities and 2 deals: change them first.',
          errors: { id: ['Used by 3 opportunities and 2 deals: change them first.'] },
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Healthtech up' }, FIRST_RENDER));
    await waitFor(() => expect(callsTo('POST', '/api/industries/reorder')).toHaveLength(1));
    expect(callsTo('POST', '/api/industries/reorder')[0]?.body).toEqual({ ids: [2, 1, 3] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Healthtech up' })).toBeDisabled());

    await user.click(screen.getByRole('button', { name: 'Actions for Proptech' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete industry' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete industry' }));
    expect(
      await within(dialog).findByText('Used by 3 opportunities and 2 deals: change them first.'),
    ).toBeInTheDocument();
  });

  it('adds an industry, showing a taken name on the field', async () => {
    const { callsTo } = open('/admin/settings/attributes/industries', {
      routes: {
        'POST /api/industries': json(422, {
          message: 'An industry with that name already exists.',
          errors: { name: ['An industry with that name already exists.'] },
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add industry' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Add an industry' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'fintech');
    await user.click(within(dialog).getByRole('button', { name: 'Add industry' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'An industry with that name already exists.',
      ),
    );
    expect(callsTo('POST', '/api/industries')[0]?.body).toEqual({ name: 'fintech' });
  });

  it('shows sub-types of the chosen investment type', async () => {
    const { callsTo } = open('/admin/settings/attributes/investment-sub-types', {
      routes: {
        'GET /api/investment-types': json(200, paginated([entry(5, 'Equity', 0), entry(6, 'Fund', 1)])),
        'GET /api/investment-sub-types': json(
          200,
          paginated([
            entry(9, 'Seed', 0, { investment_type_id: 5 }),
            entry(10, 'Series A', 1, { investment_type_id: 5 }),
          ]),
        ),
      },
    });
    expect(await screen.findByText('Series A', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(callsTo('GET', '/api/investment-sub-types')[0]?.path).toContain(
      'filter%5Binvestment_type_id%5D=5',
    );
  });

  it('opens no attributes screen to an Entrepreneur', async () => {
    open('/admin/settings/attributes/industries', { role: 2 });
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add industry' })).not.toBeInTheDocument();
  });

  it('defines a select attribute with its options', async () => {
    const saved = {
      id: 12,
      name: 'Relationship',
      applies_to: 'contact',
      type: 'select',
      help_text: null,
      position: 0,
      locked: false,
      options: [
        { id: 1, label: 'Warm', position: 0 },
        { id: 2, label: 'Cold', position: 1 },
      ],
      values_count: 0,
      created_at: STAMP,
      updated_at: STAMP,
    };
    const { callsTo, router } = open('/admin/settings/attributes/configure/new', {
      routes: {
        'POST /api/attributes': json(201, { data: saved }),
        'GET /api/attributes/12': json(200, { data: saved }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Name/ }, FIRST_RENDER), 'Relationship');
    await user.click(screen.getByRole('combobox', { name: /Applies to/ }));
    await user.click(await screen.findByRole('option', { name: 'Contacts' }));
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'One choice from a list' }));
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Cold');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 2' }), 'Warm');
    await user.click(screen.getByRole('button', { name: 'Move option 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await waitFor(() => expect(callsTo('POST', '/api/attributes')).toHaveLength(1));
    expect(callsTo('POST', '/api/attributes')[0]?.body).toEqual({
      name: 'Relationship',
      applies_to: 'contact',
      type: 'select',
      help_text: '',
      options: [{ label: 'Warm' }, { label: 'Cold' }],
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/settings/attributes/configure/12'),
    );
    // No lock for a Super Admin: only Support has attributes_lock.
    expect(screen.queryByRole('switch', { name: /Locked/ })).not.toBeInTheDocument();
  });
});
