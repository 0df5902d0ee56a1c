import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createOrganisationInputSchema,
  updateOrganisationInputSchema,
  type CreateOrganisationInput,
  type Organisation,
  type OrganisationType,
  type UpdateOrganisationInput,
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
import { ORGANISATION_TYPE_OPTIONS } from './organisation-options';

const TEXT_FIELDS = [
  'name',
  'registration_number',
  'email',
  'phone',
  'website',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
] as const;
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
  const form = useForm<Values>({
    initialValues: initial,
    validate: (values) =>
      editing ? validateChanges(changesOf(values, initial)) : validateNew(newPayload(values)),
  });
  const changes = changesOf(form.getValues(), initial);
  const changed = Object.keys(changes).length;
  const saved = useRef(false);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      props.organisation === undefined
        ? props.submit(newPayload(values))
        : props.submit(changesOf(values, initial)),
    onSuccess: (organisation) => {
      saved.current = true;
      onSaved(organisation);
    },
  });
  const input = (field: keyof Values) => form.getInputProps(field);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection title="Organisation">
          <TextInput label="Name" required maxLength={200} data-autofocus {...input('name')} />
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
          <TextInput
            label="Website"
            type="url"
            placeholder="https://"
            maxLength={255}
            {...input('website')}
          />
        </FormSection>
        <FormSection title="Contact">
          <TextInput label="Email address" type="email" {...input('email')} />
          <TextInput label="Phone" type="tel" {...input('phone')} />
        </FormSection>
        <FormSection title="Address">
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
            {editing ? 'Save changes' : 'Add organisation'}
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
