import {
  NOTIFICATION_EVENT,
  type FeatureKey,
  OPPORTUNITY_STATUS,
  parseListQuery,
  newsListQuery,
  UPDATE_REPORT_IMAGE_PATH,
  updateReportsListQuery,
  type UpdateReportChanges,
  type UpdateReportCorrection,
  type UpdateReportCreate,
  type UpdateReportDetail,
  type UpdateReportPublish,
  type UpdateReportState,
  type UpdateReportWithdraw,
} from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  funds,
  opportunities,
  updateReportAttachments,
  updateReports,
  updateReportVersions,
  type UpdateReportRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { randomToken } from '../../platform/crypto';
import { longDate } from '../../platform/dates';
import { fieldError, notFound } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { paginate } from '../../platform/list-query/paginator';
import { renderMail } from '../../platform/mail/templates';
import { checkUpload } from '../../platform/storage/uploads';
import { toApiTimestamp } from '../../platform/time';
import { workerTaskRef } from '../../platform/workers/worker-task';
import { userChannel } from '../broadcasting/channels';
import { mailSubject } from '../notifications/mail-subject';
import { insertForUsers } from '../notifications/notifications.repository';
import type { reportPdfTask } from './report-pdf';
import { plainText, sanitisedBody } from './sanitised-body';
import { toAttachment, toListItem, toNewsItem, toReport, toVersion } from './update-reports.mapper';
import {
  attachmentsOf,
  dueReports,
  findNamedReport,
  findNews,
  listNews,
  listReports,
  lockReport,
  markRead,
  recipientsCondition,
  unreadCount,
  versionsOf,
  type NamedReport,
} from './update-reports.repository';

const NOT_FOUND = 'No update report with that id.';
export const PUBLISH_DUE_JOB = 'update-reports.publish-due';
const NEWS_NOT_FOUND = 'No such report.';
const LINK_MINUTES = 30;
export const IMAGE_FOLDER = 'update-report-images';
const FILE_FOLDER = 'update-report-files';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const EXISTING = [OPPORTUNITY_STATUS.COMPLETED, OPPORTUNITY_STATUS.MATURED] as readonly number[];
const NOTICE_TYPE = 'App\\Notifications\\UpdateReportPublished';
/** Who publishes a scheduled report: the scheduler, not a request. */
const SCHEDULER: Actor = { userId: null, requestId: 'job:update-reports.publish-due', ip: '' };

// pdf-lib loads on the worker threads only.
const pdfTask = workerTaskRef<typeof reportPdfTask>(
  new URL('./report-pdf.ts', import.meta.url),
  'reportPdfTask',
);

const editable = (row: UpdateReportRow) => row.status === 'draft' || row.status === 'scheduled';

/** Where a report opens for an investor: from News (general), the holding's page or the fund's page. */
export const reportCta = (row: Pick<UpdateReportRow, 'id' | 'opportunity_id' | 'fund_id'>) =>
  row.opportunity_id !== null
    ? `/investor/portfolio/${row.opportunity_id}/reports/${row.id}`
    : row.fund_id !== null
      ? `/investor/portfolio/fund/${row.fund_id}/reports/${row.id}`
      : `/investor/news/reports/${row.id}`;

const snapshot = (row: UpdateReportRow) => ({
  title: row.title,
  opportunity_id: row.opportunity_id,
  fund_id: row.fund_id,
  status: row.status,
  publish_at: row.publish_at?.toISOString() ?? null,
  version: row.version,
});

/**
 * Update reports (issue 19, decision 022): staff write a draft about an existing investment (or general
 * news), publish it now or at a time, correct a live one (a new version, no new notifications) or withdraw
 * it. Publishing notifies every recipient in the publishing transaction (one insert for the notifications,
 * one for the emails) and pushes one realtime event per user once it commits.
 */
