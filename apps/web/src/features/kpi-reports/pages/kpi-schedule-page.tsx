import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  KPI_REPORT_FREQUENCY_LABELS,
  KPI_SCHEDULE_STATE_LABELS,
  KPI_SCHEDULE_STATES,
  type KpiSchedule,
  type KpiScheduleRow,
  type KpiScheduleState,
} from '@portico/contracts';
import { IconAlarm, IconCalendarTime, IconChecks, IconClipboardList } from '@tabler/icons-react';
import { can } from '@portico/contracts/constants';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { PageHeader } from '../../../components/layouts/page-header';
import { RecordSection } from '../../../components/records/record-section';
import { ADMIN_SCREENS, canOpenAdminScreen } from '../../../config/admin-menu';
import { formatDate, formatNumber } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useKpiSchedule } from '../api/kpi-reports';
import { ReportDrawer } from '../components/report-drawer';
import {
  SCHEDULE_FILTERS,
  focusPeriod,
  kpiEntryPath,
  periodStateText,
  receivedThisPeriod,
} from '../schedule';

interface Stat {
  label: string;
  value: number;
  hint: string;
  icon: ReactNode;
  color: string;
}

function statsOf(schedule: KpiSchedule): Stat[] {
  const received = schedule.data.filter((row) => receivedThisPeriod(row, schedule.today)).length;
  return [
    {
      label: 'Overdue',
      value: schedule.summary.overdue,
      hint: 'companies past a due date',
      icon: <IconAlarm size={20} aria-hidden />,
      color: 'red',
    },
    {
      label: 'Due',
      value: schedule.summary.due,
      hint: 'companies whose report is due',
      icon: <IconCalendarTime size={20} aria-hidden />,
      color: 'yellow',
    },
    {
      label: 'Received this period',
      value: received,
      hint: 'reports in for the latest period',
      icon: <IconChecks size={20} aria-hidden />,
      color: 'green',
    },
  ];
}

