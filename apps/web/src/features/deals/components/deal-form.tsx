import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  createPipelineDealInputSchema,
  updatePipelineDealInputSchema,
  type CreatePipelineDealInput,
  type PipelineDeal,
  type PipelineWithStages,
  type UpdatePipelineDealInput,
} from '@portico/contracts';
import { useMemo } from 'react';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useRecordForm } from '../../../components/form/use-record-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useClassificationOptions } from '../../attributes/api/classifications';

const TEXT_FIELDS = [
  'name',
  'company_name',
  'website',
  'amount_sought',
  'pre_money_valuation',
  'source',
  'summary',
] as const;
const ID_FIELDS = ['pipeline_id', 'stage_id', 'industry_id', 'investment_type_id', 'owner_id'] as const;
type Field = (typeof TEXT_FIELDS)[number] | (typeof ID_FIELDS)[number];
type Values = Record<Field, string>;

const validateNew = zodResolver(createPipelineDealInputSchema);
const validateChanges = zodResolver(updatePipelineDealInputSchema);

/** An amount as the server holds it ("1250000.00") as a person reads it in a field ("1250000"). */
const amountText = (value: string | null) => (value ?? '').replace(/\.00$/, '');

function valuesOf(deal: PipelineDeal | undefined, pipelineId: string): Values {
  const id = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    name: deal?.name ?? '',
    company_name: deal?.company_name ?? '',
    website: deal?.website ?? '',
    amount_sought: amountText(deal?.amount_sought ?? null),
    pre_money_valuation: amountText(deal?.pre_money_valuation ?? null),
    source: deal?.source ?? '',
    summary: deal?.summary ?? '',
    pipeline_id: deal ? String(deal.pipeline_id) : pipelineId,
    stage_id: id(deal?.stage_id),
    industry_id: id(deal?.industry_id),
    investment_type_id: id(deal?.investment_type_id),
    owner_id: id(deal?.owner_id),
  };
}

/** What POST sends: the filled fields, ids as numbers. */
function newPayload(values: Values): CreatePipelineDealInput {
  const payload: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) if (values[field].trim() !== '') payload[field] = values[field].trim();
  for (const field of ID_FIELDS) if (values[field] !== '') payload[field] = Number(values[field]);
  return {
    ...payload,
    name: values.name.trim(),
    company_name: values.company_name.trim(),
    pipeline_id: Number(values.pipeline_id),
  };
}

/** What PATCH sends: only the changes; an emptied text is "" and an emptied choice null (cleared). */
function changesOf(values: Values, initial: Values): UpdatePipelineDealInput {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS)
    if (values[field].trim() !== initial[field].trim()) changes[field] = values[field].trim();
  for (const field of ID_FIELDS)
    if (values[field] !== initial[field])
      changes[field] = values[field] === '' ? null : Number(values[field]);
  // A stage is always sent with the pipeline it belongs to.
  if (changes.pipeline_id !== undefined && changes.stage_id === undefined && values.stage_id !== '')
    changes.stage_id = Number(values.stage_id);
  return changes;
}

type DealFormProps = {
  pipelines: PipelineWithStages[];
  onSaved: (deal: PipelineDeal) => void;
  onCancel: () => void;
  noun: { one: string; many: string };
} & (
  | {
      deal?: undefined;
      pipelineId: string;
      submit: (input: CreatePipelineDealInput) => Promise<PipelineDeal>;
    }
  | {
      deal: PipelineDeal;
      pipelineId?: undefined;
      submit: (changes: UpdatePipelineDealInput) => Promise<PipelineDeal>;
    }
);

