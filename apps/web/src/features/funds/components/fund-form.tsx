import { SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  createFundInputSchema,
  FUND_ACTIVE_LABELS,
  FUND_ACTIVE_STATES,
  FUND_STATUS_LABELS,
  FUND_STATUSES,
  FUND_TYPE_LABELS,
  FUND_TYPES,
  TAX_RELIEF_LABELS,
  TAX_RELIEFS,
  updateFundInputSchema,
  type CreateFundInput,
  type Fund,
  type UpdateFundInput,
} from '@portico/contracts';
import { currencyPrefix } from '@portico/contracts/constants';
import { useMemo } from 'react';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useRecordForm } from '../../../components/form/use-record-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import type { TextRecordFormProps } from '../../../components/form/use-text-record-form';
import { CURRENCY_OPTIONS, currencyLabel } from '../../opportunities/components/currency-options';

/** Sent as typed, trimmed: "" is left out of a new fund and clears the field of an existing one. */
const TEXT_FIELDS = [
  'name',
  'target_size',
  'management_fee_percent',
  'carried_interest_percent',
  'hurdle_percent',
  'description',
] as const;
/** Terms that may be cleared: null, not "", is how the contract clears them. */
const NULLABLE = new Set<string>(['management_fee_percent', 'carried_interest_percent', 'hurdle_percent']);
type Choice = 'type' | 'currency' | 'tax_relief' | 'status' | 'active';

type Values = Record<(typeof TEXT_FIELDS)[number] | Choice | 'vintage', string>;

const TYPE_OPTIONS = FUND_TYPES.map((value) => ({ value, label: FUND_TYPE_LABELS[value] }));
const RELIEF_OPTIONS = TAX_RELIEFS.map((value) => ({ value, label: TAX_RELIEF_LABELS[value] }));
const STATUS_OPTIONS = FUND_STATUSES.map((value) => ({
  value: String(value),
  label: FUND_STATUS_LABELS[value],
}));
const ACTIVE_OPTIONS = [...FUND_ACTIVE_STATES]
  .reverse()
  .map((value) => ({ value: String(value), label: FUND_ACTIVE_LABELS[value] }));

/** A whole number typed as one; anything else is sent as typed so the contract names the field. */
const vintageOf = (value: string): number | null => {
  const text = value.trim();
  return text === '' ? null : /^\d+$/.test(text) ? Number(text) : Number.NaN;
};

function valuesOf(fund: Fund | undefined): Values {
  return {
    name: fund?.name ?? '',
    type: fund?.type ?? 'venture_capital',
    vintage: fund?.vintage === null || fund?.vintage === undefined ? '' : String(fund.vintage),
    currency: fund?.currency ?? 'GBP',
    target_size: fund?.target_size ?? '',
    management_fee_percent: fund?.management_fee_percent ?? '',
    carried_interest_percent: fund?.carried_interest_percent ?? '',
    hurdle_percent: fund?.hurdle_percent ?? '',
    tax_relief: fund?.tax_relief ?? 'none',
    description: fund?.description ?? '',
    status: String(fund?.status ?? 1),
    active: String(fund?.active ?? 1),
  };
}

/** A new fund's payload: its required terms and every other filled one (spec §5). */
function newPayload(values: Values): CreateFundInput {
  const payload: Record<string, unknown> = {
    name: values.name.trim(),
    currency: values.currency,
    target_size: values.target_size.trim(),
    type: values.type,
    tax_relief: values.tax_relief,
  };
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== '' && !(field in payload)) payload[field] = value;
  }
  const vintage = vintageOf(values.vintage);
  if (vintage !== null) payload.vintage = vintage;
  return payload as CreateFundInput;
}

/** Only what changed: an emptied term is cleared, the status and active state as their numbers. */
function changesOf(values: Values, initial: Values): UpdateFundInput {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value === initial[field].trim()) continue;
    changes[field] = value === '' && NULLABLE.has(field) ? null : value;
  }
  if (values.vintage.trim() !== initial.vintage.trim()) changes.vintage = vintageOf(values.vintage);
  for (const field of ['type', 'currency', 'tax_relief'] as const)
    if (values[field] !== initial[field]) changes[field] = values[field];
  for (const field of ['status', 'active'] as const)
    if (values[field] !== initial[field]) changes[field] = Number(values[field]);
  return changes;
}

