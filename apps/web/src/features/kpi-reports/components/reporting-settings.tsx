import {
  Button,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  KPI_REPORT_FREQUENCIES,
  KPI_REPORT_FREQUENCY_LABELS,
  kpiPeriodLabel,
  type KpiReportFrequency,
  type KpiReportingSettings,
} from '@portico/contracts';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { RecordSection } from '../../../components/records/record-section';
import { useServerForm } from '../../../components/form/use-server-form';
import { useKpiReportingSettings, useKpiReportTypes, useSaveKpiReportingSettings } from '../api/kpi-reports';

interface Values extends Record<string, unknown> {
  report_type_id: string | null;
  frequency: KpiReportFrequency | null;
  due_days: number | string;
  start_period: string;
  entrepreneur_ids: string[];
}

const FREQUENCY_OPTIONS = KPI_REPORT_FREQUENCIES.map((frequency) => ({
  value: frequency,
  label: KPI_REPORT_FREQUENCY_LABELS[frequency],
}));

const START_EXAMPLES: Record<KpiReportFrequency, string> = {
  month: '2025-M01',
  quarter: '2025-Q1',
  year: '2025',
};

function SettingsForm({ settings, onDone }: { settings: KpiReportingSettings; onDone: () => void }) {
  const types = useKpiReportTypes();
  const save = useSaveKpiReportingSettings();
  const form = useForm<Values>({
    initialValues: {
      report_type_id: settings.report_type_id === null ? null : String(settings.report_type_id),
      frequency: settings.frequency,
      due_days: settings.due_days,
      start_period: settings.start_period ?? '',
      entrepreneur_ids: settings.entrepreneurs.map((person) => String(person.id)),
    },
    validate: {
      frequency: (value) => (value ? null : 'Choose how often the company reports.'),
      due_days: (value) =>
        value === '' || Number(value) < 0 || Number(value) > 365
          ? 'Enter a number of days from 0 to 365.'
          : null,
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      save.mutateAsync({
        opportunityId: settings.opportunity_id,
        input: {
          report_type_id: values.report_type_id === null ? null : Number(values.report_type_id),
          frequency: values.frequency ?? 'quarter',
          due_days: Number(values.due_days),
          start_period: values.start_period.trim() === '' ? null : values.start_period.trim(),
          entrepreneur_ids: values.entrepreneur_ids.map(Number),
        },
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Reporting settings saved',
        message: settings.opportunity.company_name,
      });
      onDone();
    },
  });
  const people = new Map(
    [...settings.available_entrepreneurs, ...settings.entrepreneurs].map((person) => [person.id, person]),
  );
  const frequency = form.getValues().frequency ?? 'quarter';

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Save settings"
      onCancel={onDone}
    >
      <Select
        label="Frequency"
        required
        data={FREQUENCY_OPTIONS}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
        {...form.getInputProps('frequency')}
      />
      <NumberInput
        label="Due after the period ends"
        description="Days after each period’s end the report is due."
        suffix=" days"
        min={0}
        max={365}
        allowDecimal={false}
        required
        {...form.getInputProps('due_days')}
      />
      <Select
        label="Report type"
        description="The settings KPIs the company reports; its custom KPIs come on top."
        data={(types.data ?? []).map((type) => ({
          value: String(type.id),
          label: type.parent ? `${type.parent.name} › ${type.name}` : type.name,
        }))}
        placeholder={types.isPending ? 'Loading…' : 'No report type'}
        clearable
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('report_type_id')}
      />
      <TextInput
        label="First period"
        description={`The first period it reports, such as ${START_EXAMPLES[frequency]}; leave empty for no limit.`}
        {...form.getInputProps('start_period')}
      />
      <MultiSelect
        label="Entrepreneurs"
        description="Entrepreneur accounts who may submit this company’s KPIs and receive its reminders."
        data={[...people.values()].map((person) => ({
          value: String(person.id),
          label: `${person.name} (${person.email})`,
        }))}
        searchable
        nothingFoundMessage="No Entrepreneur account matches"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('entrepreneur_ids')}
      />
    </ModalForm>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {value}
      </Text>
    </div>
  );
}

/**
 * A company's reporting settings (kpi show): frequency, due days, report type, first period and the
 * Entrepreneurs who submit for it; changed by roles with kpi update.
 */
export function ReportingSettingsSection({
  opportunityId,
  canChange,
}: {
  opportunityId: number;
  canChange: boolean;
}) {
  const settings = useKpiReportingSettings(opportunityId);
  const [editing, setEditing] = useState(false);
  const data = settings.data;

  return (
    <RecordSection
      title="Reporting settings"
      description="How often the company reports and when each report is due."
      actions={
        canChange && data ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Change settings
          </Button>
        ) : undefined
      }
    >
      {settings.isError ? (
        <Text size="sm" c="danger.7" role="alert">
          The reporting settings could not be loaded.
        </Text>
      ) : !data ? (
        <Skeleton height={48} aria-label="Loading the settings" />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" component="dl" m={0}>
          <Fact
            label="Frequency"
            value={data.frequency ? KPI_REPORT_FREQUENCY_LABELS[data.frequency] : 'Not set'}
          />
          <Fact label="Due" value={`${data.due_days} days after the period`} />
          <Fact label="Report type" value={data.report_type?.name ?? 'None'} />
          <Fact label="First period" value={data.start_period ? kpiPeriodLabel(data.start_period) : 'Any'} />
          <Fact
            label="Entrepreneurs"
            value={
              data.entrepreneurs.length > 0
                ? data.entrepreneurs.map((person) => person.name).join(', ')
                : 'None'
            }
          />
        </SimpleGrid>
      )}
      {data && (
        <FormModal opened={editing} onClose={() => setEditing(false)} title="Reporting settings">
          <SettingsForm settings={data} onDone={() => setEditing(false)} />
        </FormModal>
      )}
    </RecordSection>
  );
}
