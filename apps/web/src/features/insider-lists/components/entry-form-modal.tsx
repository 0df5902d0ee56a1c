import { Radio, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type GetInputProps } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  addInsiderEntryInputSchema,
  insiderEntryVersionInputSchema,
  type InsiderEntry,
  type InsiderListType,
} from '@portico/contracts';
import { useState } from 'react';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { fromLocalInput, toLocalInput } from '../../../lib/datetime-local';
import {
  useAddInsiderEntry,
  useAddInsiderVersion,
  useInsiderPeople,
  type PersonKind,
  type PersonOption,
} from '../api/insider-lists';

type Who = PersonKind | 'other';

interface EntryValues extends Record<string, unknown> {
  first_names: string;
  surnames: string;
  birth_surnames: string;
  professional_phones: string;
  company_name_address: string;
  function_reason: string;
  obtained_at: string;
  ceased_at: string;
  date_of_birth: string;
  national_id: string;
  personal_phones: string;
  personal_address: string;
}

const OPTIONAL = [
  'birth_surnames',
  'professional_phones',
  'company_name_address',
  'national_id',
  'personal_phones',
  'personal_address',
] as const;

const valuesOf = (entry: InsiderEntry | undefined): EntryValues => ({
  first_names: entry?.first_names ?? '',
  surnames: entry?.surnames ?? '',
  birth_surnames: entry?.birth_surnames ?? '',
  professional_phones: entry?.professional_phones ?? '',
  company_name_address: entry?.company_name_address ?? '',
  function_reason: entry?.function_reason ?? '',
  obtained_at: toLocalInput(entry?.obtained_at),
  ceased_at: toLocalInput(entry?.ceased_at),
  date_of_birth: entry?.date_of_birth ?? '',
  national_id: entry?.national_id ?? '',
  personal_phones: entry?.personal_phones ?? '',
  personal_address: entry?.personal_address ?? '',
});

/** Every field as the API takes it: an emptied optional field is sent as null, so a new version clears it. */
function payloadOf(values: EntryValues, { dropEmptyNames }: { dropEmptyNames: boolean }) {
  const optional = Object.fromEntries(
    OPTIONAL.map((key) => [key, values[key].trim() === '' ? null : values[key].trim()]),
  );
  return {
    ...(dropEmptyNames && values.first_names.trim() === '' ? {} : { first_names: values.first_names.trim() }),
    ...(dropEmptyNames && values.surnames.trim() === '' ? {} : { surnames: values.surnames.trim() }),
    ...optional,
    function_reason: values.function_reason.trim(),
    obtained_at: fromLocalInput(values.obtained_at),
    ceased_at: values.ceased_at.trim() === '' ? null : fromLocalInput(values.ceased_at),
    date_of_birth: values.date_of_birth.trim() === '' ? null : values.date_of_birth,
  };
}

const validateAdd = zodResolver(addInsiderEntryInputSchema);
const validateVersion = zodResolver(insiderEntryVersionInputSchema);

