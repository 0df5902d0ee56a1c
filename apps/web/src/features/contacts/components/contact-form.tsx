import { Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  CONTACT_STATE,
  CONTACT_STATE_LABELS,
  CONTACT_STATES,
  createContactInputSchema,
  updateContactInputSchema,
  type Contact,
  type CreateContactInput,
  type UpdateContactInput,
} from '@portico/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { AddressFields } from '../../../components/form/address-fields';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useUser } from '../../../lib/session';
import { useLeadStatusOptions } from '../../lead-statuses/api/get-lead-statuses';
import {
  changesOf,
  contactValuesOf,
  createPayloadOf,
  newContactValues,
  type ContactValues,
} from './contact-form-values';

const CLIENT_TYPE_OPTIONS = CLIENT_TYPES.map((value) => ({ value, label: CLIENT_TYPE_LABELS[value] }));
const validateNew = zodResolver(createContactInputSchema);
const validateChanges = zodResolver(updateContactInputSchema);

type ContactFormProps = {
  onSaved: (contact: Contact) => void;
  onCancel: () => void;
} & (
  | { mode: 'create'; submit: (input: CreateContactInput) => Promise<Contact> }
  | { mode: 'edit'; contact: Contact; submit: (changes: UpdateContactInput) => Promise<Contact> }
);

/**
 * A contact's details (createContactInputSchema / updateContactInputSchema): who they are, where, and
 * where they stand with you. A new contact sends what is filled in; an edit sends only what changed.
 */
export function ContactForm(props: ContactFormProps) {
  const { mode, onSaved, onCancel } = props;
  const existing = mode === 'edit' ? props.contact : undefined;
  const user = useUser();
  const leadStatuses = useLeadStatusOptions();
  const staff = useStaffOptions([existing?.owner]);
  const initial = useMemo(
    () => (existing ? contactValuesOf(existing) : newContactValues(user.id)),
    [existing, user.id],
  );
  const form = useForm<ContactValues>({
    initialValues: initial,
    validate: (values) =>
      mode === 'create' ? validateNew(createPayloadOf(values)) : validateChanges(changesOf(values, initial)),
  });
  // A new contact gets the default lead status once the statuses load, unless someone chose one.
  const defaultStatus = mode === 'create' ? leadStatuses.defaultId : undefined;
  useEffect(() => {
    if (defaultStatus !== undefined && !form.isTouched('lead_status_id') && !form.getValues().lead_status_id)
      form.setFieldValue('lead_status_id', String(defaultStatus));
    // `form` is stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultStatus]);
  const changes = changesOf(form.getValues(), initial);
  const changed = Object.keys(changes).length;
  // The default lead status filled in for a new contact is not something typed that leaving would lose.
  const unsaved = Object.keys(changes).some((key) => mode === 'edit' || key !== 'lead_status_id');
  const saved = useRef(false);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      props.mode === 'create'
        ? props.submit(createPayloadOf(values))
        : props.submit(changesOf(values, initial)),
    onSuccess: (contact) => {
      saved.current = true;
      onSaved(contact);
    },
  });
  const input = (field: string) => form.getInputProps(field);
  // Investment (3) is set when the contact registers; staff may move a contact between the other two.
  const stateOptions = CONTACT_STATES.map((state) => ({
    value: String(state),
    label: CONTACT_STATE_LABELS[state],
    disabled: state === CONTACT_STATE.INVESTMENT && existing?.state !== CONTACT_STATE.INVESTMENT,
  }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection title="Who they are">
          <TextInput
            label="First name"
            required
            maxLength={100}
            autoComplete="off"
            data-autofocus
            {...input('first_name')}
          />
          <TextInput label="Last name" required maxLength={100} autoComplete="off" {...input('last_name')} />
          <TextInput
            label="Email address"
            type="email"
            autoComplete="off"
            description="Optional. When someone registers with it, they are linked to this contact."
            {...input('email')}
          />
          <TextInput label="Phone" type="tel" autoComplete="off" {...input('phone')} />
          <TextInput label="Company" maxLength={200} {...input('company')} />
          <TextInput label="Job title" maxLength={100} {...input('job_title')} />
        </FormSection>
        <AddressFields form={form} />
        <FormSection title="Relationship" description="Where they stand and who looks after them.">
          <Select
            label="State"
            data={stateOptions}
            allowDeselect={false}
            description="Investment means they registered and are now an investor."
            comboboxProps={{ withinPortal: true }}
            {...input('state')}
          />
          <Select
            label="Lead status"
            placeholder={leadStatuses.options.length === 0 ? 'No lead statuses yet' : 'None'}
            data={leadStatuses.options}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...input('lead_status_id')}
          />
          <Select
            label="Client type"
            placeholder="Not set"
            data={CLIENT_TYPE_OPTIONS}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...input('client_type')}
          />
          <Select
            label="Owner"
            description="The colleague who looks after them."
            placeholder="Nobody"
            data={staff.options}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...input('owner_id')}
          />
          <TextInput
            label="Source"
            description="How they found you, e.g. Referral, Event."
            maxLength={100}
            {...input('source')}
          />
        </FormSection>
        <RecordFormActions
          formError={formError}
          submitting={submitting}
          editing={mode === 'edit'}
          changed={changed}
          addLabel="Add contact"
          onCancel={onCancel}
          sticky
        />
      </Stack>
      <UnsavedChangesGuard shouldBlock={() => unsaved && !saved.current} />
    </form>
  );
}