/** A new deal, or the changes to one: the company, what it seeks, where it stands and who owns it. */
export function DealForm(props: DealFormProps) {
  const { pipelines, onSaved, onCancel, noun } = props;
  const editing = props.deal !== undefined;
  const initial = useMemo(() => valuesOf(props.deal, props.pipelineId ?? ''), [props.deal, props.pipelineId]);
  const { form, onSubmit, shouldBlock, actions } = useRecordForm({
    initial,
    editing,
    validate: (values) =>
      editing ? validateChanges(changesOf(values, initial)) : validateNew(newPayload(values)),
    changesOf: (values) => changesOf(values, initial),
    submit: (values) =>
      props.deal === undefined ? props.submit(newPayload(values)) : props.submit(changesOf(values, initial)),
    onSaved,
  });
  const staff = useStaffOptions([props.deal?.owner]);
  const industries = useClassificationOptions('industries', { keep: props.deal?.industry });
  const types = useClassificationOptions('investment_types', { keep: props.deal?.investment_type });
  const values = form.getValues();
  const stages = pipelines.find((pipeline) => String(pipeline.id) === values.pipeline_id)?.stages ?? [];
  const select = { comboboxProps: { withinPortal: true } };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection title="Company" description={`Who the ${noun.one} is with, and what it is.`}>
          <TextInput
            label="Company"
            required
            maxLength={200}
            data-autofocus
            {...form.getInputProps('company_name')}
          />
          <TextInput
            label={`${noun.one.charAt(0).toUpperCase()}${noun.one.slice(1)} name`}
            description="The round or opportunity, e.g. “Ledgerly seed”."
            required
            maxLength={200}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Website"
            placeholder="https://"
            maxLength={255}
            {...form.getInputProps('website')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Industry"
              placeholder={industries.options.length === 0 ? 'None to choose from' : 'Choose an industry'}
              data={industries.options}
              clearable
              searchable
              {...select}
              {...form.getInputProps('industry_id')}
              onChange={(value: string | null) => form.setFieldValue('industry_id', value ?? '')}
            />
            <Select
              label="Investment type"
              placeholder={types.options.length === 0 ? 'None to choose from' : 'Choose a type'}
              data={types.options}
              clearable
              {...select}
              {...form.getInputProps('investment_type_id')}
              onChange={(value: string | null) => form.setFieldValue('investment_type_id', value ?? '')}
            />
          </SimpleGrid>
          <Textarea
            label="Summary"
            autosize
            minRows={3}
            maxLength={5000}
            {...form.getInputProps('summary')}
          />
        </FormSection>
        <FormSection title="The raise" description="Amounts in pounds, e.g. 1250000 or 1,250,000.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Amount sought"
              inputMode="decimal"
              leftSection="£"
              {...form.getInputProps('amount_sought')}
            />
            <TextInput
              label="Pre-money valuation"
              inputMode="decimal"
              leftSection="£"
              {...form.getInputProps('pre_money_valuation')}
            />
          </SimpleGrid>
          <TextInput
            label="Source"
            description="Where it came from: a referral, an event, inbound."
            maxLength={100}
            {...form.getInputProps('source')}
          />
        </FormSection>
        <FormSection title="Pipeline" description="Where it stands, and who looks after it.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Pipeline"
              required
              data={pipelines.map((pipeline) => ({ value: String(pipeline.id), label: pipeline.name }))}
              allowDeselect={false}
              {...select}
              {...form.getInputProps('pipeline_id')}
              onChange={(value: string | null) => {
                form.setFieldValue('pipeline_id', value ?? '');
                form.setFieldValue('stage_id', '');
              }}
            />
            <Select
              label="Stage"
              placeholder={
                editing ? 'Choose a stage of this pipeline' : `The first: ${stages[0]?.name ?? '—'}`
              }
              data={stages.map((stage) => ({ value: String(stage.id), label: stage.name }))}
              clearable={!editing}
              {...select}
              {...form.getInputProps('stage_id')}
              onChange={(value: string | null) => form.setFieldValue('stage_id', value ?? '')}
            />
          </SimpleGrid>
          <Select
            label="Owner"
            placeholder="No owner"
            data={staff.options}
            clearable
            {...select}
            {...form.getInputProps('owner_id')}
            onChange={(value: string | null) => form.setFieldValue('owner_id', value ?? '')}
          />
        </FormSection>
        <RecordFormActions {...actions} addLabel={`Add ${noun.one}`} onCancel={onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
