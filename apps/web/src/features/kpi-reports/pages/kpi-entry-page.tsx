import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { IconAlertTriangle, IconChartBar, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useKpiReportForm, useKpiSchedule } from '../api/kpi-reports';
import { CustomKpisSection } from '../components/custom-kpis-section';
import { KpiImportModal } from '../components/kpi-import-modal';
import { KpiValuesForm } from '../components/kpi-values-form';
import { ReportingSettingsSection } from '../components/reporting-settings';
import { ReportTypesSection } from '../components/report-types-section';
import { periodStateText } from '../schedule';

const idOf = (value: string | null) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined);

function NotFound() {
  return (
    <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
      This company cannot be found, or you may not report for it. Choose another company.
    </Alert>
  );
}

/** The chosen company's form for the chosen period, with its import, settings and custom KPIs. */
function CompanyReporting({
  opportunityId,
  period,
  onPeriod,
  canSubmit,
}: {
  opportunityId: number;
  period: string | null;
  onPeriod: (period: string) => void;
  canSubmit: boolean;
}) {
  const user = useUser();
  const form = useKpiReportForm(opportunityId, period);
  const [importing, setImporting] = useState(false);
  if (isApiError(form.error) && form.error.status === 404) return <NotFound />;

  const data = form.data;
  const chosen = data?.period ?? null;
  const chosenPeriod = data?.periods.find((entry) => entry.period === chosen);
  const state = chosenPeriod ? periodStateText(chosenPeriod) : undefined;

  return (
    <Stack gap="lg">
      <RecordSection
        title={data ? `${data.opportunity.company_name}: KPIs` : 'KPIs'}
        description={
          chosenPeriod
            ? `${chosenPeriod.label}, ${formatDate(chosenPeriod.start)} to ${formatDate(chosenPeriod.end)}; due ${formatDate(chosenPeriod.due_on)}.`
            : undefined
        }
        actions={
          canSubmit && data && chosen && data.inputs.length > 0 ? (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              Import from a file
            </Button>
          ) : undefined
        }
      >
        {form.isError ? (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The KPI form could not be loaded. {isApiError(form.error) ? form.error.message : ''}
            <Button variant="light" size="xs" ml="sm" onClick={() => void form.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !data ? (
          <Stack gap="sm" aria-label="Loading the KPIs">
            <Skeleton height={36} width={260} />
            <Skeleton height={120} />
          </Stack>
        ) : data.frequency === null || data.periods.length === 0 ? (
          <Text size="sm" c="dimmed">
            This company has no reporting frequency yet
            {can(user.role_id, 'kpi', 'update') ? ': set one in its reporting settings below.' : '.'}
          </Text>
        ) : (
          <Stack gap="md">
            <Group align="flex-end" gap="sm">
              <Select
                label="Period"
                description="Periods that have begun; a future one cannot be reported."
                data={data.periods.map((entry) => ({
                  value: entry.period,
                  label: `${entry.label} · ${periodStateText(entry).label}`,
                }))}
                value={chosen}
                onChange={(value) => value && onPeriod(value)}
                allowDeselect={false}
                w={{ base: '100%', xs: 320 }}
                comboboxProps={{ withinPortal: true }}
              />
              {state && (
                <Badge color={state.color} variant="light" mb={6}>
                  {state.label}
                </Badge>
              )}
            </Group>
            {data.report && (
              <Text size="sm" c="dimmed">
                Received {formatDate(data.report.received_on)}
                {data.report.submitted_by ? ` from ${data.report.submitted_by.name}` : ''}.
              </Text>
            )}
            {data.inputs.length === 0 ? (
              <Text size="sm" c="dimmed">
                This company has no KPIs to report: choose a report type in its reporting settings, or add
                custom KPIs.
              </Text>
            ) : chosen ? (
              <KpiValuesForm
                key={`${opportunityId}-${chosen}-${data.report?.updated_at ?? 'new'}`}
                opportunityId={opportunityId}
                form={data}
                period={chosen}
                canSubmit={canSubmit}
              />
            ) : null}
          </Stack>
        )}
      </RecordSection>
      {data && chosen && chosenPeriod && (
        <KpiImportModal
          opened={importing}
          onClose={() => setImporting(false)}
          opportunityId={opportunityId}
          period={chosen}
          periodLabel={chosenPeriod.label}
          companyName={data.opportunity.company_name}
        />
      )}
      {can(user.role_id, 'kpi', 'show') && (
        <ReportingSettingsSection
          opportunityId={opportunityId}
          canChange={can(user.role_id, 'kpi', 'update')}
        />
      )}
      {can(user.role_id, 'custom_kpis', 'index') && (
        <CustomKpisSection
          opportunityId={opportunityId}
          permissions={{
            create: can(user.role_id, 'custom_kpis', 'create'),
            update: can(user.role_id, 'custom_kpis', 'update'),
            delete: can(user.role_id, 'custom_kpis', 'delete'),
          }}
        />
      )}
    </Stack>
  );
}

/**
 * /admin/reports/kpis: choose a company and a period, then enter, correct or import its KPI values;
 * each value keeps who entered it and what it replaced. Staff with kpi create submit for any company, an
 * Entrepreneur for the companies linked to them (the list shows only those).
 */
export function KpiEntryPage() {
  const user = useUser();
  const terms = useTerminology();
  const schedule = useKpiSchedule();
  const [params, setParams] = useSearchParams();
  const company = idOf(params.get('company'));
  const period = params.get('period');
  const rows = schedule.data?.data ?? [];
  const row = rows.find((entry) => entry.opportunity_id === company);

  const choose = (next: { company?: number; period?: string | null }) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next.company !== undefined) query.set('company', String(next.company));
        if (next.period === null) query.delete('period');
        else if (next.period !== undefined) query.set('period', next.period);
        return query;
      },
      { replace: false },
    );

  return (
    <Stack gap="lg">
      <PageHeader
        title="KPIs"
        description="Each company’s KPI values per period: enter them, correct them or import them from a file."
        actions={
          <Anchor component={Link} to="/admin/reports" size="sm">
            Reporting schedule
          </Anchor>
        }
      />
      {schedule.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The companies could not be loaded. {isApiError(schedule.error) ? schedule.error.message : ''}
        </Alert>
      ) : (
        <Select
          label="Company"
          placeholder={schedule.isPending ? 'Loading companies…' : 'Choose a company'}
          data={rows.map((entry) => ({ value: String(entry.opportunity_id), label: entry.company_name }))}
          value={company === undefined ? null : String(company)}
          onChange={(value) => value && choose({ company: Number(value), period: null })}
          searchable
          allowDeselect={false}
          disabled={schedule.isPending}
          nothingFoundMessage="No company matches"
          w={{ base: '100%', sm: 420 }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {company === undefined ? (
        schedule.isSuccess && (
          <Paper withBorder radius="md" p="lg">
            <EmptyState
              icon={<IconChartBar size={28} aria-hidden />}
              title={rows.length === 0 ? 'No companies to report for' : 'Choose a company'}
              description={
                rows.length === 0
                  ? `${terms.existing_investments} appear here once a round completes (an Entrepreneur sees the companies linked to them).`
                  : 'Its KPI form opens here for the period you choose.'
              }
              withIndicatorBackground
              size="sm"
            />
          </Paper>
        )
      ) : schedule.isSuccess && !row ? (
        <NotFound />
      ) : (
        <CompanyReporting
          key={company}
          opportunityId={company}
          period={period}
          onPeriod={(next) => choose({ period: next })}
          canSubmit={row?.can_submit ?? false}
        />
      )}
      {can(user.role_id, 'kpi_report_types', 'index') && (
        <ReportTypesSection
          permissions={{
            create: can(user.role_id, 'kpi_report_types', 'create'),
            update: can(user.role_id, 'kpi_report_types', 'update'),
            delete: can(user.role_id, 'kpi_report_types', 'delete'),
          }}
        />
      )}
    </Stack>
  );
}
