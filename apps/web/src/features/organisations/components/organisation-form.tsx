import { Select, Stack, TextInput } from '@mantine/core';
import {
  createOrganisationInputSchema,
  updateOrganisationInputSchema,
  type CreateOrganisationInput,
  type Organisation,
  type OrganisationType,
  type UpdateOrganisationInput,
} from '@portico/contracts';
import { ADDRESS_FIELDS, AddressFields } from '../../../components/form/address-fields';
import { ContactFields, WebsiteField } from '../../../components/form/contact-fields';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useTextRecordForm, type TextRecordFormProps } from '../../../components/form/use-text-record-form';
import { ORGANISATION_TYPE_OPTIONS } from './organisation-options';

const TEXT_FIELDS = ['name', 'registration_number', 'email', 'phone', 'website', ...ADDRESS_FIELDS] as const;
const CHOICES: { type: OrganisationType } = { type: 'company' };
const SCHEMAS = { create: createOrganisationInputSchema, update: updateOrganisationInputSchema };

/**
 * A new organisation, or the changes to one: validated with the contract's schema before it is sent, the
 * server's field errors shown on their fields.
 */
export function OrganisationForm(
  props: TextRecordFormProps<Organisation, CreateOrganisationInput, UpdateOrganisationInput>,
) {
  const { form, input, onSubmit, shouldBlock, actions } = useTextRecordForm({
    props,
    fields: TEXT_FIELDS,
    choices: CHOICES,
    schemas: SCHEMAS,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection title="Organisation">
          <TextInput label="Name" maxLength={200} data-autofocus {...input('name')} />
          <Select
            label="Type"
            required
            data={ORGANISATION_TYPE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...input('type')}
          />
          <TextInput
            label="Registration number"
            description="A company, charity or trust number."
            maxLength={50}
            {...input('registration_number')}
          />
          <WebsiteField form={form} />
        </FormSection>
        <FormSection title="Contact">
          <ContactFields form={form} />
        </FormSection>
        <AddressFields form={form} />
        <RecordFormActions {...actions} addLabel="Add organisation" onCancel={props.onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
