import { Autocomplete, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateProfileInputSchema, type Profile, type UpdateProfileInput } from '@portico/contracts';
import { useMemo, useRef } from 'react';
import { BankDetailsFields } from '../../../components/form/bank-details-fields';
import { AddressFields } from '../../../components/form/address-fields';
import { CountrySelect } from '../../../components/form/country-select';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useFeatures } from '../../../lib/branding';
import {
  ADDRESS_FIELDS,
  INTL_BANK_FIELDS,
  PERSONAL_FIELDS,
  profileChangesOf,
  profileValuesOf,
  TAX_FIELDS,
  UK_BANK_FIELDS,
  type ProfileValues,
} from './profile-values';

const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Prof'];
const validateChanges = zodResolver(updateProfileInputSchema);

interface ProfileDetailsFormProps {
  profile: Profile;
  /** PATCH /api/profile with only what changed */
  submit: (changes: UpdateProfileInput) => Promise<Profile>;
  onSaved: (profile: Profile, changes: UpdateProfileInput) => void;
  onCancel: () => void;
}

/**
 * The investor's own details, with the staff form's rules (the contract's schema): tax details with the
 * tax feature, IBAN and SWIFT with international bank details. Only changed fields are sent.
 */
export function ProfileDetailsForm({ profile, submit, onSaved, onCancel }: ProfileDetailsFormProps) {
  const features = useFeatures();
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  const shown = useMemo(
    () =>
      new Set<string>([
        ...PERSONAL_FIELDS,
        'nationality',
        ...ADDRESS_FIELDS,
        ...UK_BANK_FIELDS,
        ...(features.tax ? TAX_FIELDS : []),
        ...(features.internationalBank ? INTL_BANK_FIELDS : []),
      ]),
    [features.tax, features.internationalBank],
  );
  const form = useForm<ProfileValues>({
    initialValues: initial,
    validate: (values) => validateChanges(profileChangesOf(values, initial, shown)),
  });
  const changes = profileChangesOf(form.getValues(), initial, shown);
  const changed = Object.keys(changes).length;
  const saved = useRef(false);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(profileChangesOf(values, initial, shown)),
    onSuccess: (result, values) => {
      saved.current = true;
      onSaved(result, profileChangesOf(values, initial, shown));
    },
  });
  const input = (field: string) => form.getInputProps(field);
  const legacyNationality = profile.nationality && initial.nationality === '' ? profile.nationality : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Your details">
      <Stack gap="lg">
        <FormSection title="Personal details">
          <Autocomplete label="Title" data={TITLES} maxLength={20} {...input('title')} />
          <TextInput
            label="First name"
            required
            maxLength={100}
            autoComplete="given-name"
            {...input('first_name')}
          />
          <TextInput
            label="Last name"
            required
            maxLength={100}
            autoComplete="family-name"
            {...input('last_name')}
          />
          <TextInput
            label="Email address"
            type="email"
            required
            autoComplete="email"
            description="A new address is used once you open the link we send to it."
            {...input('email')}
          />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...input('phone')} />
          <TextInput label="Date of birth" type="date" autoComplete="bday" {...input('date_of_birth')} />
          <CountrySelect
            label="Nationality"
            clearable
            description={
              legacyNationality ? `You told us “${legacyNationality}”: choose the country.` : undefined
            }
            {...input('nationality')}
          />
        </FormSection>
        <AddressFields form={form} />
        {features.tax && (
          <FormSection title="Tax details" description="Needed for EIS and SEIS certificates.">
            <TextInput
              label="National Insurance number"
              placeholder="AB123456C"
              autoComplete="off"
              {...input('ni_number')}
            />
            <TextInput
              label="UTR"
              description="Unique Taxpayer Reference: 10 digits."
              autoComplete="off"
              {...input('utr')}
            />
          </FormSection>
        )}
        <BankDetailsFields
          form={form}
          international={features.internationalBank}
          description="Where we pay you: returns, refunds and exits."
        />
        <RecordFormActions
          formError={formError}
          submitting={submitting}
          editing
          changed={changed}
          addLabel="Save changes"
          onCancel={onCancel}
          sticky
        />
      </Stack>
      <UnsavedChangesGuard shouldBlock={() => changed > 0 && !saved.current} />
    </form>
  );
}
