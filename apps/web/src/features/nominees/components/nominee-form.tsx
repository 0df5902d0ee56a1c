import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createNomineeInputSchema,
  updateNomineeInputSchema,
  type CreateNomineeInput,
  type Nominee,
  type UpdateNomineeInput,
} from '@portico/contracts';
import { useMemo, useRef } from 'react';
import { FormError } from '../../../components/form/form-error';
import { FormSection } from '../../../components/form/form-section';
import {
  changedFields,
  filledFields,
  textValuesOf,
  type TextValues,
} from '../../../components/form/text-fields';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';

const FIELDS = [
  'name',
  'company_number',
  'fca_number',
  'email',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
] as const;
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
  const form = useForm<Values>({
    initialValues: initial,
    validate: (values) => (editing ? validateChanges(changesOf(values)) : validateNew(newPayload(values))),
  });
  const changed = Object.keys(changesOf(form.getValues())).length;
  const saved = useRef(false);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      props.nominee === undefined ? props.submit(newPayload(values)) : props.submit(changesOf(values)),
    onSuccess: (nominee) => {
      saved.current = true;
      onSaved(nominee);
    },
  });
  const input = (field: keyof Values) => form.getInputProps(field);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection
          title="Nominee"
          description="The company that holds shares for investors under a bare trust."
        >
          <TextInput label="Name" required maxLength={200} data-autofocus {...input('name')} />
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
          <TextInput label="Email address" type="email" {...input('email')} />
          <TextInput label="Phone" type="tel" {...input('phone')} />
        </FormSection>
        <FormSection title="Registered address">
          <TextInput label="Address line 1" maxLength={200} autoComplete="off" {...input('address_line_1')} />
          <TextInput label="Address line 2" maxLength={200} autoComplete="off" {...input('address_line_2')} />
          <TextInput label="Town or city" maxLength={100} {...input('city')} />
          <TextInput label="Postcode" maxLength={20} {...input('postcode')} />
          <TextInput
            label="Country"
            description="Two-letter code, e.g. GB."
            maxLength={2}
            {...input('country')}
          />
        </FormSection>
        <FormError message={formError} />
        <Group gap="sm">
          <Button type="submit" loading={submitting} disabled={editing && changed === 0}>
            {editing ? 'Save changes' : 'Add nominee'}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          {editing && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {changed === 0
                ? 'No changes yet'
                : changed === 1
                  ? '1 unsaved change'
                  : `${changed} unsaved changes`}
            </Text>
          )}
        </Group>
      </Stack>
      <UnsavedChangesGuard shouldBlock={() => changed > 0 && !saved.current} />
    </form>
  );
}
