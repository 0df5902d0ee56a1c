import { Checkbox, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  createFundCompanyInputSchema,
  updateFundCompanyInputSchema,
  type CreateFundCompanyInput,
  type FundCompany,
  type UpdateFundCompanyInput,
} from '@portico/contracts';
import { useMemo } from 'react';
import { CountrySelect } from '../../../components/form/country-select';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useRecordForm } from '../../../components/form/use-record-form';
import type { TextRecordFormProps } from '../../../components/form/use-text-record-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useClassificationOptions } from '../../attributes/api/classifications';
import { useFundChoices } from '../api/fund-choices';

/** Sent as typed, trimmed: "" is left out of a new company and clears the field of an existing one. */
const TEXT_FIELDS = [
  'name',
  'company_number',
  'country',
  'website',
  'description',
  'share_class',
  'first_investment_on',
  'lead_investor',
  'ownership_percent',
] as const;
/** Cleared with null rather than "": the contract's non-text fields. */
const NULLABLE = new Set<string>(['first_investment_on', 'ownership_percent']);

type Values = Record<(typeof TEXT_FIELDS)[number] | 'fund_id' | 'industry_id', string> & {
  board_seat: boolean;
};

function valuesOf(company: FundCompany | undefined, fundId: string): Values {
  return {
    fund_id: company ? String(company.fund_id) : fundId,
    name: company?.name ?? '',
    company_number: company?.company_number ?? '',
    industry_id: company?.industry_id ? String(company.industry_id) : '',
    country: company?.country ?? '',
    website: company?.website ?? '',
    description: company?.description ?? '',
    share_class: company?.share_class ?? '',
    first_investment_on: company?.first_investment_on ?? '',
    board_seat: company?.board_seat ?? false,
    lead_investor: company?.lead_investor ?? '',
    ownership_percent: company?.ownership_percent ?? '',
  };
}

/** A new company's payload: the fund, the name and every filled field. */
function newPayload(values: Values): CreateFundCompanyInput {
  const payload: Record<string, unknown> = {
    fund_id: values.fund_id === '' ? undefined : Number(values.fund_id),
    name: values.name.trim(),
    board_seat: values.board_seat,
  };
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value !== '' && !(field in payload)) payload[field] = value;
  }
  if (values.industry_id !== '') payload.industry_id = Number(values.industry_id);
  return payload as CreateFundCompanyInput;
}

/** Only what changed: an emptied field is cleared. */
function changesOf(values: Values, initial: Values): UpdateFundCompanyInput {
  const changes: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value === initial[field].trim()) continue;
    changes[field] = value === '' && NULLABLE.has(field) ? null : value;
  }
  if (values.industry_id !== initial.industry_id)
    changes.industry_id = values.industry_id === '' ? null : Number(values.industry_id);
  if (values.board_seat !== initial.board_seat) changes.board_seat = values.board_seat;
  return changes;
}

const validateNew = zodResolver(createFundCompanyInputSchema);
const validateChanges = zodResolver(updateFundCompanyInputSchema);

/** A new fund-investment company, or the changes to one's name and key information (its fund is fixed). */
export function FundCompanyForm(
  props: TextRecordFormProps<FundCompany, CreateFundCompanyInput, UpdateFundCompanyInput> & {
    /** a new company's fund, chosen beforehand (from the fund's Portfolio tab) */
    fundId?: string;
  },
) {
  const { record } = props;
  const editing = record !== undefined;
  const initial = useMemo(() => valuesOf(record, props.fundId ?? ''), [record, props.fundId]);
  const funds = useFundChoices();
  const industries = useClassificationOptions('industries', { keep: record?.industry });
  const { form, input, onSubmit, shouldBlock, actions } = useRecordForm<Values, FundCompany>({
    schema: createFundCompanyInputSchema,
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

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Company details' : 'New company'}>
      <Stack gap="lg">
        <FormSection title="Company" description="The company the fund invests in.">
          {editing ? (
            <Text size="sm">
              Fund: <strong>{record.fund.name}</strong>
            </Text>
          ) : (
            <Select
              label="Fund"
              placeholder={funds.choices.length === 0 ? 'No fund to choose from' : 'Choose the fund'}
              data={funds.choices}
              searchable
              nothingFoundMessage="No fund matches"
              {...input('fund_id')}
              value={values.fund_id || null}
              onChange={(value: string | null) => form.setFieldValue('fund_id', value ?? '')}
            />
          )}
          <TextInput label="Name" maxLength={200} data-autofocus {...input('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company number" maxLength={50} {...input('company_number')} />
            <Select
              label="Industry"
              placeholder={industries.options.length === 0 ? 'None to choose from' : 'Choose an industry'}
              data={industries.options}
              clearable
              {...input('industry_id')}
              value={values.industry_id || null}
              onChange={(value: string | null) => form.setFieldValue('industry_id', value ?? '')}
            />
            <CountrySelect
              label="Country"
              {...input('country')}
              value={values.country}
              onChange={(code) => form.setFieldValue('country', code)}
            />
            <TextInput label="Website" placeholder="https://" maxLength={255} {...input('website')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={3} maxLength={5000} {...input('description')} />
        </FormSection>
        <FormSection title="Key information" description="What the fund holds and its place in the company.">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Share class" maxLength={100} {...input('share_class')} />
            <TextInput label="First investment" type="date" {...input('first_investment_on')} />
            <TextInput label="Lead investor" maxLength={200} {...input('lead_investor')} />
            <TextInput
              label="Ownership"
              description="The fund's share of the company, up to 4 decimals."
              inputMode="decimal"
              rightSection={
                <Text span size="sm" c="dimmed" aria-hidden>
                  %
                </Text>
              }
              {...input('ownership_percent')}
            />
          </SimpleGrid>
          <Checkbox
            label="The fund has a board seat"
            {...form.getInputProps('board_seat', { type: 'checkbox' })}
          />
        </FormSection>
        <RecordFormActions {...actions} addLabel="Add company" onCancel={props.onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
