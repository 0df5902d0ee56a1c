import { OPPORTUNITY_STATUS, type FeatureKey, type UpdateReportDetail } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { funds, opportunities, type UpdateReportRow } from '../../db/schema';
import { randomToken } from '../../platform/crypto';
import { longDate } from '../../platform/dates';
import { fieldError, notFound } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { checkUpload } from '../../platform/storage/uploads';
import { workerTaskRef } from '../../platform/workers/worker-task';
import type { reportPdfTask } from './report-pdf';
import { plainText } from './sanitised-body';
import { toAttachment, toReport, toVersion } from './update-reports.mapper';
import {
  attachmentsOf,
  findNamedReport,
  lockReport,
  versionsOf,
  type NamedReport,
} from './update-reports.repository';

export const NOT_FOUND = 'No update report with that id.';
const LINK_MINUTES = 30;
const EXISTING = [OPPORTUNITY_STATUS.COMPLETED, OPPORTUNITY_STATUS.MATURED] as readonly number[];

// pdf-lib loads on the worker threads only.
const pdfTask = workerTaskRef<typeof reportPdfTask>(
  new URL('./report-pdf.ts', import.meta.url),
  'reportPdfTask',
);

/** Drafts and scheduled reports may still change; live and withdrawn ones keep their words. */
export const editable = (row: UpdateReportRow) => row.status === 'draft' || row.status === 'scheduled';

/** Where a report opens for an investor: from News (general), the holding's page or the fund's page. */
export const reportCta = (row: Pick<UpdateReportRow, 'id' | 'opportunity_id' | 'fund_id'>) =>
  row.opportunity_id !== null
    ? `/investor/portfolio/${row.opportunity_id}/reports/${row.id}`
    : row.fund_id !== null
      ? `/investor/portfolio/fund/${row.fund_id}/reports/${row.id}`
      : `/investor/news/reports/${row.id}`;

/** A report's audit snapshot. */
export const snapshot = (row: UpdateReportRow) => ({
  title: row.title,
  opportunity_id: row.opportunity_id,
  fund_id: row.fund_id,
  status: row.status,
  publish_at: row.publish_at?.toISOString() ?? null,
  version: row.version,
});

export interface ReportDeps {
  /** whether a feature is on now (a fund's reports need the funds feature, issue 20) */
  isEnabled: (feature: FeatureKey) => Promise<boolean>;
}

/**
 * What every update-report operation shares (the drafts, publishing, files and the investor's news are
 * each a file of their own, composed by `createUpdateReportsService`): reading a report whole, locking
 * it, checking its subject, storing and forgetting files, and drawing its PDF on the worker pool.
 */
export function createReportKit(ctx: AppContext, deps: ReportDeps) {
  const { workers, storage, signer, config } = ctx;
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

  return { ctx, fundsOn, attachmentsById, detail, locked, checkSubject, storeFile, forget, pdfOf };
}

export type ReportKit = ReturnType<typeof createReportKit>;
