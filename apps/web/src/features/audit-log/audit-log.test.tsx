import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { paginated } from '../../testing/paginated';
import { renderApp } from '../../testing/render';
import { compareSnapshots } from './components/audit-entry-modal';

const FIRST_RENDER = { timeout: 15_000 };

const ENTRIES = [
  {
    id: 31,
    actor: { id: 7, name: 'Priya Compliance' },
    action: 'fund.updated',
    subject_type: 'fund',
    subject_id: 4,
    description: 'Changed the name',
    before: { name: 'Fund I', currency: 'GBP' },
    after: { name: 'Fund One', currency: 'GBP' },
    request_id: 'req-1',
    ip: '10.0.0.1',
    created_at: '2026-11-20T10:15:00.000000Z',
  },
  {
    id: 30,
    actor: null,
    action: 'user.registered',
    subject_type: 'user',
    subject_id: 9,
    description: 'Registered as an investor',
    before: null,
    after: null,
    request_id: null,
    ip: null,
    created_at: '2026-11-19T08:00:00.000000Z',
  },
];

function open(roleId: Parameters<typeof userWithRole>[0] = 1) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId, { id: 40 }) }),
    'GET /api/audit-log': json(200, paginated(ENTRIES)),
    'GET /api/audit-log/subject-types': json(200, {
      data: [
        { value: 'fund', label: 'Fund' },
        { value: 'user', label: 'User' },
      ],
    }),
  });
  return { ...mock, ...renderApp('/admin/settings/audit-log') };
}

beforeAll(async () => {
  await Promise.all([import('../../app/routes/admin-area'), import('./pages/audit-log-page')]);
}, 60_000);

describe('the audit log', { timeout: 30_000 }, () => {
  it('lists who did what, newest first, and opens a row with its values before and after', async () => {
    const { callsTo } = open();
    const table = await screen.findByRole('table', { name: 'Audit log' }, FIRST_RENDER);
    const first = await within(table).findByRole('row', { name: /Changed the name/ }, FIRST_RENDER);
    expect(first).toHaveTextContent('Priya Compliance');
    expect(first).toHaveTextContent('fund.updated');
    expect(within(table).getByRole('row', { name: /Registered as an investor/ })).toHaveTextContent(
      'The platform',
    );
    const [call] = callsTo('GET', '/api/audit-log');
    expect(call?.path).toContain('sort=-created_at');

    await userEvent.click(within(first).getByText('Changed the name'));
    const dialog = await screen.findByRole('dialog', { name: 'Changed the name' });
    const values = within(dialog).getByRole('table');
    expect(
      within(values).getByRole('row', { name: /^name\s*changed.*Fund I.*Fund One/ }),
    ).toBeInTheDocument();
    expect(within(values).getByRole('row', { name: /^currency.*GBP.*GBP/ })).not.toHaveTextContent('changed');
  });

  it('narrows to one person by their name, and by record type and action', async () => {
    const { callsTo } = open();
    const table = await screen.findByRole('table', { name: 'Audit log' }, FIRST_RENDER);
    await userEvent.click(
      await within(table).findByRole('button', { name: 'Only what Priya Compliance did' }, FIRST_RENDER),
    );
    await waitFor(() =>
      expect(callsTo('GET', '/api/audit-log').at(-1)?.path).toContain('filter%5Bactor_id%5D=7'),
    );
    expect(await screen.findByText('Who: Priya Compliance')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Action' }), 'fund.');
    await waitFor(() =>
      expect(callsTo('GET', '/api/audit-log').at(-1)?.path).toContain('filter%5Baction%5D=fund.'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show everyone’s changes' }));
    await waitFor(() => expect(callsTo('GET', '/api/audit-log').at(-1)?.path).not.toContain('actor_id'));
  });

  it('is in the Settings menu only for roles with the compliance permission', async () => {
    open(1);
    const nav = await screen.findByRole('navigation', { name: 'Admin menu' }, FIRST_RENDER);
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'href',
      '/admin/settings/audit-log',
    );
  });
});

describe('compareSnapshots', () => {
  it('marks what changed, keeps what did not, and shows a key on one side only', () => {
    expect(compareSnapshots({ a: 1, b: 'x' }, { a: 2, b: 'x', c: { d: true } })).toEqual([
      { key: 'a', before: '1', after: '2', changed: true },
      { key: 'b', before: 'x', after: 'x', changed: false },
      { key: 'c', before: '—', after: '{"d":true}', changed: true },
    ]);
    expect(compareSnapshots(null, null)).toEqual([]);
  });
});
