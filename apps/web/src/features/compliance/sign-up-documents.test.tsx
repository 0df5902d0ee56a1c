import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, setXsrfCookie, type MockReply } from '../../testing/fetch-mock';
import { userWithRole } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { requirement } from './compliance-test-data';

const REQUIREMENTS = [
  requirement(1, 'Passport', { description: 'A colour scan of the photo page.' }),
  requirement(2, 'Proof of address', { required: false }),
  requirement(3, 'Application form', { kind: 'sign' }),
];

function open(roleId: 1 | 10 | 12 = 1, routes: Record<string, MockReply | MockReply[]> = {}) {
  setXsrfCookie('token');
  const mock = mockFetch({
    'GET /api/user': json(200, { data: userWithRole(roleId) }),
    'GET /api/onboarding-requirements': json(200, { data: REQUIREMENTS }),
    ...routes,
  });
  return { ...mock, ...renderApp('/admin/settings/investor/sign-up-documents') };
}

// Each test renders the whole app, whose pages load lazily: the first of a file is slow.
describe('settings → investor → sign-up documents', { timeout: 30_000 }, () => {
  it('lists the documents in order with what is asked and whether it is required', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Sign-up documents' });
    await within(table).findByText('Passport');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'PassportA colour scan of the photo page.',
      'Proof of address',
      'Application form',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Optional')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Sign and return a document')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign-up documents' })).toHaveAttribute(
      'href',
      '/admin/settings/investor/sign-up-documents',
    );
  });

  it('adds a document, checking the name first and showing the server’s errors on its fields', async () => {
    const { callsTo } = open(1, {
      'POST /api/onboarding-requirements': [
        json(422, {
          message: 'A sign-up document with that name already exists.',
          errors: { name: ['A sign-up document with that name already exists.'] },
        }),
        json(201, { data: requirement(4, 'Bank statement') }),
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add sign-up document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a sign-up document' });
    await user.click(within(dialog).getByRole('button', { name: 'Add sign-up document' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'The name field is required.',
    );
    expect(callsTo('POST', '/api/onboarding-requirements')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Passport');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Three months old at most');
    await user.click(within(dialog).getByRole('radio', { name: /Sign and return a document/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Required to complete onboarding/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add sign-up document' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'A sign-up document with that name already exists.',
      ),
    );
    expect(callsTo('POST', '/api/onboarding-requirements')[0]?.body).toEqual({
      name: 'Passport',
      description: 'Three months old at most',
      kind: 'sign',
      required: false,
      active: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add sign-up document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes only after confirming, and says why when the server refuses', async () => {
    const { callsTo } = open(1, {
      'DELETE /api/onboarding-requirements/2': [
        json(422, {
          message:
            'Investors have submitted documents for this requirement: deactivate it instead, so their history is kept.',
          errors: { id: ['Investors have submitted documents for this requirement.'] },
        }),
        json(204),
      ],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for Proof of address' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete sign-up document' });
    expect(callsTo('DELETE', '/api/onboarding-requirements/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete sign-up document' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/deactivate it instead/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete sign-up document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE', '/api/onboarding-requirements/2')).toHaveLength(2);
  });

  it('moves a document up by sending every id in the new order', async () => {
    const { callsTo } = open(1, {
      'POST /api/onboarding-requirements/reorder': json(200, {
        data: [REQUIREMENTS[0], REQUIREMENTS[2], REQUIREMENTS[1]],
      }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Move Passport up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Application form up' }));
    await waitFor(() =>
      expect(callsTo('POST', '/api/onboarding-requirements/reorder')[0]?.body).toEqual({ ids: [1, 3, 2] }),
    );
  });

  it('is read-only for the Investment Manager', async () => {
    open(10);
    expect(await screen.findByText('Proof of address')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add sign-up document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('is not open to the Adviser', async () => {
    open(12);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
