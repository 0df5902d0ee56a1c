import {
  parseListQuery,
  updateReportsListQuery,
  type UpdateReportChanges,
  type UpdateReportCreate,
  type UpdateReportState,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { updateReports } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { sanitisedBody } from './sanitised-body';
import { createReportFiles } from './update-report-files';
import { createReportKit, editable, snapshot, type ReportDeps } from './update-report-kit';
import { createReportNews } from './update-report-news';
import { createReportPublishing } from './update-report-publishing';
import { toListItem } from './update-reports.mapper';
import { attachmentsOf, listReports } from './update-reports.repository';

export const PUBLISH_DUE_JOB = 'update-reports.publish-due';

/**
 * Update reports (issue 19, decision 022): staff write a draft about an existing investment, a fund or
 * general news, publish it now or at a time, correct a live one (a new version, no new notifications) or
 * withdraw it. Publishing notifies every recipient in the publishing transaction (one insert for the
 * notifications, one for the emails) and pushes one realtime event per user once it commits.
 *
 * One file per kind of operation: the drafts here, publishing (`update-report-publishing`), files
 * (`update-report-files`) and the investor's news (`update-report-news`), sharing `update-report-kit`.
 */
export function createUpdateReportsService(ctx: AppContext, deps: ReportDeps) {
  const { db, workers } = ctx;
  const kit = createReportKit(ctx, deps);
  const publishing = createReportPublishing(kit);

  const drafts = {
    async list(rawQuery: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(updateReportsListQuery, rawQuery);
      const { rows, total } = await listReports(db, query);
      return paginate(rows.map(toListItem), total, query, requestUrl);
    },

    get: (id: number) => kit.detail(db, id),

    async create(actor: Actor, input: UpdateReportCreate): Promise<UpdateReportState> {
      const body = await sanitisedBody(workers, input.body);
      const fundsEnabled = await kit.fundsOn();
      return db.transaction(async (tx) => {
        await kit.checkSubject(tx, input, fundsEnabled);
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
      const fundsEnabled = await kit.fundsOn();
      return db.transaction(async (tx) => {
        const row = await kit.locked(tx, id);
        if (row.status === 'live')
          throw fieldError(
            'status',
            'A live report is not edited: publish a correction instead (each version is kept).',
          );
        if (!editable(row)) throw fieldError('status', 'A withdrawn report cannot be changed.');
        if (changes.opportunity_id !== undefined || changes.fund_id !== undefined)
          await kit.checkSubject(
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
        return kit.detail(tx, id);
      });
    },

    async remove(actor: Actor, id: number) {
      const keys = await db.transaction(async (tx) => {
        const row = await kit.locked(tx, id);
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
      await kit.forget(keys);
    },
  };

  // Every minute the scheduled reports whose time has come go live: each once, even on two nodes (one
  // job per minute on the job queue, decision 034, and the row lock under which publishing checks again).
  ctx.scheduler.add({
    name: PUBLISH_DUE_JOB,
    everyMs: 60_000,
    async run() {
      await publishing.publishDue();
    },
  });
  return { ...drafts, ...publishing, ...createReportFiles(kit), ...createReportNews(kit) };
}

export type UpdateReportsService = ReturnType<typeof createUpdateReportsService>;
