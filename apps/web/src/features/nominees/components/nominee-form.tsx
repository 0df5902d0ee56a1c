import { Stack, TextInput } from '@mantine/core';
import {
  createNomineeInputSchema,
  updateNomineeInputSchema,
  type CreateNomineeInput,
  type Nominee,
  type UpdateNomineeInput,
} from '@portico/contracts';
import { ADDRESS_FIELDS, AddressFields } from '../../../components/form/address-fields';
import { ContactFields } from '../../../components/form/contact-fields';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useTextRecordForm, type TextRecordFormProps } from '../../../components/form/use-text-record-form';

const FIELDS = ['name', 'company_number', 'fca_number', 'email', 'phone', ...ADDRESS_FIELDS] as const;
const SCHEMAS = { create: createNomineeInputSchema, update: updateNomineeInputSchema };

/** A new nominee company, or the changes to one; its registration numbers are checked as typed. */
export function NomineeForm(props: TextRecordFormProps<Nominee, CreateNomineeInput, UpdateNomineeInput>) {
  const { form, input, onSubmit, shouldBlock, actions } = useTextRecordForm({
    props,
    fields: FIELDS,
    schemas: SCHEMAS,
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
        <RecordFormActions {...actions} addLabel="Add nominee" onCancel={props.onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
