import { Select, Stack, TextInput } from '@mantine/core';
import {
  createOrganisationInputSchema,
  updateOrganisationInputSchema,
  type CreateOrganisationInput,
  type Organisation,
  type OrganisationType,
  type UpdateOrganisationInput,
} from '@portico/contracts';
import { useMemo } from 'react';
import { ADDRESS_FIELDS, AddressFields } from '../../../components/form/address-fields';
import { ContactFields, WebsiteField } from '../../../components/form/contact-fields';
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
import { ORGANISATION_TYPE_OPTIONS } from './organisation-options';

const TEXT_FIELDS = ['name', 'registration_number', 'email', 'phone', 'website', ...ADDRESS_FIELDS] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = TextValues<TextField> & { type: OrganisationType };

const validateNew = zodResolver(createOrganisationInputSchema);
const validateChanges = zodResolver(updateOrganisationInputSchema);

function valuesOf(organisation: Organisation | undefined): Values {
  return { ...textValuesOf(organisation, TEXT_FIELDS), type: organisation?.type ?? 'company' };
}

/** What POST /api/organisations takes: every filled field, trimmed. */
function newPayload(values: Values): CreateOrganisationInput {
  return { ...filledFields(values, TEXT_FIELDS), name: values.name.trim(), type: values.type };
}

/** What PATCH /api/organisations/{id} takes: only what changed; "" clears a field. */
function changesOf(values: Values, initial: Values): UpdateOrganisationInput {
  return {
    ...changedFields(values, initial, TEXT_FIELDS),
    ...(values.type === initial.type ? {} : { type: values.type }),
  };
}

type OrganisationFormProps = {
  onSaved: (organisation: Organisation) => void;
  onCancel: () => void;
} & (
  | { organisation?: undefined; submit: (input: CreateOrganisationInput) => Promise<Organisation> }
  | { organisation: Organisation; submit: (changes: UpdateOrganisationInput) => Promise<Organisation> }
);

/**
 * A new organisation, or the changes to one: validated with the contract's schema before it is sent, the
 * server's field errors shown on their fields.
 */
export function OrganisationForm(props: OrganisationFormProps) {
  const { onSaved, onCancel } = props;
  const editing = props.organisation !== undefined;
  const initial = useMemo(() => valuesOf(props.organisation), [props.organisation]);
  const { form, input, onSubmit, shouldBlock, actions } = useRecordForm({
    schema: createOrganisationInputSchema,
    initial,
    editing,
    validate: (values) =>
      editing ? validateChanges(changesOf(values, initial)) : validateNew(newPayload(values)),
    changesOf: (values) => changesOf(values, initial),
    submit: (values) =>
      props.organisation === undefined
        ? props.submit(newPayload(values))
        : props.submit(changesOf(values, initial)),
    onSaved,
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
        <RecordFormActions {...actions} addLabel="Add organisation" onCancel={onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
