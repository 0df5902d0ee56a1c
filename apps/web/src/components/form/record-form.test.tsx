import { Anchor, Stack } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ADDRESS_FIELDS, AddressFields } from './address-fields';
import { ContactFields, WebsiteField } from './contact-fields';
import { FormSection } from './form-section';
import { changedFields, textValuesOf } from './text-fields';
import { RecordFormActions } from './record-form-actions';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useRecordForm } from './use-record-form';

const FIELDS = ['email', 'phone', 'website', ...ADDRESS_FIELDS] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const SAVED = { email: 'desk@fund.test', city: 'Leeds' };

/** A record's edit form made of the shared pieces, as organisations, nominees and methods use them. */
function FundForm({ submit }: { submit: (changes: Partial<Values>) => Promise<unknown> }) {
  const initial = textValuesOf<(typeof FIELDS)[number]>(SAVED, FIELDS);
  const changesOf = (values: Values) => changedFields(values, initial, FIELDS);
  const { form, onSubmit, shouldBlock, actions } = useRecordForm({
    initial,
    editing: true,
    validate: () => ({}),
    changesOf,
    submit: (values) => submit(changesOf(values)),
    onSaved: () => undefined,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormSection title="Fund">
          <WebsiteField form={form} />
          <ContactFields form={form} />
        </FormSection>
        <AddressFields form={form} title="Registered address" />
        <RecordFormActions {...actions} addLabel="Add fund" onCancel={() => undefined} />
        <Anchor component={Link} to="/elsewhere">
          Elsewhere
        </Anchor>
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}

function open(submit = vi.fn(() => Promise.resolve())) {
  const view = renderWithProviders(<FundForm submit={submit} />, {
    path: '/fund',
    routes: [{ path: '/elsewhere', element: <p>Somewhere else</p> }],
  });
  return { ...view, submit };
}

describe('a record form of the shared field groups', { timeout: 30_000 }, () => {
  it('fills the address, contact and website fields from the record, and counts the changes', async () => {
    const { submit } = open();
    expect(screen.getByRole('heading', { name: 'Registered address' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('desk@fund.test');
    expect(screen.getByRole('textbox', { name: 'Town or city' })).toHaveValue('Leeds');
    expect(screen.getByText('No changes yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Postcode' }), 'LS1 1AA');
    await user.clear(screen.getByRole('textbox', { name: 'Town or city' }));
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://fund.test');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '0113 496 0000');
    expect(screen.getByText('4 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        postcode: 'LS1 1AA',
        city: '',
        website: 'https://fund.test',
        phone: '0113 496 0000',
      }),
    );
  });

  it('asks before leaving with unsaved changes, and not once they are saved', async () => {
    const { router } = open();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), '1 High Street');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/fund');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled());
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
  });

  it('picks the country by its name and saves its ISO code', async () => {
    const { submit } = open();
    const user = userEvent.setup();
    const country = screen.getByRole('combobox', { name: 'Country' });
    // The names arrive in their own chunk; the field says so until they do.
    await waitFor(() => expect(country).toHaveAttribute('placeholder', 'Search for a country'));
    await user.type(country, 'united k');
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    expect(country).toHaveValue('United Kingdom');
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ country: 'GB' }));
  });

  it('finds a country by another of its names or its code, ignoring accents', async () => {
    open();
    const user = userEvent.setup();
    const country = screen.getByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(country).toHaveAttribute('placeholder', 'Search for a country'));
    await user.type(country, 'UK');
    expect(await screen.findByRole('option', { name: 'United Kingdom' })).toBeInTheDocument();
    await user.clear(country);
    await user.type(country, 'DE');
    expect(await screen.findByRole('option', { name: 'Germany' })).toBeInTheDocument();
    await user.clear(country);
    await user.type(country, 'curacao');
    expect(await screen.findByRole('option', { name: 'Curaçao' })).toBeInTheDocument();
    await user.clear(country);
    await user.type(country, 'ivory');
    expect(await screen.findByRole('option', { name: "Cote d'Ivoire" })).toBeInTheDocument();
    await user.clear(country);
    await user.type(country, 'Atlantis');
    expect(await screen.findByText('No country matches')).toBeInTheDocument();
  });
});
