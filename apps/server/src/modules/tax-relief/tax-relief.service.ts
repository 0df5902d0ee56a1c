import {
  reliefAmount,
  reliefRateOf,
  sumDecimals,
  taxYearLabel,
  taxYearOf,
  type FeatureKey,
  type StaffTaxRelief,
  type StaffTaxReliefLine,
  type TaxRelief,
  type TaxReliefCertificate,
  type TaxReliefCertificateState,
  type TaxReliefLine,
  type TaxReliefScheme,
  type TaxReliefStatement,
  type TaxReliefYearTotal,
  type bulkTaxReliefCertificatesInputSchema,
  type recordFundTaxReliefCertificateInputSchema,
  type recordTaxReliefCertificateInputSchema,
} from '@portico/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  fundCompanies,
  fundCompanyTransactions,
  funds,
  opportunities,
  taxReliefCertificates,
  users,
  type TaxReliefCertificateRow,
} from '../../db/schema';
import { recordAudit, recordAudits, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { workerTaskRef } from '../../platform/workers/worker-task';
import {
  directCertificates,
  directIssues,
  fundCertificates,
  fundIssues,
  reliefFunds,
  type DirectIssueRow,
  type FundIssueRow,
} from './tax-relief.repository';
import type { taxReliefPdfTask } from './tax-relief-pdf';
import { taxReliefStatementInput } from './tax-relief-statement';

type RecordInput = z.output<typeof recordTaxReliefCertificateInputSchema>;
type RecordFundInput = z.output<typeof recordFundTaxReliefCertificateInputSchema>;
type BulkInput = z.output<typeof bulkTaxReliefCertificatesInputSchema>;

// pdf-lib loads on the worker threads only (decision 017).
const pdfTask = workerTaskRef<typeof taxReliefPdfTask>(
  new URL('./tax-relief-pdf.ts', import.meta.url),
  'taxReliefPdfTask',
);

const NO_EXISTING = 'No existing investment with that id.';
const NO_FUND = 'No fund with that id.';
const NO_CERTIFICATE = 'No tax relief certificate with that id.';
const FUTURE = 'The issued on date cannot be in the future.';
const BEFORE_ISSUE = 'A certificate cannot be issued before the shares it covers.';
const ALREADY = 'This share issue already has a certificate: withdraw it first to record another.';
const WITHDRAWN = 'This certificate was already withdrawn.';

/** The certificate a company (EIS3, SEIS3) or an EIS fund's manager (EIS5) issues for a scheme. */
const directScheme = (relief: 'eis' | 'seis'): TaxReliefScheme => (relief === 'eis' ? 'eis3' : 'seis3');
const fundScheme = (relief: 'eis' | 'seis'): TaxReliefScheme => (relief === 'eis' ? 'eis5' : 'seis3');

function certificateState(
  row: TaxReliefCertificateRow | undefined,
  scheme: TaxReliefScheme,
): TaxReliefCertificateState {
  return row
    ? {
        status: 'received',
        id: row.id,
        scheme: row.scheme,
        reference: row.reference,
        issued_on: row.issued_on,
      }
    : { status: 'awaited', id: null, scheme, reference: null, issued_on: null };
}

const rateOf = (relief: 'eis' | 'seis') => reliefRateOf(relief) ?? '0';

function directLine(row: DirectIssueRow, certificates: Map<number, TaxReliefCertificateRow>): TaxReliefLine {
  const rate = rateOf(row.tax_relief);
  const year = taxYearOf(row.occurred_on);
  return {
    source: 'direct',
    share_issue_id: row.id,
    opportunity: { id: row.opportunity_id, name: row.opportunity_name, slug: row.slug },
    fund: null,
    company_name: row.company_name,
    date: row.occurred_on,
    relief: row.tax_relief,
    currency: row.currency,
    amount: row.amount,
    rate,
    relief_amount: reliefAmount(row.amount, rate),
    tax_year: year,
    tax_year_label: taxYearLabel(year),
    certificate: certificateState(certificates.get(row.id), directScheme(row.tax_relief)),
  };
}

function fundLine(row: FundIssueRow, certificates: Map<string, TaxReliefCertificateRow>): TaxReliefLine {
  const rate = rateOf(row.tax_relief);
  const year = taxYearOf(row.effective_on);
  return {
    source: 'fund',
    share_issue_id: row.id,
    opportunity: null,
    fund: { id: row.fund_id, name: row.fund_name },
    company_name: row.company_name,
    date: row.effective_on,
    relief: row.tax_relief,
    currency: row.currency,
    amount: row.amount,
    rate,
    relief_amount: reliefAmount(row.amount, rate),
    tax_year: year,
    tax_year_label: taxYearLabel(year),
    certificate: certificateState(certificates.get(`${row.id}:${row.user_id}`), fundScheme(row.tax_relief)),
  };
}

/** Totals per tax year and currency, newest tax year first. */
export function totalsOf(lines: readonly TaxReliefLine[]): TaxReliefYearTotal[] {
  const groups = new Map<string, TaxReliefLine[]>();
  for (const line of lines) {
    const key = `${line.tax_year}:${line.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()]
    .map((group) => {
      const [first] = group as [TaxReliefLine];
      return {
        tax_year: first.tax_year,
        tax_year_label: first.tax_year_label,
        currency: first.currency,
        amount: sumDecimals(group.map((line) => line.amount)),
        relief_amount: sumDecimals(group.map((line) => line.relief_amount)),
        lines: group.length,
        awaited: group.filter((line) => line.certificate.status === 'awaited').length,
      };
    })
    .sort((a, b) => b.tax_year - a.tax_year || a.currency.localeCompare(b.currency));
}

const byDate = (a: TaxReliefLine, b: TaxReliefLine) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.share_issue_id - b.share_issue_id;

/**
 * EIS/SEIS relief (issue 20): the investor's relief statement (JSON and PDF) and the certificates staff record
 * for an existing investment's share issues, or for an EIS fund's investments per investor.
 */
export function createTaxReliefService(
  ctx: AppContext,
  deps: { isEnabled: (feature: FeatureKey) => Promise<boolean> },
) {
  const { db } = ctx;

  async function namesOf(ids: ReadonlyArray<number | null>): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async function toCertificates(rows: TaxReliefCertificateRow[]): Promise<TaxReliefCertificate[]> {
    const names = await namesOf(rows.map((row) => row.recorded_by));
    return rows.map((row) => ({
      id: row.id,
      holding_transaction_id: row.holding_transaction_id,
      fund_company_transaction_id: row.fund_company_transaction_id,
      user_id: row.user_id,
      scheme: row.scheme,
      reference: row.reference,
      issued_on: row.issued_on,
      recorded_by:
        row.recorded_by === null
          ? null
          : { id: row.recorded_by, name: names.get(row.recorded_by) ?? 'Unknown user' },
      created_at: toApiTimestamp(row.created_at),
      withdrawn_at: toApiTimestampOrNull(row.withdrawn_at),
      withdrawal_reason: row.withdrawal_reason,
    }));
  }

  async function statement(userId: number, taxYear?: number): Promise<TaxReliefStatement> {
    const direct = await directIssues(db, { userId });
    const certificates = await directCertificates(
      db,
      direct.map((row) => row.id),
    );
    const lines = direct.map((row) => directLine(row, certificates));
    if (await deps.isEnabled('funds')) {
      for (const fund of await reliefFunds(db, { userId })) {
        const rows = await fundIssues(db, fund, userId);
        const held = await fundCertificates(
          db,
          rows.map((row) => row.id),
        );
        lines.push(...rows.map((row) => fundLine(row, held)));
      }
    }
    const shown = (taxYear === undefined ? lines : lines.filter((line) => line.tax_year === taxYear)).sort(
      byDate,
    );
    return { lines: shown, totals: totalsOf(shown) };
  }

  const checkIssuedOn = (issuedOn: string, issueDate: string) => {
    if (issuedOn > ctx.clock.today()) throw fieldError('issued_on', FUTURE);
    if (issuedOn < issueDate) throw fieldError('issued_on', BEFORE_ISSUE);
  };

  const alreadyRecorded = (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldError('reference', ALREADY);
    throw error;
  };

  /** The existing investment (stage 5 or 6), under its row lock when `lock`. */
  async function loadExisting(tx: DbOrTx, id: number, lock = false) {
    const query = tx
      .select({
        id: opportunities.id,
        name: opportunities.name,
        currency: opportunities.currency,
        tax_relief: opportunities.tax_relief,
      })
      .from(opportunities)
      .where(and(eq(opportunities.id, id), inArray(opportunities.status, [5, 6])));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(NO_EXISTING);
    return row;
  }

  async function loadFund(tx: DbOrTx, id: number, lock = false) {
    const query = tx
      .select({ id: funds.id, name: funds.name, currency: funds.currency, tax_relief: funds.tax_relief })
      .from(funds)
      .where(eq(funds.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(NO_FUND);
    return row;
  }

  const noRelief = (relief: TaxRelief | null): relief is 'none' | null =>
    relief !== 'eis' && relief !== 'seis';

  const snapshot = (row: TaxReliefCertificateRow, investor: string) => ({
    id: row.id,
    investor,
    holding_transaction_id: row.holding_transaction_id,
    fund_company_transaction_id: row.fund_company_transaction_id,
    scheme: row.scheme,
    reference: row.reference,
    issued_on: row.issued_on,
  });

  async function withdraw(
    actor: Actor,
    certificateId: number,
    reason: string,
    scope: { opportunityId?: number; fundId?: number },
  ): Promise<TaxReliefCertificate> {
    const row = await db.transaction(async (tx) => {
      if (scope.opportunityId !== undefined) await loadExisting(tx, scope.opportunityId, true);
      if (scope.fundId !== undefined) await loadFund(tx, scope.fundId, true);
      const [before] = await tx
        .select({ certificate: taxReliefCertificates, investor: users.name })
        .from(taxReliefCertificates)
        .innerJoin(users, eq(users.id, taxReliefCertificates.user_id))
        .where(eq(taxReliefCertificates.id, certificateId));
      if (!before || !(await inScope(tx, before.certificate, scope))) throw notFound(NO_CERTIFICATE);
      const [withdrawn] = await tx
        .update(taxReliefCertificates)
        .set({ withdrawn_at: ctx.clock.now(), withdrawn_by: actor.userId, withdrawal_reason: reason })
        .where(and(eq(taxReliefCertificates.id, certificateId), isNull(taxReliefCertificates.withdrawn_at)))
        .returning();
      if (!withdrawn) throw fieldError('certificate', WITHDRAWN);
      const subject =
        scope.opportunityId !== undefined
          ? { subjectType: 'opportunity', subjectId: scope.opportunityId, action: 'opportunity' }
          : { subjectType: 'fund', subjectId: scope.fundId ?? null, action: 'fund' };
      await recordAudit(tx, actor, {
        action: `${subject.action}.tax_relief_certificate_withdrawn`,
        subjectType: subject.subjectType,
        subjectId: subject.subjectId,
        before: snapshot(before.certificate, before.investor),
        after: { reason },
      });
      return withdrawn;
    });
    const [certificate] = await toCertificates([row]);
    return certificate as TaxReliefCertificate;
  }

  /** Whether a certificate is of the round's share issues, or of the fund's company investments. */
  async function inScope(
    tx: DbOrTx,
    certificate: TaxReliefCertificateRow,
    scope: { opportunityId?: number; fundId?: number },
  ): Promise<boolean> {
    if (scope.opportunityId !== undefined) {
      if (certificate.holding_transaction_id === null) return false;
      const issues = await directIssues(tx, {
        opportunityId: scope.opportunityId,
        ids: [certificate.holding_transaction_id],
      });
      return issues.length > 0;
    }
    if (scope.fundId === undefined || certificate.fund_company_transaction_id === null) return false;
    return certificateOfFund(tx, certificate.fund_company_transaction_id, scope.fundId);
  }

  /** Whether the fund company transaction is one of the fund's. */
  async function certificateOfFund(tx: DbOrTx, transactionId: number, fundId: number) {
    const rows = await tx
      .select({ id: fundCompanyTransactions.id })
      .from(fundCompanyTransactions)
      .innerJoin(fundCompanies, eq(fundCompanies.id, fundCompanyTransactions.company_id))
      .where(and(eq(fundCompanyTransactions.id, transactionId), eq(fundCompanies.fund_id, fundId)));
    return rows.length > 0;
  }

  return {
    /** GET /api/portfolio/tax-relief: the signed-in investor's own relief lines and totals per tax year. */
    statement,

    /** GET /api/portfolio/tax-relief/certificates/{id}: one of the investor's own certificates (404 otherwise). */
    async ownCertificate(userId: number, id: number): Promise<TaxReliefCertificate> {
      const [row] = await db
        .select()
        .from(taxReliefCertificates)
        .where(and(eq(taxReliefCertificates.id, id), eq(taxReliefCertificates.user_id, userId)));
      if (!row) throw notFound(NO_CERTIFICATE);
      const [certificate] = await toCertificates([row]);
      return certificate as TaxReliefCertificate;
    },

    /** GET /api/portfolio/tax-relief.pdf: the relief statement, drawn off the event loop. */
    async statementPdf(user: { id: number; name: string }, taxYear?: number) {
      const answer = await statement(user.id, taxYear);
      const today = ctx.clock.today();
      const pdf = await ctx.workers.run(
        pdfTask,
        taxReliefStatementInput(answer, {
          investorName: user.name,
          appName: ctx.config.APP_NAME,
          today,
          taxYear,
        }),
      );
      return {
        body: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
        filename: `Tax relief statement ${taxYear === undefined ? today : taxYearLabel(taxYear).replace('/', '-')}.pdf`,
      };
    },

    /** GET /api/existing-investments/{id}/transactions/tax-relief: the round's share issues with their certificates. */
    async roundRelief(opportunityId: number): Promise<StaffTaxRelief> {
      const opportunity = await loadExisting(db, opportunityId);
      const relief = opportunity.tax_relief ?? 'none';
      if (noRelief(opportunity.tax_relief)) return { relief, rate: null, lines: [] };
      const rows = await directIssues(db, { opportunityId });
      const certificates = await directCertificates(
        db,
        rows.map((row) => row.id),
      );
      const lines: StaffTaxReliefLine[] = rows.map((row) => {
        const line = directLine(row, certificates);
        return {
          source: 'direct',
          share_issue_id: row.id,
          investor: { id: row.user_id, name: row.investor_name },
          kind: row.kind,
          company_name: row.company_name,
          date: row.occurred_on,
          currency: row.currency,
          amount: row.amount,
          relief_amount: line.relief_amount,
          tax_year_label: line.tax_year_label,
          certificate: line.certificate,
        };
      });
      return { relief, rate: reliefRateOf(relief), lines };
    },

    /** POST /api/existing-investments/{id}/transactions/tax-relief/certificates: one allotment's or follow-on's certificate. */
    async recordDirect(
      actor: Actor,
      opportunityId: number,
      input: RecordInput,
    ): Promise<TaxReliefCertificate> {
      if (input.issued_on > ctx.clock.today()) throw fieldError('issued_on', FUTURE);
      const row = await db
        .transaction(async (tx) => {
          const opportunity = await loadExisting(tx, opportunityId, true);
          if (noRelief(opportunity.tax_relief))
            throw fieldError('holding_transaction_id', 'This investment is not an EIS or SEIS round.');
          const [issue] = await directIssues(tx, { opportunityId, ids: [input.holding_transaction_id] });
          if (!issue)
            throw fieldError(
              'holding_transaction_id',
              'Choose an allotment or follow-on of this investment.',
            );
          checkIssuedOn(input.issued_on, issue.occurred_on);
          const [inserted] = await tx
            .insert(taxReliefCertificates)
            .values({
              holding_transaction_id: issue.id,
              user_id: issue.user_id,
              scheme: directScheme(issue.tax_relief),
              reference: input.reference,
              issued_on: input.issued_on,
              recorded_by: actor.userId,
            })
            .returning();
          if (!inserted) throw new Error('tax_relief_certificates insert returned no row');
          await recordAudit(tx, actor, {
            action: 'opportunity.tax_relief_certificate_recorded',
            subjectType: 'opportunity',
            subjectId: opportunityId,
            after: snapshot(inserted, issue.investor_name),
          });
          return inserted;
        })
        .catch(alreadyRecorded);
      const [certificate] = await toCertificates([row]);
      return certificate as TaxReliefCertificate;
    },

    /**
     * POST /api/existing-investments/{id}/transactions/tax-relief/certificates/bulk: a certificate for every share issue of the
     * round still awaiting one, all issued on the date, each referenced by the prefix and the issue's id. Issues
     * dated after the certificates' date are left awaiting (a certificate cannot come before its shares).
     */
    async bulkDirect(actor: Actor, opportunityId: number, input: BulkInput) {
      if (input.issued_on > ctx.clock.today()) throw fieldError('issued_on', FUTURE);
      const rows = await db.transaction(async (tx) => {
        const opportunity = await loadExisting(tx, opportunityId, true);
        if (noRelief(opportunity.tax_relief))
          throw fieldError('issued_on', 'This investment is not an EIS or SEIS round.');
        const issues = await directIssues(tx, { opportunityId });
        const held = await directCertificates(
          tx,
          issues.map((issue) => issue.id),
        );
        const awaited = issues.filter((issue) => !held.has(issue.id) && issue.occurred_on <= input.issued_on);
        if (awaited.length === 0) return [];
        const inserted = await tx
          .insert(taxReliefCertificates)
          .values(
            awaited.map((issue) => ({
              holding_transaction_id: issue.id,
              user_id: issue.user_id,
              scheme: directScheme(issue.tax_relief),
              reference: `${input.reference_prefix}${issue.id}`.slice(0, 100),
              issued_on: input.issued_on,
              recorded_by: actor.userId,
            })),
          )
          .returning();
        const names = new Map(awaited.map((issue) => [issue.id, issue.investor_name]));
        await recordAudits(
          tx,
          actor,
          inserted.map((row) => ({
            action: 'opportunity.tax_relief_certificate_recorded',
            subjectType: 'opportunity',
            subjectId: opportunityId,
            after: { ...snapshot(row, names.get(row.holding_transaction_id ?? 0) ?? ''), bulk: true },
          })),
        );
        return inserted;
      });
      return { recorded: rows.length, certificates: await toCertificates(rows) };
    },

    /** POST /api/existing-investments/{id}/transactions/tax-relief/certificates/{certificateId}/withdraw */
    withdrawDirect: (actor: Actor, opportunityId: number, certificateId: number, reason: string) =>
      withdraw(actor, certificateId, reason, { opportunityId }),

    /** GET /api/funds/{id}/tax-relief: each investor's share of the fund's company investments, with certificates. */
    async fundRelief(fundId: number): Promise<StaffTaxRelief> {
      const fund = await loadFund(db, fundId);
      if (noRelief(fund.tax_relief)) return { relief: fund.tax_relief, rate: null, lines: [] };
      const rows = await fundIssues(db, fund);
      const certificates = await fundCertificates(
        db,
        rows.map((row) => row.id),
      );
      return {
        relief: fund.tax_relief,
        rate: reliefRateOf(fund.tax_relief),
        lines: rows.map((row) => {
          const line = fundLine(row, certificates);
          return {
            source: 'fund',
            share_issue_id: row.id,
            investor: { id: row.user_id, name: row.investor_name },
            kind: row.kind,
            company_name: row.company_name,
            date: row.effective_on,
            currency: row.currency,
            amount: row.amount,
            relief_amount: line.relief_amount,
            tax_year_label: line.tax_year_label,
            certificate: line.certificate,
          };
        }),
      };
    },

    /** POST /api/funds/{id}/tax-relief/certificates: one investor's certificate for one company investment. */
    async recordFund(actor: Actor, fundId: number, input: RecordFundInput): Promise<TaxReliefCertificate> {
      if (input.issued_on > ctx.clock.today()) throw fieldError('issued_on', FUTURE);
      const row = await db
        .transaction(async (tx) => {
          const fund = await loadFund(tx, fundId, true);
          if (noRelief(fund.tax_relief))
            throw fieldError('fund_company_transaction_id', 'This fund is not an EIS or SEIS fund.');
          const issue = (await fundIssues(tx, fund, input.user_id)).find(
            (row) => row.id === input.fund_company_transaction_id,
          );
          if (!issue)
            throw fieldError(
              'fund_company_transaction_id',
              'Choose an investment of this fund in a company in which the investor has a share.',
            );
          checkIssuedOn(input.issued_on, issue.effective_on);
          const [inserted] = await tx
            .insert(taxReliefCertificates)
            .values({
              fund_company_transaction_id: issue.id,
              user_id: issue.user_id,
              scheme: fundScheme(issue.tax_relief),
              reference: input.reference,
              issued_on: input.issued_on,
              recorded_by: actor.userId,
            })
            .returning();
          if (!inserted) throw new Error('tax_relief_certificates insert returned no row');
          await recordAudit(tx, actor, {
            action: 'fund.tax_relief_certificate_recorded',
            subjectType: 'fund',
            subjectId: fundId,
            after: { ...snapshot(inserted, issue.investor_name), amount: issue.amount },
          });
          return inserted;
        })
        .catch(alreadyRecorded);
      const [certificate] = await toCertificates([row]);
      return certificate as TaxReliefCertificate;
    },

    /** POST /api/funds/{id}/tax-relief/certificates/{certificateId}/withdraw */
    withdrawFund: (actor: Actor, fundId: number, certificateId: number, reason: string) =>
      withdraw(actor, certificateId, reason, { fundId }),
  };
}

export type TaxReliefService = ReturnType<typeof createTaxReliefService>;
