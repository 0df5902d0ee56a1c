import { ROLES, can, ROLE_IDS, type KpiSchedulePeriod } from '@portico/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { kpiReportReminders, kpiReportSubmitters, users } from '../../db/schema';
import type { ScheduledJob } from '../../platform/jobs/scheduler';
import { longDate } from '../../platform/dates';
import { addDays } from './kpi-rules';
import type { KpiReportsService } from './kpi-reports.service';

const HOUR = 3_600_000;
/** Entrepreneurs hear this many days before a period's report is due. */
export const REMIND_DAYS_BEFORE = 7;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

interface Sent {
  company: string;
  period: string;
  kind: 'before_due' | 'overdue';
  due_on: string;
}

/**
 * KPI report reminders (issue 19): each company's linked Entrepreneurs get one email when a period's
 * report is due within REMIND_DAYS_BEFORE days and one once it is overdue (the latest overdue period
 * only); staff who may correct reports (kpi update) get one summary a day of what was chased. A row in
 * kpi_report_reminders with a unique key makes each reminder go once, whichever node runs the job.
 */
export function createKpiReminders(ctx: AppContext, reports: KpiReportsService) {
  const { db } = ctx;

  /** Inserts the reminder's key; false when it was already sent. */
  async function claim(
    tx: DbOrTx,
    key: string,
    kind: 'before_due' | 'overdue' | 'staff_summary',
    opportunityId: number | null,
    period: string | null,
    recipients: number,
  ) {
    const rows = await tx
      .insert(kpiReportReminders)
      .values({ key, kind, opportunity_id: opportunityId, period, recipients, sent_at: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: kpiReportReminders.id });
    return rows.length > 0;
  }

  async function entrepreneursOf(tx: DbOrTx, opportunityId: number) {
    return tx
      .select({ email: users.email, name: users.name })
      .from(kpiReportSubmitters)
      .innerJoin(users, eq(users.id, kpiReportSubmitters.user_id))
      .where(
        and(
          eq(kpiReportSubmitters.opportunity_id, opportunityId),
          eq(users.role_id, ROLES.ENTREPRENEUR),
          isNull(users.deactivated_at),
        ),
      );
  }

  const submitUrl = (opportunityId: number, period: string) =>
    `${ctx.config.APP_URL}/admin/reports/kpis/submit?opportunity_id=${opportunityId}&period=${encodeURIComponent(period)}`;

  /** One pass: answers what was sent. */
  async function run(): Promise<Sent[]> {
    const today = ctx.clock.today();
    const rows = await reports.scheduleRows(db, null, 'all', today);
    const sent: Sent[] = [];
    for (const row of rows) {
      if (!row.frequency) continue;
      const chase: Array<{ period: KpiSchedulePeriod; kind: 'before_due' | 'overdue' }> = [];
      const dueSoon = row.periods.find(
        (period) => period.state === 'due' && addDays(today, REMIND_DAYS_BEFORE) >= period.due_on,
      );
      if (dueSoon) chase.push({ period: dueSoon, kind: 'before_due' });
      // newest first: the latest overdue period only, so a company set up late is not sent a pile
      const overdue = row.periods.find((period) => period.state === 'overdue');
      if (overdue) chase.push({ period: overdue, kind: 'overdue' });
      for (const { period, kind } of chase) {
        await db.transaction(async (tx) => {
          const people = await entrepreneursOf(tx, row.opportunity_id);
          const key = `${kind}:${row.opportunity_id}:${period.period}`;
          if (!(await claim(tx, key, kind, row.opportunity_id, period.period, people.length))) return;
          const subject =
            kind === 'before_due'
              ? `KPI report for ${row.company_name} (${period.label}) is due on ${longDate(period.due_on)}`
              : `KPI report for ${row.company_name} (${period.label}) is overdue`;
          const lead =
            kind === 'before_due'
              ? `The KPI report of ${row.company_name} for ${period.label} is due on ${longDate(period.due_on)}.`
              : `The KPI report of ${row.company_name} for ${period.label} was due on ${longDate(period.due_on)} and has not been received.`;
          const url = submitUrl(row.opportunity_id, period.period);
          for (const person of people)
            await ctx.mailer.queue(tx, {
              to: person.email,
              subject,
              text: `Hello ${person.name},\n\n${lead}\n\nSubmit it here: ${url}\n`,
              html: `<p>Hello ${escape(person.name)},</p><p>${escape(lead)}</p><p><a href="${escape(url)}">Submit the KPI report</a></p>`,
            });
          sent.push({ company: row.company_name, period: period.label, kind, due_on: period.due_on });
        });
      }
    }
    if (sent.length > 0) await summary(today, sent);
    return sent;
  }

  /** One email a day to staff who may correct KPI reports, listing what was chased. */
  async function summary(today: string, sent: Sent[]) {
    const staffRoles = ROLE_IDS.filter((role) => role !== ROLES.USER && can(role, 'kpi', 'update'));
    await db.transaction(async (tx) => {
      const staff = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(and(inArray(users.role_id, [...staffRoles]), isNull(users.deactivated_at)));
      if (!(await claim(tx, `staff_summary:${today}`, 'staff_summary', null, null, staff.length))) return;
      const lines = sent.map(
        (item) =>
          `${item.company}, ${item.period}: ${item.kind === 'overdue' ? 'overdue since' : 'due on'} ${longDate(item.due_on)}`,
      );
      const url = `${ctx.config.APP_URL}/admin/reports`;
      for (const person of staff)
        await ctx.mailer.queue(tx, {
          to: person.email,
          subject: `KPI reports chased today: ${sent.length}`,
          text: `Hello ${person.name},\n\nThese companies were reminded about their KPI reports today:\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\nThe schedule: ${url}\n`,
          html: `<p>Hello ${escape(person.name)},</p><p>These companies were reminded about their KPI reports today:</p><ul>${lines
            .map((line) => `<li>${escape(line)}</li>`)
            .join('')}</ul><p><a href="${escape(url)}">Open the reporting schedule</a></p>`,
        });
    });
  }

  const job: ScheduledJob = {
    name: 'kpi-reports.remind',
    everyMs: HOUR,
    run: async () => void (await run()),
  };
  return { run, job };
}
