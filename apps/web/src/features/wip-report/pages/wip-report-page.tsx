import '@mantine/charts/styles.css';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { can, type WipManager, type WipReport } from '@portico/contracts';
import {
  IconAlertTriangle,
  IconCamera,
  IconChartBar,
  IconCoins,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconLayoutKanban,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/layouts/page-header';
import { formatDate, formatDateTime, plural } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { SectionCard } from '../../overview/components/section-card';
import { useWipReport, wipExportHref } from '../api/get-wip-report';
import { useWipSnapshot, wipSnapshotExportHref } from '../api/wip-snapshots';
import { SnapshotModal } from '../components/snapshot-modal';
import { SnapshotsList } from '../components/snapshots-list';
import { inSentence, pluralOf, useTerminology } from '../../../lib/terminology';
import { Amounts } from '../components/amounts';
import { RaisesChart } from '../components/raises-chart';
import {
  CashCallsTable,
  DealsTable,
  managerName,
  ManagersTable,
  RaisesTable,
} from '../components/wip-tables';

type View = 'section' | 'manager';

function Empty({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return <EmptyState icon={icon} title={title} description={description} withIndicatorBackground size="sm" />;
}

function Summary({ report }: { report: WipReport }) {
  const cards = [
    { label: 'Deals in pipelines', value: plural(report.deals.count, 'deal'), amounts: null },
    { label: 'Live raises: committed', value: null, amounts: report.raise_totals.committed },
    { label: 'Cash outstanding', value: null, amounts: report.cash_call_totals.outstanding },
    { label: 'Of which overdue', value: null, amounts: report.cash_call_totals.overdue },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {cards.map((card) => (
        <SectionCard key={card.label} title={card.label}>
          <Text fz={24} fw={700} lh={1.2} component="div">
            {card.amounts ? <Amounts amounts={card.amounts} empty="None" /> : card.value}
          </Text>
        </SectionCard>
      ))}
    </SimpleGrid>
  );
}

const sameManager = (a: WipManager, b: WipManager) => (a?.id ?? null) === (b?.id ?? null);

/** Each investment manager's raises and cash calls, with their own totals. */
function ByManager({ report }: { report: WipReport }) {
  const cashCalls = pluralOf(useTerminology().cash_call);
  return (
    <Stack gap="lg">
      <SectionCard
        title="By investment manager"
        description="An opportunity’s investment manager is the owner of the deal it came from, else whoever created it."
      >
        <ManagersTable groups={report.by_manager} />
      </SectionCard>
      {report.by_manager.map((group) => {
        const name = managerName(group.manager);
        const raises = report.raises.filter((raise) => sameManager(raise.manager, group.manager));
        const calls = report.cash_calls.filter((call) => sameManager(call.manager, group.manager));
        return (
          <SectionCard
            key={group.manager?.id ?? 'none'}
            title={name}
            description={`${plural(group.raises, 'live raise')}, ${plural(group.cash_calls, 'open cash call')}`}
          >
            {raises.length > 0 && (
              <RaisesTable
                caption={`Live raises of ${name}`}
                raises={raises}
                totals={{
                  target: group.target,
                  committed: group.committed,
                  paid: group.paid,
                  remaining: [],
                }}
                showManager={false}
              />
            )}
            {calls.length > 0 && (
              <CashCallsTable
                caption={`${cashCalls} of ${name}`}
                calls={calls}
                outstanding={group.outstanding}
                overdue={group.overdue}
                showManager={false}
              />
            )}
          </SectionCard>
        );
      })}
    </Stack>
  );
}

function BySection({ report }: { report: WipReport }) {
  const cashCalls = pluralOf(useTerminology().cash_call);
  return (
    <Stack gap="lg">
      <SectionCard
        title="Live raises"
        description="Live and closed rounds not yet completed. Committed and paid are each opportunity’s Transactions tab totals."
      >
        {report.raises.length === 0 ? (
          <Empty
            icon={<IconChartBar size={28} aria-hidden />}
            title="No live raises"
            description="Opportunities appear here once they go live, until they complete."
          />
        ) : (
          <>
            <RaisesChart raises={report.raises} />
            <RaisesTable raises={report.raises} totals={report.raise_totals} />
          </>
        )}
      </SectionCard>
      <SectionCard
        title={`${cashCalls} outstanding`}
        description={`Open ${inSentence(cashCalls)} with money still to come in; overdue by the London date (${formatDate(report.as_of)}).`}
      >
        {report.cash_calls.length === 0 ? (
          <Empty
            icon={<IconCoins size={28} aria-hidden />}
            title="Nothing outstanding"
            description="Every cash call has been paid."
          />
        ) : (
          <CashCallsTable
            calls={report.cash_calls}
            outstanding={report.cash_call_totals.outstanding}
            overdue={report.cash_call_totals.overdue}
          />
        )}
      </SectionCard>
      <SectionCard
        title="Deals by pipeline and stage"
        description="How many deals each stage holds and what they seek."
      >
        {report.pipelines.length === 0 || report.deals.count === 0 ? (
          <Empty
            icon={<IconLayoutKanban size={28} aria-hidden />}
            title="No deals"
            description="Deals appear here as they are added to a pipeline."
          />
        ) : (
          <DealsTable pipelines={report.pipelines} total={report.deals} />
        )}
      </SectionCard>
    </Stack>
  );
}

function Loading() {
  return (
    <Stack gap="lg" aria-busy aria-label="Loading the WIP report">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={320} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** /admin/reports/wip (issue 19): deals, live raises and cash calls outstanding, by investment manager. */
export function WipReportPage() {
  const user = useUser();
  const mayCreate = can(user.role_id, 'wip_report', 'create');
  const [snapshotId, setSnapshotId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const live = useWipReport();
  const frozen = useWipSnapshot(snapshotId);
  const current = snapshotId === null ? live : frozen;
  const report = snapshotId === null ? live.data : frozen.data?.report;
  const [view, setView] = useState<View>('section');
  const hrefFor = (format: 'xlsx' | 'pdf') =>
    snapshotId === null ? wipExportHref(format) : wipSnapshotExportHref(snapshotId, format);

  return (
    <Stack gap="lg">
      <PageHeader
        title="WIP report"
        description="Work in progress: deals, live raises and cash calls outstanding."
        actions={
          <Group gap="sm">
            {mayCreate && snapshotId === null && (
              <Button
                variant="default"
                leftSection={<IconCamera size={18} aria-hidden />}
                onClick={() => setSaving(true)}
                disabled={!live.data}
              >
                Save snapshot
              </Button>
            )}
            <Button
              component="a"
              href={hrefFor('xlsx')}
              download
              variant="default"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            >
              Export Excel
            </Button>
            <Button
              component="a"
              href={hrefFor('pdf')}
              download
              variant="default"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
            >
              Export PDF
            </Button>
          </Group>
        }
      />
      {snapshotId !== null && frozen.data && (
        <Alert
          color="primaryLighter"
          variant="light"
          icon={<IconCamera aria-hidden />}
          title={`Snapshot: ${frozen.data.title}`}
        >
          <Stack gap="xs" align="flex-start">
            {`The figures as they stood on ${formatDate(frozen.data.as_of)}, saved ${formatDateTime(frozen.data.created_at)}${frozen.data.created_by ? ` by ${frozen.data.created_by.name}` : ''}. They do not change.`}
            <Button size="xs" variant="light" onClick={() => setSnapshotId(null)}>
              Back to the live report
            </Button>
          </Stack>
        </Alert>
      )}
      {current.isError ? (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="The WIP report could not be loaded"
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            Please try again in a moment.
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() => void current.refetch()}
                loading={current.isFetching}
              >
                Try again
              </Button>
              {snapshotId !== null && (
                <Button size="xs" variant="subtle" onClick={() => setSnapshotId(null)}>
                  Back to the live report
                </Button>
              )}
            </Group>
          </Stack>
        </Alert>
      ) : !report ? (
        <Loading />
      ) : (
        <>
          <Group justify="space-between" align="center" gap="sm">
            <Title order={2} fz="md" fw={500} c="dimmed">
              {`As of ${formatDate(report.as_of)}`}
            </Title>
            <SegmentedControl<View>
              aria-label="Group the report"
              value={view}
              onChange={setView}
              data={[
                { value: 'section', label: 'By section' },
                { value: 'manager', label: 'By investment manager' },
              ]}
            />
          </Group>
          <Summary report={report} />
          {view === 'manager' ? (
            report.by_manager.length === 0 ? (
              <SectionCard title="By investment manager">
                <Empty
                  icon={<IconChartBar size={28} aria-hidden />}
                  title="Nothing in progress"
                  description="No live raise or open cash call to group."
                />
              </SectionCard>
            ) : (
              <ByManager report={report} />
            )
          ) : (
            <BySection report={report} />
          )}
        </>
      )}
      <SectionCard
        title="Saved snapshots"
        description="Dated, frozen copies of the report for investment committee meetings."
      >
        <SnapshotsList
          openId={snapshotId}
          onOpen={(id) => {
            setSnapshotId(id);
            window.scrollTo({ top: 0 });
          }}
        />
      </SectionCard>
      {mayCreate && live.data && (
        <SnapshotModal
          opened={saving}
          asOf={live.data.as_of}
          onClose={(snapshot) => {
            setSaving(false);
            if (snapshot) setSnapshotId(snapshot.id);
          }}
        />
      )}
    </Stack>
  );
}
