import { Select, Stack, Text, TextInput } from '@mantine/core';
import {
  createOpportunityInputSchema,
  currencyPrefix,
  TAX_RELIEF_LABELS,
  TAX_RELIEFS,
  updateOpportunityInputSchema,
  type CreateOpportunityInput,
  type Opportunity,
  type UpdateOpportunityInput,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { useMemo, type ReactNode } from 'react';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useRecordForm } from '../../../components/form/use-record-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useFeature } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { useClassificationOptions, type ClassificationOption } from '../../attributes/api/classifications';
import { useFundOptions } from '../api/fund-options';
import { CURRENCY_OPTIONS, currencyLabel } from './currency-options';
import { DescriptionEditor } from './description-editor';

const TEXT_FIELDS = [
  'name',
  'company_name',
  'slug',
  'summary',
  'description',
  'target_amount',
  'maximum_amount',
  'minimum_investment',
  'share_price',
  'share_class',
  'tax_relief',
  'closing_date',
] as const;
const REF_FIELDS = {
  investment_type_id: 'type',
  investment_sub_type_id: 'sub_type',
  industry_id: 'industry',
  investment_category_id: 'category',
  investment_character_id: 'character',
} as const;
type RefField = keyof typeof REF_FIELDS;
const REF_KEYS = Object.keys(REF_FIELDS) as RefField[];
/**
 * `currency` is chosen once, on a new draft: it is never among the changes an edit sends. `fund_id` is
 * the fund it raises for ('' for none).
 */
export type OpportunityFormValues = Record<
  (typeof TEXT_FIELDS)[number] | RefField | 'currency' | 'fund_id',
  string
>;

/** The Fund choice's "None": no fund ('' in the form's values). */
const NO_FUND = 'none';

const validateNew = zodResolver(createOpportunityInputSchema);
const validateChanges = zodResolver(updateOpportunityInputSchema);

function valuesOf(opportunity: Opportunity | undefined): OpportunityFormValues {
  const values = {} as OpportunityFormValues;
  for (const field of TEXT_FIELDS) {
    const value = opportunity?.[field];
    values[field] = typeof value === 'string' ? value : '';
  }
  for (const field of REF_KEYS) {
    const ref = opportunity?.[REF_FIELDS[field]];
    values[field] = ref ? String(ref.id) : '';
  }
  values.currency = opportunity?.currency ?? 'GBP';
  values.fund_id = opportunity?.fund_id != null ? String(opportunity.fund_id) : '';
  return values;
}

/** A new draft raising for a fund (`?fund=ID`): the fund chosen, in its currency once known. */
export function fundOpportunityValues(fundId: number, currency: string | undefined): OpportunityFormValues {
  return { ...valuesOf(undefined), fund_id: String(fundId), currency: currency ?? 'GBP' };
}

const refOf = (value: string) => (value === '' ? null : Number(value));

/**
 * A new round's starting values from the existing investment it raises for: the company, its share
 * class, tax relief, share price and classification; the round's own name, raise and dates are new.
 */
export function newRoundValues(existing: Opportunity): OpportunityFormValues {
  const values = valuesOf(existing);
  for (const field of ['slug', 'summary', 'description', 'target_amount', 'maximum_amount'] as const)
    values[field] = '';
  values.minimum_investment = existing.minimum_investment ?? '';
  values.closing_date = '';
  values.name = `${existing.name} – new round`.slice(0, 200);
  values.fund_id = '';
  return values;
}

/** What POST /api/opportunities takes: every filled field, trimmed. */
function newPayload(
  values: OpportunityFormValues,
  extra: Partial<CreateOpportunityInput> = {},
): CreateOpportunityInput {
  const payload: Record<string, unknown> = { ...extra };
  for (const field of TEXT_FIELDS) {
    const value = field === 'description' ? values[field] : values[field].trim();
    if (value !== '') payload[field] = value;
  }
  for (const field of REF_KEYS) if (values[field] !== '') payload[field] = refOf(values[field]);
  if (values.currency !== '') payload.currency = values.currency;
  if (values.fund_id !== '') payload.fund_id = Number(values.fund_id);
  return payload as CreateOpportunityInput;
}

/** Only what changed: an emptied text is "" (cleared), an emptied choice null. */
function changesOf(values: OpportunityFormValues, initial: OpportunityFormValues): UpdateOpportunityInput {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = field === 'description' ? values[field] : values[field].trim();
    if (value !== initial[field]) changes[field] = field === 'description' && value === '' ? null : value;
  }
  for (const field of REF_KEYS) if (values[field] !== initial[field]) changes[field] = refOf(values[field]);
  if (values.fund_id !== initial.fund_id) changes.fund_id = refOf(values.fund_id);
  return changes;
}

