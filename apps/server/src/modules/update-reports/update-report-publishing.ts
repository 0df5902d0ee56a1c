import {
  NOTIFICATION_EVENT,
  type UpdateReportCorrection,
  type UpdateReportPublish,
  type UpdateReportState,
  type UpdateReportWithdraw,
} from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  funds,
  opportunities,
  updateReports,
  updateReportVersions,
  type UpdateReportRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError } from '../../platform/http/errors';
import { renderMail } from '../../platform/mail/templates';
import { toApiTimestamp } from '../../platform/time';
import { userChannel } from '../broadcasting/channels';
import { mailSubject } from '../notifications/mail-subject';
import { insertForUsers } from '../notifications/notifications.repository';
import { sanitisedBody } from './sanitised-body';
import { editable, reportCta, snapshot, type ReportKit } from './update-report-kit';
import { dueReports, lockReport, recipientsCondition } from './update-reports.repository';

const NOTICE_TYPE = 'App\\Notifications\\UpdateReportPublished';
/** Who publishes a scheduled report: the scheduler, not a request. */
const SCHEDULER: Actor = { userId: null, requestId: 'job:update-reports.publish-due', ip: '' };

/**
 * A report's life once written (decision 022): publish now or at a time, the scheduled publications,
 * a correction (a new version, no new notifications) and withdrawal.
 */