/** The counts at the top: overdue, due and received this period. */
function ScheduleStats({ schedule }: { schedule: KpiSchedule | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {schedule
        ? statsOf(schedule).map((stat) => (
            <Paper key={stat.label} withBorder radius="md" p="md" component="section" aria-label={stat.label}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                    {stat.label}
                  </Text>
                  <Text fz={30} fw={700} lh={1.2} mt={4}>
                    {formatNumber(stat.value)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {stat.hint}
                  </Text>
                </div>
                <ThemeIcon variant="light" color={stat.color} size={40} radius="md">
                  {stat.icon}
                </ThemeIcon>
              </Group>
            </Paper>
          ))
        : Array.from({ length: 3 }, (_, index) => (
            <Paper key={index} withBorder radius="md" p="md" aria-hidden>
              <Skeleton height={12} width="50%" />
              <Skeleton height={28} width="35%" mt="sm" />
              <Skeleton height={10} width="60%" mt="sm" />
            </Paper>
          ))}
    </SimpleGrid>
  );
}

/** The row's state badge: the period it is about, in words a screen reader reads whole. */
export function ScheduleStateBadge({ row, today }: { row: KpiScheduleRow; today: string }) {
  const period = focusPeriod(row, today);
  if (row.state === 'not_scheduled' || !period)
    return (
      <Badge color="gray" variant="outline">
        {KPI_SCHEDULE_STATE_LABELS.not_scheduled}
      </Badge>
    );
  const text = periodStateText(period);
  return (
    <Badge color={text.color} variant="light" title={`${period.label}: ${text.label}`}>
      {text.label}
    </Badge>
  );
}

/** The latest period whose report is in, for reading it. */
const latestReport = (row: KpiScheduleRow) =>
  row.periods.find((period) => period.report_id !== null)?.report_id ?? undefined;

const isState = (value: string | null): value is KpiScheduleState =>
  value !== null && (KPI_SCHEDULE_STATES as readonly string[]).includes(value);

/**
 * /admin/reports: every existing investment's reporting: how often it reports, when it last did, the
 * period expected now with its due date and state, and counts of what is overdue, due and received. A
 * row opens the company's KPI form on that period. An Entrepreneur sees the companies linked to them.
 */
export function KpiSchedulePage() {
  const schedule = useKpiSchedule();
  const terms = useTerminology();
  const user = useUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : null;
  const today = schedule.data?.today ?? '';
  const rows = schedule.data?.data.filter((row) => state === null || row.state === state);
  const entryOf = (row: KpiScheduleRow) => kpiEntryPath(row.opportunity_id, focusPeriod(row, today)?.period);
  const mayEnter = canOpenAdminScreen(user.role_id, ADMIN_SCREENS.kpiEntry);
  // roles that read reports but do not submit them open the latest received one
  const mayRead = can(user.role_id, 'kpi', 'show');
  const [reading, setReading] = useState<number>();

  const columns: DataTableColumn<KpiScheduleRow>[] = [
    {
      key: 'company',
      header: 'Company',
      render: (row) => (
        <div>
          {row.can_submit ? (
            <Anchor component={Link} to={entryOf(row)} fw={600}>
              {row.company_name}
            </Anchor>
          ) : mayRead && latestReport(row) !== undefined ? (
            <Anchor component="button" type="button" fw={600} onClick={() => setReading(latestReport(row))}>
              {row.company_name}
            </Anchor>
          ) : (
            <Text fw={600} size="sm">
              {row.company_name}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {row.name}
          </Text>
        </div>
      ),
    },
    {
      key: 'frequency',
      header: 'Frequency',
      visibleFrom: 'sm',
      render: (row) => (row.frequency ? KPI_REPORT_FREQUENCY_LABELS[row.frequency] : '—'),
    },
    {
      key: 'last',
      header: 'Last reported on',
      nowrap: true,
      visibleFrom: 'md',
      render: (row) => (row.last_reported_on ? formatDate(row.last_reported_on) : 'Never'),
    },
    {
      key: 'period',
      header: 'Period',
      nowrap: true,
      visibleFrom: 'sm',
      render: (row) => focusPeriod(row, today)?.label ?? '—',
    },
    {
      key: 'due',
      header: 'Due on',
      nowrap: true,
      visibleFrom: 'md',
      render: (row) => formatDate(focusPeriod(row, today)?.due_on),
    },
    {
      key: 'state',
      header: 'State',
      nowrap: true,
      render: (row) => <ScheduleStateBadge row={row} today={today} />,
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Reporting schedule"
        description="Which companies have sent their KPIs for the latest period, which are due and which are overdue."
        actions={
          mayEnter ? (
            <Button component={Link} to={ADMIN_SCREENS.kpiEntry.path} variant="default">
              Enter KPIs
            </Button>
          ) : undefined
        }
      />
      {schedule.isError ? (
        <ListLoadError error={schedule.error} />
      ) : (
        <>
          <ScheduleStats schedule={schedule.data} />
          <RecordSection title="Companies">
            <Group mb="md">
              <Select
                label="State"
                data={SCHEDULE_FILTERS.map((filter) => ({ value: filter.value, label: filter.label }))}
                value={state ?? 'all'}
                onChange={(value) =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      if (value && value !== 'all') next.set('state', value);
                      else next.delete('state');
                      return next;
                    },
                    { replace: true },
                  )
                }
                allowDeselect={false}
                w={{ base: '100%', xs: 240 }}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <DataTable
              caption="Reporting schedule"
              columns={columns}
              rows={rows}
              rowKey={(row) => row.opportunity_id}
              loading={schedule.isPending}
              onRowClick={(row) => {
                if (row.can_submit) void navigate(entryOf(row));
                else if (mayRead && latestReport(row) !== undefined) setReading(latestReport(row));
              }}
              empty={
                <Stack align="center" gap="xs" py="lg">
                  <ThemeIcon variant="light" size={48} radius="xl" color="gray">
                    <IconClipboardList size={26} aria-hidden />
                  </ThemeIcon>
                  <Text fw={600}>{state ? 'No company is in this state' : 'No companies report yet'}</Text>
                  <Text size="sm" c="dimmed" ta="center">
                    {state
                      ? 'Choose another state to see the other companies.'
                      : `${terms.existing_investments} appear here once a round completes.`}
                  </Text>
                </Stack>
              }
            />
          </RecordSection>
          <ReportDrawer reportId={reading} onClose={() => setReading(undefined)} />
        </>
      )}
    </Stack>
  );
}
