import { Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createInvestmentMethodInputSchema,
  updateInvestmentMethodInputSchema,
  type CreateInvestmentMethodInput,
  type InvestmentMethod,
  type InvestmentMethodType,
  type UpdateInvestmentMethodInput,
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
import { INVESTMENT_METHOD_TYPE_OPTIONS } from './investment-method-options';

const TEXT_FIELDS = ['name', 'provider', 'description', 'email', 'phone', 'website'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Values = TextValues<TextField> & { type: InvestmentMethodType };

const validateNew = zodResolver(createInvestmentMethodInputSchema);
const validateChanges = zodResolver(updateInvestmentMethodInputSchema);

function valuesOf(method: InvestmentMethod | undefined): Values {
  return { ...textValuesOf(method, TEXT_FIELDS), type: method?.type ?? 'sipp' };
}

/** What POST /api/investment-methods takes: every filled field, trimmed. */
function newPayload(values: Values): CreateInvestmentMethodInput {
  return { ...filledFields(values, TEXT_FIELDS), name: values.name.trim(), type: values.type };
}

/** What PATCH /api/investment-methods/{id} takes: only what changed; "" clears a field. */
function changesOf(values: Values, initial: Values): UpdateInvestmentMethodInput {
  return {
    ...changedFields(values, initial, TEXT_FIELDS),
    ...(values.type === initial.type ? {} : { type: values.type }),
  };
}

type InvestmentMethodFormProps = {
  onSaved: (method: InvestmentMethod) => void;
  onCancel: () => void;
} & (
  | { method?: undefined; submit: (input: CreateInvestmentMethodInput) => Promise<InvestmentMethod> }
  | { method: InvestmentMethod; submit: (changes: UpdateInvestmentMethodInput) => Promise<InvestmentMethod> }
);

/** A new investment method (a SIPP, an ISA, …), or the changes to one. */
export function InvestmentMethodForm(props: InvestmentMethodFormProps) {
  const { onSaved, onCancel } = props;
  const editing = props.method !== undefined;
  const initial = useMemo(() => valuesOf(props.method), [props.method]);
  const form = useForm<Values>({
    initialValues: initial,
    validate: (values) =>
      editing ? validateChanges(changesOf(values, initial)) : validateNew(newPayload(values)),
  });
  const changed = Object.keys(changesOf(form.getValues(), initial)).length;
  const saved = useRef(false);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      props.method === undefined
        ? props.submit(newPayload(values))
        : props.submit(changesOf(values, initial)),
    onSuccess: (method) => {
      saved.current = true;
      onSaved(method);
    },
  });
  const input = (field: keyof Values) => form.getInputProps(field);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection title="Investment method">
          <TextInput
            label="Name"
            description="E.g. Hargreaves Lansdown SIPP."
            required
            maxLength={200}
            data-autofocus
            {...input('name')}
          />
          <Select
            label="Type"
            required
            data={INVESTMENT_METHOD_TYPE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...input('type')}
          />
          <TextInput
            label="Provider"
            description="The firm that runs it: the administrator or platform."
            maxLength={200}
            {...input('provider')}
          />
          <TextInput
            label="Website"
            type="url"
            placeholder="https://"
            maxLength={255}
            {...input('website')}
          />
          <TextInput label="Email address" type="email" {...input('email')} />
          <TextInput label="Phone" type="tel" {...input('phone')} />
        </FormSection>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Textarea
            label="Description"
            description="What staff should know: how money moves, who signs, turnaround times."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            {...input('description')}
          />
        </Paper>
        <FormError message={formError} />
        <Group gap="sm">
          <Button type="submit" loading={submitting} disabled={editing && changed === 0}>
            {editing ? 'Save changes' : 'Add investment method'}
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
