import { Paper, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  createInvestmentMethodInputSchema,
  updateInvestmentMethodInputSchema,
  type CreateInvestmentMethodInput,
  type InvestmentMethod,
  type InvestmentMethodType,
  type UpdateInvestmentMethodInput,
} from '@portico/contracts';
import { useMemo } from 'react';
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
  const { form, onSubmit, shouldBlock, actions } = useRecordForm({
    initial,
    editing,
    validate: (values) =>
      editing ? validateChanges(changesOf(values, initial)) : validateNew(newPayload(values)),
    changesOf: (values) => changesOf(values, initial),
    submit: (values) =>
      props.method === undefined
        ? props.submit(newPayload(values))
        : props.submit(changesOf(values, initial)),
    onSaved,
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
          <WebsiteField form={form} />
          <ContactFields form={form} />
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
        <RecordFormActions {...actions} addLabel="Add investment method" onCancel={onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