export function createReportPublishing(kit: ReportKit) {
  const { db, config, mailer, realtime, clock, workers } = kit.ctx;

  /** The notice every recipient gets: the update_reports icon and a cta that opens the report. */
  async function noticeOf(tx: DbOrTx, row: UpdateReportRow) {
    let about: string | null = null;
    if (row.opportunity_id !== null) {
      const [opportunity] = await tx
        .select({ name: opportunities.name })
        .from(opportunities)
        .where(eq(opportunities.id, row.opportunity_id));
      about = opportunity?.name ?? null;
    } else if (row.fund_id !== null) {
      const [fund] = await tx.select({ name: funds.name }).from(funds).where(eq(funds.id, row.fund_id));
      about = fund?.name ?? null;
    }
    const message = about ? `New update from **${about}**: **${row.title}**` : `News: **${row.title}**`;
    return { message, cta: reportCta(row), icon: 'update_reports' as const };
  }

  /**
   * Makes a locked draft or scheduled report live, in the caller's transaction: version 1, a notification
   * for every recipient (one insert) and their emails (one insert into the outbox). Answers what to push
   * once the transaction commits.
   */
  async function goLive(tx: DbOrTx, row: UpdateReportRow, publisherId: number | null, fundsEnabled: boolean) {
    await kit.checkSubject(tx, row, fundsEnabled);
    if (row.body.trim() === '') throw fieldError('body', 'Write the update before publishing it.');
    const now = clock.now();
    const data = await noticeOf(tx, row);
    const condition = recipientsCondition(row);
    const notified = await insertForUsers(tx, { type: NOTICE_TYPE, audience: 'user', data }, condition);
    const plain = data.message.replace(/\*\*/g, '');
    const mail = renderMail(config.APP_NAME, {
      subject: `${config.APP_NAME}: ${mailSubject(plain)}`,
      greeting: 'Hello,',
      lines: [plain],
      action: { label: 'Read the update', url: `${config.APP_URL}${data.cta}` },
      outro: ['You can turn these emails off in your profile.'],
    });
    await mailer.queueToEach(
      tx,
      mail,
      sql`select users.email from users where users.deactivated_at is null and users.notification_emails and (${condition})`,
    );
    await tx.insert(updateReportVersions).values({
      report_id: row.id,
      version: 1,
      title: row.title,
      body: row.body,
      reason: null,
      published_at: now,
      published_by: publisherId,
    });
    const [live] = await tx
      .update(updateReports)
      .set({
        status: 'live',
        published_at: now,
        version: 1,
        recipients: notified.length,
        updated_by: publisherId ?? row.updated_by,
        updated_at: now,
      })
      .where(eq(updateReports.id, row.id))
      .returning();
    const push = () =>
      realtime.broadcastMany(
        notified.map((notification) => ({
          channel: userChannel(notification.userId),
          event: NOTIFICATION_EVENT,
          data: { ...data, id: notification.id, type: NOTICE_TYPE, audience: 'user', socket: null },
        })),
      );
    return { live: live ?? row, recipients: notified.length, push };
  }

  /** Publishes one due scheduled report, under its row lock: a second node finds it live and skips it. */
  async function publishIfDue(id: number) {
    const fundsEnabled = await kit.fundsOn();
    const outcome = await db.transaction(async (tx) => {
      const row = await lockReport(tx, id);
      if (row?.status !== 'scheduled' || !row.publish_at || row.publish_at > clock.now()) return null;
      // a fund's report waits while the funds feature is off (it goes live once the feature is back on),
      // rather than failing the run for the reports due after it
      if (row.fund_id !== null && !fundsEnabled) return null;
      const result = await goLive(tx, row, row.updated_by, fundsEnabled);
      await recordAudit(tx, SCHEDULER, {
        action: 'update_report.published',
        subjectType: 'update_report',
        subjectId: id,
        before: snapshot(row),
        after: { ...snapshot(result.live), recipients: result.recipients, scheduled: true },
      });
      return result;
    });
    await outcome?.push();
    return outcome !== null;
  }

  return {
    async publish(actor: Actor, id: number, input: UpdateReportPublish | null): Promise<UpdateReportState> {
      const at = input?.publish_at ? new Date(input.publish_at) : null;
      if (at && Number.isNaN(at.getTime()))
        throw fieldError('publish_at', 'The publication time must be a valid date and time.');
      const fundsEnabled = await kit.fundsOn();
      const outcome = await db.transaction(async (tx) => {
        const row = await kit.locked(tx, id);
        if (!editable(row))
          throw fieldError(
            'status',
            row.status === 'live'
              ? 'This report is already live.'
              : 'A withdrawn report cannot be published.',
          );
        if (at && at > clock.now()) {
          await kit.checkSubject(tx, row, fundsEnabled);
          if (row.body.trim() === '') throw fieldError('body', 'Write the update before publishing it.');
          const [scheduled] = await tx
            .update(updateReports)
            .set({ status: 'scheduled', publish_at: at, updated_by: actor.userId, updated_at: new Date() })
            .where(eq(updateReports.id, id))
            .returning();
          await recordAudit(tx, actor, {
            action: 'update_report.scheduled',
            subjectType: 'update_report',
            subjectId: id,
            before: snapshot(row),
            after: scheduled ? snapshot(scheduled) : null,
          });
          return {
            state: { id, status: 'scheduled', published_at: null, publish_at: toApiTimestamp(at) } as const,
            push: null,
          };
        }
        const result = await goLive(tx, row, actor.userId, fundsEnabled);
        await recordAudit(tx, actor, {
          action: 'update_report.published',
          subjectType: 'update_report',
          subjectId: id,
          before: snapshot(row),
          after: { ...snapshot(result.live), recipients: result.recipients },
        });
        return {
          state: {
            id,
            status: 'live',
            published_at: toApiTimestamp(result.live.published_at ?? clock.now()),
          } as const,
          push: result.push,
        };
      });
      await outcome.push?.();
      return outcome.state;
    },

    /** Every scheduled report whose time has come (the scheduler's job, each once even on two nodes). */
    async publishDue() {
      let published = 0;
      for (const { id } of await dueReports(db, clock.now())) if (await publishIfDue(id)) published += 1;
      return published;
    },

    async correct(actor: Actor, id: number, input: UpdateReportCorrection) {
      const body = await sanitisedBody(workers, input.body);
      if (body === '') throw fieldError('body', 'A correction needs the update’s text.');
      return db.transaction(async (tx) => {
        const row = await kit.locked(tx, id);
        if (row.status !== 'live') throw fieldError('status', 'Only a live report can be corrected.');
        const now = clock.now();
        const version = row.version + 1;
        await tx.insert(updateReportVersions).values({
          report_id: id,
          version,
          title: input.title,
          body,
          reason: input.reason,
          published_at: now,
          published_by: actor.userId,
        });
        await tx
          .update(updateReports)
          .set({
            title: input.title,
            body,
            version,
            corrected_at: now,
            updated_by: actor.userId,
            updated_at: now,
          })
          .where(eq(updateReports.id, id));
        await recordAudit(tx, actor, {
          action: 'update_report.corrected',
          subjectType: 'update_report',
          subjectId: id,
          before: { ...snapshot(row), body: row.body },
          after: { title: input.title, body, version, reason: input.reason },
        });
        return kit.detail(tx, id);
      });
    },

    async withdraw(actor: Actor, id: number, input: UpdateReportWithdraw) {
      return db.transaction(async (tx) => {
        const row = await kit.locked(tx, id);
        if (row.status !== 'live') throw fieldError('status', 'Only a live report can be withdrawn.');
        const now = clock.now();
        await tx
          .update(updateReports)
          .set({
            status: 'withdrawn',
            withdrawn_at: now,
            withdrawn_reason: input.reason,
            updated_by: actor.userId,
            updated_at: now,
          })
          .where(eq(updateReports.id, id));
        await recordAudit(tx, actor, {
          action: 'update_report.withdrawn',
          subjectType: 'update_report',
          subjectId: id,
          before: snapshot(row),
          after: { status: 'withdrawn', reason: input.reason },
        });
        return kit.detail(tx, id);
      });
    },
  };
}
