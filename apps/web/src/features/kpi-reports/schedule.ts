import type { KpiScheduleRow, KpiSchedulePeriod, KpiScheduleState } from '@portico/contracts';
import { plural } from '../../lib/format';

/**
 * The period a company's row is about: the most overdue one, else the one due, else the latest period
 * that has ended (the one whose report is expected now), else the running one.
 */
export function focusPeriod(row: KpiScheduleRow, today: string): KpiSchedulePeriod | undefined {
  const overdue = row.periods
    .filter((period) => period.state === 'overdue')
    .sort((a, b) => (b.days_overdue ?? 0) - (a.days_overdue ?? 0))[0];
  if (overdue) return overdue;
  const due = row.periods.find((period) => period.state === 'due');
  if (due) return due;
  return row.periods.find((period) => period.end < today) ?? row.periods[0];
}

/** Whether the report of the period expected now is in. */
export const receivedThisPeriod = (row: KpiScheduleRow, today: string) =>
  row.periods.find((period) => period.end < today)?.state === 'received';

export interface StateText {
  label: string;
  color: string;
  /** the badge's words in full, for its accessible name and title */
  detail?: string;
}

/** A period's state as its badge reads: "Received", "Due in 5 days", "Overdue by 12 days", "Not yet due". */
export function periodStateText(period: KpiSchedulePeriod): StateText {
  switch (period.state) {
    case 'received':
      return { label: 'Received', color: 'green' };
    case 'overdue':
      return {
        label: period.days_overdue ? `Overdue by ${plural(period.days_overdue, 'day')}` : 'Overdue',
        color: 'red',
      };
    case 'due':
      return {
        label:
          period.days_until_due === 0
            ? 'Due today'
            : period.days_until_due
              ? `Due in ${plural(period.days_until_due, 'day')}`
              : 'Due',
        color: 'yellow',
      };
    default:
      return { label: 'Not yet due', color: 'gray' };
  }
}

export const SCHEDULE_FILTERS: ReadonlyArray<{ value: KpiScheduleState | 'all'; label: string }> = [
  { value: 'all', label: 'Every company' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: 'Due' },
  { value: 'up_to_date', label: 'Up to date' },
  { value: 'not_scheduled', label: 'Not scheduled' },
];

/** The KPI form of a company, opened on a period. */
export function kpiEntryPath(opportunityId: number, period?: string | null): string {
  const query = new URLSearchParams({ company: String(opportunityId) });
  if (period) query.set('period', period);
  return `/admin/reports/kpis?${query.toString()}`;
}
