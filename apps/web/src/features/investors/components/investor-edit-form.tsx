import { Autocomplete, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateInvestorInputSchema, type Investor, type UpdateInvestorInput } from '@portico/contracts';
import { useMemo, useRef } from 'react';
import { BankDetailsFields } from '../../../components/form/bank-details-fields';
import { AddressFields, ADDRESS_FIELDS } from '../../../components/form/address-fields';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useFeatures } from '../../../lib/branding';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useLeadStatusOptions } from '../../lead-statuses/api/get-lead-statuses';
import { CLIENT_TYPE_OPTIONS } from './investor-create-form';
import {
  BANK_FIELDS,
  changesOf,
  editValuesOf,
  PERSONAL_FIELDS,
  TAX_FIELDS,
  type EditValues,
} from './investor-edit-values';

const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof'];
const validateChanges = zodResolver(updateInvestorInputSchema);

interface InvestorEditFormProps {
  investor: Investor;
  /** PATCH /api/investors/{id} with only what changed */
  submit: (changes: UpdateInvestorInput) => Promise<Investor>;
  onSaved: (investor: Investor) => void;
  onCancel: () => void;
}

/**
 * Every detail staff may change (updateInvestorInputSchema): NI number and UTR only with the tax feature,
 * bank details not when they are hidden from the admin portal. Only changed fields are sent.
 */
export function InvestorEditForm({ investor, submit, onSaved, onCancel }: InvestorEditFormProps) {
  const features = useFeatures();
  const leadStatuses = useLeadStatusOptions();
  const staff = useStaffOptions([investor.owner, investor.adviser]);
  const initial = useMemo(() => editValuesOf(investor), [investor]);
  const shown = useMemo(
    () =>
      new Set<string>([
        ...PERSONAL_FIELDS,
        ...ADDRESS_FIELDS,
        'source',
        ...(features.tax ? TAX_FIELDS : []),
        ...(features.hideBankAdmin ? [] : BANK_FIELDS),
      ]),
    [features.tax, features.hideBankAdmin],
  );
  const form = useForm<EditValues>({
    initialValues: initial,
    validate: (values) => validateChanges(changesOf(values, initial, shown)),
  });
  const changes = changesOf(form.getValues(), initial, shown);
  const dirty = Object.keys(changes).length > 0;
  const saved = useRef(false);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(changesOf(values, initial, shown)),
    onSuccess: (investor) => {
      saved.current = true;
      onSaved(investor);
    },
  });
  const input = (field: string) => form.getInputProps(field);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection title="Personal details">
          <Autocomplete label="Title" data={TITLES} maxLength={20} {...input('title')} />
          <TextInput label="First name" required maxLength={100} {...input('first_name')} />
          <TextInput label="Last name" required maxLength={100} {...input('last_name')} />
          <TextInput
            label="Email address"
            type="email"
            required
            description="A new address must be verified again."
            {...input('email')}
          />
          <TextInput label="Phone" type="tel" {...input('phone')} />
          <TextInput label="Date of birth" type="date" {...input('date_of_birth')} />
          <TextInput label="Nationality" maxLength={60} {...input('nationality')} />
        </FormSection>
        <AddressFields form={form} />
        <FormSection title="Relationship" description="How they are classed and who looks after them.">
          <Select
            label="Client type"
            placeholder="Not set"
            data={CLIENT_TYPE_OPTIONS}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...input('client_type')}
          />
          <Select
            label="Lead status"
            placeholder="None"
            data={leadStatuses.options}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...input('lead_status_id')}
          />
          <Select
            label="Owner"
            placeholder="Nobody"
            data={staff.options}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...input('owner_id')}
          />
          <Select
            label="Adviser"
            placeholder="Nobody"
            data={staff.options}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...input('adviser_id')}
          />
          <TextInput label="Source" maxLength={100} description="How they found you." {...input('source')} />
        </FormSection>
        {features.tax && (
          <FormSection title="Tax details" description="Needed for EIS and SEIS certificates.">
            <TextInput label="National Insurance number" placeholder="AB123456C" {...input('ni_number')} />
            <TextInput label="UTR" description="Unique Taxpayer Reference: 10 digits." {...input('utr')} />
          </FormSection>
        )}
        {!features.hideBankAdmin && <BankDetailsFields form={form} international />}
        <RecordFormActions
          formError={formError}
          submitting={submitting}
          editing
          changed={Object.keys(changes).length}
          addLabel="Save changes"
          onCancel={onCancel}
          sticky
        />
      </Stack>
      <UnsavedChangesGuard shouldBlock={() => dirty && !saved.current} />
    </form>
  );
}