export function createUpdateReportsService(
  ctx: AppContext,
  deps: {
    /** whether a feature is on now (a fund's reports need the funds feature, issue 20) */
    isEnabled: (feature: FeatureKey) => Promise<boolean>;
  },
) {
  const { db, workers, storage, signer, config, mailer, realtime, clock } = ctx;
  const fundsOn = () => deps.isEnabled('funds');

  function link(key: string) {
    const url = new URL(signer.sign(`/files/${key}`, new Date(Date.now() + LINK_MINUTES * 60_000)));
    return url.pathname + url.search;
  }

  async function attachmentsById(tx: DbOrTx, ids: number[]) {
    const byReport = new Map<number, ReturnType<typeof toAttachment>[]>();
    for (const row of await attachmentsOf(tx, ids)) {
      const list = byReport.get(row.report_id) ?? [];
      list.push(toAttachment(row, link));
      byReport.set(row.report_id, list);
    }
    return byReport;
  }

  async function detail(tx: DbOrTx, id: number): Promise<UpdateReportDetail> {
    const named = await findNamedReport(tx, id);
    if (!named) throw notFound(NOT_FOUND);
    const attachments = (await attachmentsById(tx, [id])).get(id) ?? [];
    const versions = (await versionsOf(tx, id)).map(toVersion);
    return { ...toReport(named, attachments), versions };
  }

  async function locked(tx: DbOrTx, id: number) {
    const row = await lockReport(tx, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** An update is about an existing investment (completed or matured), or none (general news). */
  async function checkOpportunity(tx: DbOrTx, id: number | null | undefined) {
    if (id === null || id === undefined) return;
    // an id no row can have (past bigint) is the same answer as one that has none
    const [row] = !Number.isSafeInteger(id)
      ? []
      : await tx.select({ status: opportunities.status }).from(opportunities).where(eq(opportunities.id, id));
    if (!row || !EXISTING.includes(row.status))
      throw fieldError(
        'opportunity_id',
        'Choose an existing investment (completed or matured), or none for general news.',
      );
  }

  /**
   * Issue 20: a report is about one subject at most (an opportunity or a fund); a fund must exist and the
   * funds feature be on (`fundsEnabled`, read before the transaction: PGlite has one connection). `subject`
   * is the report as it will be stored.
   */
  async function checkSubject(
    tx: DbOrTx,
    subject: { opportunity_id?: number | null | undefined; fund_id?: number | null | undefined },
    fundsEnabled: boolean,
  ) {
    const fundId = subject.fund_id;
    if (fundId !== null && fundId !== undefined) {
      if (subject.opportunity_id !== null && subject.opportunity_id !== undefined)
        throw fieldError('fund_id', 'A report is about an opportunity or a fund, not both.');
      if (!fundsEnabled) throw fieldError('fund_id', 'Funds are switched off: choose another subject.');
      const [fund] = !Number.isSafeInteger(fundId)
        ? []
        : await tx.select({ id: funds.id }).from(funds).where(eq(funds.id, fundId));
      if (!fund) throw fieldError('fund_id', 'Choose an existing fund.');
    }
    await checkOpportunity(tx, subject.opportunity_id);
  }

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
    await checkSubject(tx, row, fundsEnabled);
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

  async function storeFile(
    folder: string,
    field: string,
    file: UploadedFile,
    types: string[],
    label: string,
  ) {
    const detected = await checkUpload(workers, field, file.body, {
      label,
      maxBytes: config.UPLOAD_LIMIT,
      types,
    });
    const key = `${folder}/${randomToken(18)}.${detected.extension}`;
    await storage.put(key, file.body, detected.contentType);
    return { key, contentType: detected.contentType };
  }

  const forget = (keys: string[]) =>
    Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));

  async function pdfOf(named: NamedReport, attachments: string[]) {
    const { report, opportunity, fund } = named;
    const published = report.published_at ? longDate(report.published_at) : 'Not published';
    const dateLine = report.corrected_at
      ? `Published ${published}, corrected ${longDate(report.corrected_at)}`
      : `Published ${published}`;
    const pdf = await workers.run(pdfTask, {
      appName: config.APP_NAME,
      title: report.title,
      about: opportunity ? (opportunity.company_name ?? opportunity.name) : (fund?.name ?? 'General news'),
      dateLine,
      text: plainText(report.body),
      attachments,
    });
    const name =
      report.title
        .replace(/[^A-Za-z0-9 _-]+/g, '')
        .trim()
        .slice(0, 80) || 'update';
    return { body: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), filename: `${name}.pdf` };
  }

  /** Publishes one due scheduled report, under its row lock: a second node finds it live and skips it. */
  async function publishIfDue(id: number) {
    const fundsEnabled = await fundsOn();
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

  const service = {
    async list(rawQuery: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(updateReportsListQuery, rawQuery);
      const { rows, total } = await listReports(db, query);
      return paginate(rows.map(toListItem), total, query, requestUrl);
    },

    get: (id: number) => detail(db, id),

    async create(actor: Actor, input: UpdateReportCreate): Promise<UpdateReportState> {
      const body = await sanitisedBody(workers, input.body);
      const fundsEnabled = await fundsOn();
      return db.transaction(async (tx) => {
        await checkSubject(tx, input, fundsEnabled);
        const [row] = await tx
          .insert(updateReports)
          .values({
            title: input.title,
            body,
            opportunity_id: input.opportunity_id,
            fund_id: input.fund_id ?? null,
            created_by: actor.userId,
            updated_by: actor.userId,
          })
          .returning();
        if (!row) throw new Error('the report was not stored');
        await recordAudit(tx, actor, {
          action: 'update_report.created',
          subjectType: 'update_report',
          subjectId: row.id,
          after: snapshot(row),
        });
        return { id: row.id, status: 'draft' };
      });
    },

    async update(actor: Actor, id: number, changes: UpdateReportChanges) {
      const body = changes.body === undefined ? undefined : await sanitisedBody(workers, changes.body);
      const fundsEnabled = await fundsOn();
      return db.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (row.status === 'live')
          throw fieldError(
            'status',
            'A live report is not edited: publish a correction instead (each version is kept).',
          );
        if (!editable(row)) throw fieldError('status', 'A withdrawn report cannot be changed.');
        if (changes.opportunity_id !== undefined || changes.fund_id !== undefined)
          await checkSubject(
            tx,
            {
              opportunity_id:
                changes.opportunity_id === undefined ? row.opportunity_id : changes.opportunity_id,
              fund_id: changes.fund_id === undefined ? row.fund_id : changes.fund_id,
            },
            fundsEnabled,
          );
        const [changed] = await tx
          .update(updateReports)
          .set({
            ...(changes.title === undefined ? {} : { title: changes.title }),
            ...(body === undefined ? {} : { body }),
            ...(changes.opportunity_id === undefined ? {} : { opportunity_id: changes.opportunity_id }),
            ...(changes.fund_id === undefined ? {} : { fund_id: changes.fund_id }),
            updated_by: actor.userId,
            updated_at: new Date(),
          })
          .where(eq(updateReports.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: 'update_report.updated',
          subjectType: 'update_report',
          subjectId: id,
          before: { ...snapshot(row), body: row.body },
          after: changed ? { ...snapshot(changed), body: changed.body } : null,
        });
        return detail(tx, id);
      });
    },

    async remove(actor: Actor, id: number) {
      const keys = await db.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (row.status !== 'draft')
          throw fieldError('status', 'Only a draft can be deleted: withdraw a live report instead.');
        const files = await attachmentsOf(tx, [id]);
        await tx.delete(updateReports).where(eq(updateReports.id, id));
        await recordAudit(tx, actor, {
          action: 'update_report.deleted',
          subjectType: 'update_report',
          subjectId: id,
          before: snapshot(row),
        });
        return files.map((file) => file.storage_key);
      });
      await forget(keys);
    },

    async publish(actor: Actor, id: number, input: UpdateReportPublish | null): Promise<UpdateReportState> {
      const at = input?.publish_at ? new Date(input.publish_at) : null;
      if (at && Number.isNaN(at.getTime()))
        throw fieldError('publish_at', 'The publication time must be a valid date and time.');
      const fundsEnabled = await fundsOn();
      const outcome = await db.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (!editable(row))
          throw fieldError(
            'status',
            row.status === 'live'
              ? 'This report is already live.'
              : 'A withdrawn report cannot be published.',
          );
        if (at && at > clock.now()) {
          await checkSubject(tx, row, fundsEnabled);
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
        const row = await locked(tx, id);
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
        return detail(tx, id);
      });
    },

    async withdraw(actor: Actor, id: number, input: UpdateReportWithdraw) {
      return db.transaction(async (tx) => {
        const row = await locked(tx, id);
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
        return detail(tx, id);
      });
    },

    async addAttachments(actor: Actor, id: number, files: UploadedFile[]) {
      if (files.length === 0) throw fieldError('files', 'Choose at least one file to attach.');
      const row = await findNamedReport(db, id);
      if (!row) throw notFound(NOT_FOUND);
      const stored: Array<{ key: string; contentType: string; file: UploadedFile }> = [];
      try {
        for (const file of files)
          stored.push({
            ...(await storeFile(FILE_FOLDER, 'files', file, ATTACHMENT_TYPES, `File “${file.filename}”`)),
            file,
          });
        return await db.transaction(async (tx) => {
          const report = await locked(tx, id);
          if (!editable(report))
            throw fieldError('files', 'Files can be attached only before the report is published.');
          const rows = await tx
            .insert(updateReportAttachments)
            .values(
              stored.map(({ key, contentType, file }) => ({
                report_id: id,
                name: file.filename.slice(0, 255) || 'file',
                storage_key: key,
                mime_type: contentType,
                size: file.body.length,
                created_by: actor.userId,
              })),
            )
            .returning();
          await recordAudit(tx, actor, {
            action: 'update_report.attachments_added',
            subjectType: 'update_report',
            subjectId: id,
            after: { attachments: rows.map((attachment) => ({ id: attachment.id, name: attachment.name })) },
          });
          return detail(tx, id);
        });
      } catch (error) {
        await forget(stored.map((item) => item.key));
        throw error;
      }
    },

    async removeAttachment(actor: Actor, id: number, attachmentId: number) {
      const { result, key } = await db.transaction(async (tx) => {
        const report = await locked(tx, id);
        const [attachment] = await tx
          .delete(updateReportAttachments)
          .where(and(eq(updateReportAttachments.id, attachmentId), eq(updateReportAttachments.report_id, id)))
          .returning();
        if (!attachment) throw notFound('No such attachment.');
        if (!editable(report))
          throw fieldError('files', 'Files can be removed only before the report is published.');
        await recordAudit(tx, actor, {
          action: 'update_report.attachment_removed',
          subjectType: 'update_report',
          subjectId: id,
          before: { id: attachment.id, name: attachment.name },
        });
        return { result: await detail(tx, id), key: attachment.storage_key };
      });
      await forget([key]);
      return result;
    },

    /** An image for a body: stored under a random name, served at a same-site path the sanitiser allows. */
    async uploadImage(actor: Actor, file: UploadedFile | undefined) {
      if (!file) throw fieldError('image', 'Choose an image.');
      const { key } = await storeFile(IMAGE_FOLDER, 'image', file, IMAGE_TYPES, 'Image');
      await recordAudit(db, actor, {
        action: 'update_report.image_uploaded',
        subjectType: 'update_report',
        subjectId: null,
        after: { key },
      });
      return { url: `${UPDATE_REPORT_IMAGE_PATH}${key.slice(IMAGE_FOLDER.length + 1)}` };
    },

    async image(name: string) {
      const file = await storage.get(`${IMAGE_FOLDER}/${name}`);
      if (!file) throw notFound();
      return file;
    },

    async pdf(id: number) {
      const named = await findNamedReport(db, id);
      if (!named) throw notFound(NOT_FOUND);
      return pdfOf(
        named,
        (await attachmentsOf(db, [id])).map((row) => row.name),
      );
    },

    // The investor's news.

    async news(userId: number, rawQuery: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(newsListQuery, rawQuery);
      const { rows, total } = await listNews(db, userId, await fundsOn(), query);
      const attachments = await attachmentsById(
        db,
        rows.map((row) => row.report.id),
      );
      const data = rows.map((row) =>
        toNewsItem(row, row.read_at, attachments.get(row.report.id) ?? [], false),
      );
      return paginate(data, total, query, requestUrl);
    },

    async newsItem(userId: number, id: number) {
      const row = await findNews(db, userId, await fundsOn(), id);
      if (!row) throw notFound(NEWS_NOT_FOUND);
      const attachments = (await attachmentsById(db, [id])).get(id) ?? [];
      return toNewsItem(row, row.read_at, attachments, true);
    },

    async read(userId: number, id: number) {
      const row = await findNews(db, userId, await fundsOn(), id);
      if (!row) throw notFound(NEWS_NOT_FOUND);
      const readAt = await markRead(db, userId, id, clock.now());
      const attachments = (await attachmentsById(db, [id])).get(id) ?? [];
      return toNewsItem(row, readAt, attachments, true);
    },

    unread: async (userId: number) => ({ unread: await unreadCount(db, userId, await fundsOn()) }),

    async newsPdf(userId: number, id: number) {
      const row = await findNews(db, userId, await fundsOn(), id);
      if (!row) throw notFound(NEWS_NOT_FOUND);
      return pdfOf(
        row,
        (await attachmentsOf(db, [id])).map((attachment) => attachment.name),
      );
    },
  };

  // Every minute the scheduled reports whose time has come go live: each once, even on two nodes (the
  // scheduler's lease, and the row lock under which publishIfDue checks the status again).
  ctx.scheduler.add({
    name: PUBLISH_DUE_JOB,
    everyMs: 60_000,
    async run() {
      await service.publishDue();
    },
  });
  return service;
}

export type UpdateReportsService = ReturnType<typeof createUpdateReportsService>;
