import { Stack, TextInput } from '@mantine/core';
import {
  createNomineeInputSchema,
  updateNomineeInputSchema,
  type CreateNomineeInput,
  type Nominee,
  type UpdateNomineeInput,
} from '@portico/contracts';
import { useMemo } from 'react';
import { ADDRESS_FIELDS, AddressFields } from '../../../components/form/address-fields';
import { ContactFields } from '../../../components/form/contact-fields';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import {
  changedFields,
  filledFields,
  textValuesOf,
  type TextValues,
} from '../../../components/form/text-fields';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useRecordForm } from '../../../components/form/use-record-form';
import { zodResolver } from '../../../components/form/zod-resolver';

const FIELDS = ['name', 'company_number', 'fca_number', 'email', 'phone', ...ADDRESS_FIELDS] as const;
type Values = TextValues<(typeof FIELDS)[number]>;

const validateNew = zodResolver(createNomineeInputSchema);
const validateChanges = zodResolver(updateNomineeInputSchema);

/** What POST /api/nominees takes: every filled field, trimmed. */
function newPayload(values: Values): CreateNomineeInput {
  return { ...filledFields(values, FIELDS), name: values.name.trim() };
}

type NomineeFormProps = {
  onSaved: (nominee: Nominee) => void;
  onCancel: () => void;
} & (
  | { nominee?: undefined; submit: (input: CreateNomineeInput) => Promise<Nominee> }
  | { nominee: Nominee; submit: (changes: UpdateNomineeInput) => Promise<Nominee> }
);

/** A new nominee company, or the changes to one; its registration numbers are checked as typed. */
export function NomineeForm(props: NomineeFormProps) {
  const { onSaved, onCancel } = props;
  const editing = props.nominee !== undefined;
  const initial = useMemo(() => textValuesOf(props.nominee, FIELDS), [props.nominee]);
  const changesOf = (values: Values): UpdateNomineeInput => changedFields(values, initial, FIELDS);
  const { form, input, onSubmit, shouldBlock, actions } = useRecordForm({
    schema: createNomineeInputSchema,
    initial,
    editing,
    validate: (values) => (editing ? validateChanges(changesOf(values)) : validateNew(newPayload(values))),
    changesOf,
    submit: (values) =>
      props.nominee === undefined ? props.submit(newPayload(values)) : props.submit(changesOf(values)),
    onSaved,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection
          title="Nominee"
          description="The company that holds shares for investors under a bare trust."
        >
          <TextInput label="Name" maxLength={200} data-autofocus {...input('name')} />
          <TextInput
            label="Company number"
            description="Companies House: 8 digits, or 2 letters and 6 digits."
            placeholder="01234567"
            {...input('company_number')}
          />
          <TextInput
            label="FCA number"
            description="Its Financial Services Register reference: 6 or 7 digits."
            {...input('fca_number')}
          />
          <ContactFields form={form} />
        </FormSection>
        <AddressFields form={form} title="Registered address" />
        <RecordFormActions {...actions} addLabel="Add nominee" onCancel={onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
