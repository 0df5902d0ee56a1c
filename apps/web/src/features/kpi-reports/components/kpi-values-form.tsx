import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  currencyPrefix,
  type KpiInputDefinition,
  type KpiReportForm,
  type KpiReportValue,
  type KpiValueInput,
} from '@portico/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form/form-error';
import { isApiError } from '../../../lib/api-error';
import { plural } from '../../../lib/format';
import { useSubmitKpiReport } from '../api/kpi-reports';
import { ValueHistory } from './value-history';

const UNIT_HINTS = { currency: 'Currency', number: 'Count', percentage: 'Percentage', text: 'Text' } as const;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The inputs by KPI category, in the company's order; custom KPIs without a category last. */
export function groupInputs(inputs: readonly KpiInputDefinition[]) {
  const groups = new Map<string, KpiInputDefinition[]>();
  for (const input of inputs) {
    const name = input.category?.name ?? 'Other KPIs';
    groups.set(name, [...(groups.get(name) ?? []), input]);
  }
  const other = groups.get('Other KPIs');
  groups.delete('Other KPIs');
  if (other) groups.set('Other KPIs', other);
  return [...groups.entries()];
}

/** What a field must hold for its unit, checked before sending (the server checks again). */
function problemOf(input: KpiInputDefinition, value: string): string | null {
  if (value.trim() === '' || input.unit === 'text') return null;
  return DECIMAL.test(value.trim().replace(/,/g, '')) ? null : 'Enter a number, such as 1250 or 12.5.';
}

/** A field's value as sent: thousands separators dropped from numbers. */
const cleaned = (input: KpiInputDefinition, value: string) =>
  input.unit === 'text' ? value.trim() : value.trim().replace(/,/g, '');

interface KpiValuesFormProps {
  opportunityId: number;
  form: KpiReportForm;
  period: string;
  /** staff with kpi create, or an Entrepreneur linked to the company */
  canSubmit: boolean;
}

/**
 * A period's values, one field per input grouped by KPI category, the current values filled in. Save
 * sends only what changed: a new value for an input that had one is a correction, and the old value stays
 * in its history.
 */
export function KpiValuesForm({ opportunityId, form, period, canSubmit }: KpiValuesFormProps) {
  const current = useMemo(() => {
    const byKey = new Map<string, KpiReportValue>();
    for (const value of form.report?.values ?? []) byKey.set(value.key, value);
    return byKey;
  }, [form.report]);
  const initial = () =>
    Object.fromEntries(form.inputs.map((input) => [input.key, current.get(input.key)?.value ?? '']));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitKpiReport();

  const changed = form.inputs.filter((input) => {
    const value = cleaned(input, values[input.key] ?? '');
    return value !== '' && value !== (current.get(input.key)?.value ?? '');
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found: Record<string, string> = {};
    for (const input of changed) {
      const problem = problemOf(input, values[input.key] ?? '');
      if (problem) found[input.key] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFormError('Some values need correcting.');
      return;
    }
    if (changed.length === 0) {
      setFormError('Nothing has changed: enter or correct a value first.');
      return;
    }
    const sent: KpiValueInput[] = changed.map((input) => ({
      kpi_id: input.kpi_id,
      custom_kpi_id: input.custom_kpi_id,
      value: cleaned(input, values[input.key] ?? ''),
    }));
    try {
      await submit.mutateAsync({ opportunity_id: opportunityId, period, values: sent });
      notifications.show({
        color: 'success',
        title: 'KPIs saved',
        message: `${plural(changed.length, 'value')} saved for ${form.periods.find((p) => p.period === period)?.label ?? period}.`,
      });
    } catch (error) {
      if (!isApiError(error) || typeof error.errors !== 'object') {
        setFormError(
          isApiError(error) && !error.unanswered ? error.message : 'The values could not be saved.',
        );
        return;
      }
      // 422: `values.3.value` names the fourth value sent
      const onFields: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const [field, messages] of Object.entries(error.errors)) {
        const match = /^values\.(\d+)(?:\.\w+)?$/.exec(field);
        const input = match ? changed[Number(match[1])] : undefined;
        if (input && messages[0]) onFields[input.key] = messages[0];
        else if (messages[0]) elsewhere.push(messages[0]);
      }
      setErrors(onFields);
      setFormError(elsewhere.length > 0 ? elsewhere.join(' ') : 'Some values need correcting.');
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="KPI values">
      <Stack gap="lg">
        {groupInputs(form.inputs).map(([category, inputs]) => (
          <fieldset key={category} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Title order={3} fz="md" mb="xs" component="legend">
              {category}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {inputs.map((input) => {
                const value = current.get(input.key);
                return (
                  <Group key={input.key} gap={4} align="flex-end" wrap="nowrap">
                    <TextInput
                      style={{ flex: 1 }}
                      label={input.name}
                      description={UNIT_HINTS[input.unit]}
                      inputMode={input.unit === 'text' ? 'text' : 'decimal'}
                      leftSection={input.unit === 'currency' ? currencyPrefix('GBP').trim() : undefined}
                      rightSection={input.unit === 'percentage' ? '%' : undefined}
                      value={values[input.key] ?? ''}
                      onChange={(event) => {
                        const next = event.currentTarget.value;
                        setValues((all) => ({ ...all, [input.key]: next }));
                      }}
                      error={errors[input.key]}
                      disabled={!canSubmit}
                      maxLength={1000}
                    />
                    {value && <ValueHistory value={value} />}
                  </Group>
                );
              })}
            </SimpleGrid>
          </fieldset>
        ))}
        {canSubmit ? (
          <>
            <FormError message={formError} />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {changed.length === 0 ? 'No changes yet.' : `${plural(changed.length, 'value')} to save.`}
              </Text>
              <Button type="submit" loading={submit.isPending}>
                Save KPIs
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Your role may read these values but not change them.
          </Text>
        )}
      </Stack>
    </form>
  );
}
