import type { Organisation } from '@portico/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { OrganisationForm } from './components/organisation-form';

// The shared record form (useTextRecordForm) through one of its four forms: what a new record sends
// and what an edit sends.
describe('the organisation form', { timeout: 30_000 }, () => {
  it('sends a new organisation with every filled field trimmed and the chosen type', async () => {
    const submit = vi.fn((input: object) => Promise.resolve({ id: 1, ...input } as unknown as Organisation));
    renderWithProviders(<OrganisationForm submit={submit} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '  Acme Holdings  ');
    await user.type(screen.getByRole('textbox', { name: /^Registration number/ }), '01234567');
    await user.click(screen.getByRole('button', { name: 'Add organisation' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        name: 'Acme Holdings',
        registration_number: '01234567',
        type: 'company',
      }),
    );
  });

  it('sends only what changed of an existing organisation', async () => {
    const record = {
      id: 7,
      name: 'Acme Holdings',
      type: 'company',
      registration_number: '01234567',
      email: 'desk@acme.test',
    } as unknown as Organisation;
    const submit = vi.fn(() => Promise.resolve(record));
    renderWithProviders(
      <OrganisationForm record={record} submit={submit} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: /^Registration number/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ registration_number: '' }));
  });
});