const RELIEF_OPTIONS = TAX_RELIEFS.map((value) => ({ value, label: TAX_RELIEF_LABELS[value] }));

type OpportunityFormProps = {
  onSaved: (opportunity: Opportunity) => void;
  onCancel: () => void;
  /** a role that may only read sees the fields without changing them */
  readOnly?: boolean;
} & (
  | {
      opportunity?: undefined;
      submit: (input: CreateOpportunityInput) => Promise<Opportunity>;
      /** a new draft's starting values (a new round's, from its existing investment) */
      start?: OpportunityFormValues;
      /** sent with the new draft's fields (a new round's `pre_emption_of_id`) */
      extra?: Partial<CreateOpportunityInput>;
    }
  | { opportunity: Opportunity; submit: (changes: UpdateOpportunityInput) => Promise<Opportunity> }
);

/**
 * An opportunity's details (DOMAIN.md): the company, the raise and its terms, the classification and the
 * description. A new one is a draft; the raise's amounts are checked against each other on the server.
 */
export function OpportunityForm(props: OpportunityFormProps) {
  const { onSaved, onCancel, readOnly = false } = props;
  const editing = props.opportunity !== undefined;
  const start = props.opportunity === undefined ? props.start : undefined;
  const extra = props.opportunity === undefined ? props.extra : undefined;
  const initial = useMemo(() => start ?? valuesOf(props.opportunity), [start, props.opportunity]);
  const { form, onSubmit, shouldBlock, actions } = useRecordForm({
    initial,
    editing,
    validate: (values) =>
      editing ? validateChanges(changesOf(values, initial)) : validateNew(newPayload(values, extra)),
    changesOf: (values) => changesOf(values, initial),
    submit: (values) =>
      props.opportunity === undefined
        ? props.submit(newPayload(values, extra))
        : props.submit(changesOf(values, initial)),
    onSaved,
  });
  const classified = useFeature('investmentClassification');
  // The Fund choice (spec §6 funds_opportunity): with the funds feature on, for a role that may make or
  // change fund opportunities and list the funds to choose from.
  const user = useUser();
  const fundsOn = useFeature('funds');
  const choosesFund =
    fundsOn &&
    can(user.role_id, 'funds_opportunity', editing ? 'update' : 'create') &&
    can(user.role_id, 'funds', 'index');
  const funds = useFundOptions(choosesFund);
  const typeId = form.getValues().investment_type_id;
  const options = {
    type: useClassificationOptions('investment_types'),
    subType: useClassificationOptions('investment_sub_types', {
      parentId: typeId === '' ? undefined : Number(typeId),
      enabled: typeId !== '',
    }),
    industry: useClassificationOptions('industries'),
    category: useClassificationOptions('investment_categories', { enabled: classified }),
    character: useClassificationOptions('investment_characters', { enabled: classified }),
  };
  const input = (field: keyof OpportunityFormValues) => ({ ...form.getInputProps(field), readOnly });
  // The amounts are written in the chosen currency: its symbol ("£") or code ("CHF") in front of each.
  const currency = editing ? props.opportunity.currency : form.getValues().currency || 'GBP';
  const prefix = currencyPrefix(currency).trim();
  const amount = (field: keyof OpportunityFormValues) => ({
    ...input(field),
    inputMode: 'decimal' as const,
    leftSection: (
      <Text span size="sm" c="dimmed" aria-hidden>
        {prefix}
      </Text>
    ),
    leftSectionWidth: prefix.length > 1 ? 48 : 32,
  });
  const choice = (
    field: RefField,
    label: string,
    query: { options: ClassificationOption[]; isError: boolean },
  ) => (
    <Select
      label={label}
      data={query.options}
      clearable
      searchable
      placeholder={query.isError ? 'The list could not be loaded' : 'Choose…'}
      nothingFoundMessage="Nothing matches"
      readOnly={readOnly}
      {...form.getInputProps(field)}
      value={form.getValues()[field] || null}
      onChange={(value: string | null) => {
        form.setFieldValue(field, value ?? '');
        if (field === 'investment_type_id') form.setFieldValue('investment_sub_type_id', '');
      }}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Opportunity details' : 'New opportunity'}>
      <Stack gap="lg">
        <FormSection title="Company and opportunity" description="What investors see first.">
          <TextInput label="Name" required maxLength={200} data-autofocus {...input('name')} />
          <TextInput label="Company" required maxLength={200} {...input('company_name')} />
          {editing && (
            <TextInput
              label="Slug"
              description="The opportunity's address in the investor portal: lower-case words and hyphens."
              maxLength={120}
              {...input('slug')}
            />
          )}
          <TextInput
            label="Summary"
            description="One line for cards and lists."
            maxLength={300}
            {...input('summary')}
          />
        </FormSection>
        <FormSection
          title="The raise"
          description={`Amounts in ${currencyLabel(currency)}, e.g. 250000 or 2500.50.`}
        >
          {editing ? (
            <TextInput
              label="Currency"
              description="Chosen when the draft was created; it cannot be changed."
              value={currencyLabel(currency)}
              readOnly
            />
          ) : (
            <Select
              label="Currency"
              description="The currency every amount of this opportunity is in. It cannot be changed later."
              required
              searchable
              allowDeselect={false}
              nothingFoundMessage="No currency matches"
              data={CURRENCY_OPTIONS as { value: string; label: string }[]}
              readOnly={readOnly}
              {...form.getInputProps('currency')}
              value={form.getValues().currency || null}
              onChange={(value: string | null) => form.setFieldValue('currency', value ?? 'GBP')}
            />
          )}
          {choosesFund && (
            <FundChoice
              funds={funds}
              value={form.getValues().fund_id}
              currentName={props.opportunity?.fund_name ?? null}
              readOnly={readOnly}
              error={form.errors.fund_id}
              onChange={(fundId, fundCurrency) => {
                form.setFieldValue('fund_id', fundId);
                // A fund opportunity is in its fund's currency: a new draft follows the fund chosen.
                if (!editing && fundCurrency) form.setFieldValue('currency', fundCurrency);
              }}
            />
          )}
          <TextInput label="Target raise" required {...amount('target_amount')} />
          <TextInput label="Maximum raise" required {...amount('maximum_amount')} />
          <TextInput label="Minimum investment" required {...amount('minimum_investment')} />
          <TextInput
            label="Share price"
            required
            description="Up to 6 decimals."
            {...amount('share_price')}
          />
          <TextInput label="Share class" maxLength={100} {...input('share_class')} />
          <Select
            label="Tax relief"
            required
            data={RELIEF_OPTIONS}
            readOnly={readOnly}
            {...form.getInputProps('tax_relief')}
            value={form.getValues().tax_relief || null}
            onChange={(value: string | null) => form.setFieldValue('tax_relief', value ?? '')}
          />
          <TextInput label="Closing date" type="date" required {...input('closing_date')} />
        </FormSection>
        <FormSection title="Classification" description="From Settings → attributes.">
          {choice('investment_type_id', 'Type', options.type)}
          {choice('investment_sub_type_id', 'Sub-type', options.subType)}
          {choice('industry_id', 'Industry', options.industry)}
          {classified && choice('investment_category_id', 'Category', options.category)}
          {classified && choice('investment_character_id', 'Character', options.character)}
        </FormSection>
        <DescriptionEditor
          label="Description"
          description="Headings, lists, emphasis and links; anything else is removed when saved."
          value={form.getValues().description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description as string | undefined}
          readOnly={readOnly}
        />
        {!readOnly && (
          <RecordFormActions {...actions} addLabel="Create draft" onCancel={onCancel} sticky={editing} />
        )}
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}

/** The fund a fund opportunity raises for; "None" makes it an ordinary opportunity. */
function FundChoice({
  funds,
  value,
  currentName,
  readOnly,
  error,
  onChange,
}: {
  funds: ReturnType<typeof useFundOptions>;
  value: string;
  currentName: string | null;
  readOnly: boolean;
  error: ReactNode;
  onChange: (fundId: string, currency: string | undefined) => void;
}) {
  const listed = funds.options.some((option) => option.value === value);
  // The fund it raises for stays shown even before (or without) the list.
  const current = value !== '' && !listed ? [{ value, label: currentName ?? `Fund ${value}` }] : [];
  return (
    <Select
      label="Fund"
      description="A fund opportunity raises for the fund: investors commit to the fund through it."
      data={[
        { value: NO_FUND, label: 'None' },
        ...current,
        ...funds.options.map(({ value: id, label }) => ({ value: id, label })),
      ]}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No fund matches"
      placeholder={funds.isError ? 'The list could not be loaded' : undefined}
      readOnly={readOnly}
      error={error}
      value={value === '' ? NO_FUND : value}
      onChange={(chosen: string | null) => {
        const fundId = chosen === null || chosen === NO_FUND ? '' : chosen;
        onChange(fundId, funds.options.find((option) => option.value === fundId)?.currency);
      }}
    />
  );
}