const validateNew = zodResolver(createFundInputSchema);
const validateChanges = zodResolver(updateFundInputSchema);

/** A new fund's terms, or the changes to a fund's terms, its status and whether it is active. */
export function FundForm(props: TextRecordFormProps<Fund, CreateFundInput, UpdateFundInput>) {
  const { record } = props;
  const editing = record !== undefined;
  const initial = useMemo(() => valuesOf(record), [record]);
  const { form, input, onSubmit, shouldBlock, actions } = useRecordForm<Values, Fund>({
    schema: createFundInputSchema,
    initial,
    editing,
    validate: (values) =>
      editing ? validateChanges(changesOf(values, initial)) : validateNew(newPayload(values)),
    changesOf: (values) => changesOf(values, initial),
    submit: (values) =>
      props.record === undefined
        ? props.submit(newPayload(values))
        : props.submit(changesOf(values, initial)),
    onSaved: props.onSaved,
  });
  const values = form.getValues();
  const prefix = currencyPrefix(values.currency || 'GBP').trim();
  const percent = (field: 'management_fee_percent' | 'carried_interest_percent' | 'hurdle_percent') => ({
    ...input(field),
    inputMode: 'decimal' as const,
    rightSection: (
      <Text span size="sm" c="dimmed" aria-hidden>
        %
      </Text>
    ),
  });
  const choice = (field: Choice) => ({
    ...input(field),
    value: values[field] || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? initial[field]),
    allowDeselect: false,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Fund terms' : 'New fund'}>
      <Stack gap="lg">
        <FormSection title="Fund" description="What the fund is called and what kind of vehicle it is.">
          <TextInput label="Name" maxLength={200} data-autofocus {...input('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Type" data={TYPE_OPTIONS} {...choice('type')} />
            <TextInput
              label="Vintage"
              description="The year of its first investment or final close."
              inputMode="numeric"
              maxLength={4}
              {...input('vintage')}
            />
          </SimpleGrid>
          <Select label="Tax relief" data={RELIEF_OPTIONS} {...choice('tax_relief')} />
          <Textarea
            label="Description"
            description="Its strategy and focus, for staff and, once live, investors."
            autosize
            minRows={3}
            maxLength={5000}
            {...input('description')}
          />
        </FormSection>
        <FormSection
          title="Size and currency"
          description={`Every figure of the fund is in ${currencyLabel(values.currency || 'GBP')}.`}
        >
          <Select
            label="Currency"
            searchable
            nothingFoundMessage="No currency matches"
            data={CURRENCY_OPTIONS as { value: string; label: string }[]}
            {...choice('currency')}
          />
          <TextInput
            label="Target size"
            description="e.g. 25000000 or 2500000.50"
            inputMode="decimal"
            leftSection={
              <Text span size="sm" c="dimmed" aria-hidden>
                {prefix}
              </Text>
            }
            leftSectionWidth={prefix.length > 1 ? 48 : 32}
            {...input('target_size')}
          />
        </FormSection>
        <FormSection
          title="Fees and carry"
          description="Percentages from 0 to 100 with up to 2 decimals; leave one empty if it does not apply."
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Management fee"
              description="Yearly, on commitments."
              {...percent('management_fee_percent')}
            />
            <TextInput
              label="Carried interest"
              description="Of the profits."
              {...percent('carried_interest_percent')}
            />
            <TextInput
              label="Hurdle"
              description="The preferred return before carry."
              {...percent('hurdle_percent')}
            />
          </SimpleGrid>
        </FormSection>
        {editing && (
          <FormSection
            title="Status"
            description="A draft is for staff only; a live fund can raise. A closed fund takes no new commitments."
          >
            <SegmentedField
              id="fund-status"
              label="Status"
              data={STATUS_OPTIONS}
              value={values.status}
              onChange={(value) => form.setFieldValue('status', value)}
            />
            <SegmentedField
              id="fund-active"
              label="Active"
              data={ACTIVE_OPTIONS}
              value={values.active}
              onChange={(value) => form.setFieldValue('active', value)}
            />
          </FormSection>
        )}
        <RecordFormActions {...actions} addLabel="Add fund" onCancel={props.onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}

/** A labelled choice of a few values, shown side by side. */
function SegmentedField({
  id,
  label,
  ...control
}: {
  id: string;
  label: string;
  data: Array<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={`${id}-label`} w="fit-content" {...control} />
    </Stack>
  );
}