/** A staff account or an investor, found by name or email as you type. */
function PersonPicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: PersonKind;
  value: PersonOption | null;
  onChange: (person: PersonOption | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const label = (person: PersonOption) => `${person.name} (${person.email})`;
  const term = value && debounced === label(value) ? '' : debounced;
  const { data } = useInsiderPeople(kind, term);
  const people = [...(value ? [value] : []), ...(data ?? []).filter((row) => row.id !== value?.id)];
  return (
    <Select
      label={kind === 'staff' ? 'Staff member' : 'Investor'}
      placeholder="Type a name or email"
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={people.map((person) => ({ value: String(person.id), label: label(person) }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(people.find((person) => String(person.id) === id) ?? null)}
      nothingFoundMessage="Nobody matches"
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function TemplateFields({
  form,
  namesOptional,
  permanent,
}: {
  form: { getInputProps: GetInputProps<EntryValues> };
  namesOptional: boolean;
  permanent: boolean;
}) {
  const fromAccount = namesOptional ? 'Left empty: taken from their account' : undefined;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name(s)"
          required={!namesOptional}
          description={fromAccount}
          {...form.getInputProps('first_names')}
        />
        <TextInput
          label="Surname(s)"
          required={!namesOptional}
          description={fromAccount}
          {...form.getInputProps('surnames')}
        />
        <TextInput
          label="Birth surname(s)"
          description="If different"
          {...form.getInputProps('birth_surnames')}
        />
        <TextInput label="Professional telephone number(s)" {...form.getInputProps('professional_phones')} />
      </SimpleGrid>
      <Textarea
        label="Company name and address"
        autosize
        minRows={2}
        {...form.getInputProps('company_name_address')}
      />
      <Textarea
        label="Function and reason for being insider"
        required
        autosize
        minRows={2}
        {...form.getInputProps('function_reason')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={permanent ? 'Included' : 'Obtained'}
          description="Date and time, in your time zone (the list shows UTC)"
          type="datetime-local"
          required
          {...form.getInputProps('obtained_at')}
        />
        <TextInput
          label="Ceased"
          description="Date and time access ended, if it has"
          type="datetime-local"
          {...form.getInputProps('ceased_at')}
        />
        <TextInput label="Date of birth" type="date" {...form.getInputProps('date_of_birth')} />
        <TextInput
          label="National identification number"
          description="If applicable"
          {...form.getInputProps('national_id')}
        />
        <TextInput label="Personal telephone numbers" {...form.getInputProps('personal_phones')} />
      </SimpleGrid>
      <Textarea
        label="Personal full home address"
        description="Street name and number, city, post code, country"
        autosize
        minRows={2}
        {...form.getInputProps('personal_address')}
      />
    </>
  );
}

interface AddProps {
  type: InsiderListType;
  id: number;
  /** a sounded investor's derived row, completed by staff: the investor is fixed and the fields prefilled */
  completing?: InsiderEntry | undefined;
  onClose: () => void;
}

function AddForm({ type, id, completing, onClose }: AddProps) {
  const { mutateAsync } = useAddInsiderEntry(type, id);
  const [who, setWho] = useState<Who>(completing ? 'investor' : 'staff');
  const [person, setPerson] = useState<PersonOption | null>(null);
  const namesOptional = who !== 'other';
  const picking = who !== 'other' && !completing;
  const form = useForm<EntryValues>({
    initialValues: valuesOf(completing),
    validate: (values) => ({
      ...validateAdd(payloadOf(values, { dropEmptyNames: namesOptional })),
      ...(picking && !person
        ? {
            [who === 'staff' ? 'user_id' : 'investor_id']:
              `Choose the ${who === 'staff' ? 'staff member' : 'investor'}.`,
          }
        : {}),
    }),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: [...Object.keys(form.getValues()), 'user_id', 'investor_id'],
    submit: (values) => {
      const investorId = completing?.investor_id ?? (who === 'investor' ? person?.id : undefined);
      const userId = who === 'staff' && !completing ? person?.id : undefined;
      return mutateAsync({
        ...payloadOf(values, { dropEmptyNames: namesOptional }),
        ...(userId === undefined ? {} : { user_id: userId }),
        ...(investorId === undefined || investorId === null ? {} : { investor_id: investorId }),
      });
    },
    onSuccess: (entry) => {
      notifications.show({
        color: 'success',
        title: 'Insider added',
        message: `${entry.first_names} ${entry.surnames} is on the list.`,
      });
      onClose();
    },
  });
  const pickerError = form.errors.user_id ?? form.errors.investor_id;
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Add insider"
      onCancel={onClose}
    >
      <Stack gap="sm">
        {completing ? (
          <Text size="sm">
            Completes the row of {completing.first_names} {completing.surnames}, an investor who accepted a
            market sounding: your entry replaces the row taken from their profile.
          </Text>
        ) : (
          <>
            <Radio.Group
              label="Who"
              value={who}
              onChange={(next) => {
                if (next === 'staff' || next === 'investor' || next === 'other') setWho(next);
                setPerson(null);
                form.clearFieldError('user_id');
                form.clearFieldError('investor_id');
              }}
            >
              <Group gap="lg" mt={4}>
                <Radio value="staff" label="A staff member" />
                <Radio value="investor" label="An investor" />
                <Radio value="other" label="Someone else" />
              </Group>
            </Radio.Group>
            {who !== 'other' && (
              <PersonPicker
                kind={who}
                value={person}
                onChange={(next) => {
                  setPerson(next);
                  form.clearFieldError('user_id');
                  form.clearFieldError('investor_id');
                }}
                error={typeof pickerError === 'string' ? pickerError : undefined}
              />
            )}
          </>
        )}
        <TemplateFields form={form} namesOptional={namesOptional} permanent={type === 'permanent'} />
      </Stack>
    </ModalForm>
  );
}

/** "Add insider": a staff member, an investor or anyone typed in, with the template's fields. */
export function AddInsiderModal({ opened, ...props }: AddProps & { opened: boolean }) {
  return (
    <FormModal
      opened={opened}
      onClose={props.onClose}
      title={props.completing ? 'Complete the investor’s entry' : 'Add insider'}
      size="standard"
    >
      <AddForm {...props} />
    </FormModal>
  );
}

interface AmendProps {
  entry: InsiderEntry & { entry_id: number };
  permanent: boolean;
  onClose: () => void;
}

function AmendForm({ entry, permanent, onClose }: AmendProps) {
  const { mutateAsync } = useAddInsiderVersion(entry.entry_id);
  const form = useForm<EntryValues>({
    initialValues: valuesOf(entry),
    validate: (values) => validateVersion(payloadOf(values, { dropEmptyNames: false })),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: [...Object.keys(form.getValues())],
    submit: (values) => mutateAsync(payloadOf(values, { dropEmptyNames: false })),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: 'Entry amended',
        message: `Version ${saved.version ?? ''} of ${saved.first_names} ${saved.surnames}’s entry is recorded.`,
      });
      onClose();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Save as a new version"
      onCancel={onClose}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The entry is never overwritten: your changes are kept as version {(entry.version ?? 0) + 1}, and the
          earlier versions stay in its history.
        </Text>
        <TemplateFields form={form} namesOptional={false} permanent={permanent} />
      </Stack>
    </ModalForm>
  );
}

/** "Amend": every field of the entry, saved as a new version. */
export function AmendInsiderModal({ opened, ...props }: AmendProps & { opened: boolean }) {
  return (
    <FormModal opened={opened} onClose={props.onClose} title="Amend the entry" size="standard">
      <AmendForm {...props} />
    </FormModal>
  );
}
