import {
  FUND_COMPANY_COLUMNS,
  FUND_COMPANY_STATUS_LABELS,
  type createFundCompanyInputSchema,
  type FundCompany,
  type FundCompanyColumnKey,
  type ParsedListQuery,
  type fundCompanyReversalInputSchema,
  type fundCompanyStatusInputSchema,
  type fundCompanyTransactionInputSchema,
  type updateFundCompanyInputSchema,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../db/errors';
import { fundCompanies, funds, type FundCompanyTransactionRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { moneyCell, type Cell } from '../../platform/export/table-export';
import { fieldError, notFound } from '../../platform/http/errors';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { totalFigures } from './company-figures';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { toFundCompany, toStatus, toTransactions } from './fund-companies.mapper';
import {
  countTransactions,
  findTransaction,
  fundCompaniesRepository,
  fundExists,
  industryExists,
  insertStatus,
  insertTransaction,
  listStatuses,
  lockCompany,
  transactionsOf,
  userNames,
} from './fund-companies.repository';

type CreateInput = z.output<typeof createFundCompanyInputSchema>;
type UpdateInput = z.output<typeof updateFundCompanyInputSchema>;
type TransactionInput = z.output<typeof fundCompanyTransactionInputSchema>;
type ReversalInput = z.output<typeof fundCompanyReversalInputSchema>;
type StatusInput = z.output<typeof fundCompanyStatusInputSchema>;

const NOT_FOUND = 'No fund-investment company with that id.';
const NO_TRANSACTION = 'No transaction of this company with that id.';
const INVALID_FUND = 'The selected fund is invalid.';
const INVALID_INDUSTRY = 'The selected industry is invalid.';

/** Every company of a fund, by name (a portfolio is read whole). */
const PORTFOLIO_QUERY: ParsedListQuery = {
  filters: [],
  sort: [{ name: 'name', descending: false }],
  include: [],
  fields: null,
  append: [],
  page: 1,
  perPage: 10_000,
};

/** A fund's companies by name with their figures: the Portfolio tab's read, and the investor's fund page's. */
export async function fundPortfolioCompanies(db: DbOrTx, fundId: number) {
  const { rows } = await fundCompaniesRepository.list(db, PORTFOLIO_QUERY, eq(fundCompanies.fund_id, fundId));
  return rows.map(toFundCompany);
}

const FIELDS = [
  'name',
  'company_number',
  'industry_id',
  'country',
  'website',
  'description',
  'share_class',
  'first_investment_on',
  'board_seat',
  'lead_investor',
  'ownership_percent',
] as const;

const cell = (company: FundCompany, key: FundCompanyColumnKey): Cell => {
  const currency = company.fund.currency;
  switch (key) {
    case 'fund':
      return company.fund.name;
    case 'status':
      return company.status ? FUND_COMPANY_STATUS_LABELS[company.status] : null;
    case 'cost':
    case 'valuation':
    case 'realised':
      return moneyCell(company[key], currency);
    case 'multiple':
      return company.multiple === null ? null : `${company.multiple}x`;
    case 'created_at':
      return new Date(company.created_at);
    default:
      return company[key];
  }
};

/** A transaction as its audit row keeps it, in the fund's currency. */
const transactionSnapshot = (row: FundCompanyTransactionRow, currency: string) => ({
  transaction_id: row.id,
  kind: row.kind,
  date: row.effective_on,
  amount: row.amount,
  valuation: row.valuation,
  shares: row.shares,
  currency,
});

/**
 * Fund-investment companies (issue 20; spec §2.1): a fund's portfolio companies with their key information,
 * their append-only transactions (a mistake is reversed, once) and their maturity-status history. Figures come
 * from company-figures.ts only.
 */
export function createFundCompaniesService(ctx: AppContext) {
  const { db, clock } = ctx;

  const future = (field: string, date: string | null | undefined, what: string) => {
    if (date && date > clock.today()) throw fieldError(field, `The ${what} cannot be in the future.`);
  };

  const checkIndustry = async (tx: DbOrTx, industryId: number | null | undefined) => {
    if (industryId !== undefined && industryId !== null && !(await industryExists(tx, industryId)))
      throw fieldError('industry_id', INVALID_INDUSTRY);
  };

  const records = createRecordService(ctx, {
    repository: fundCompaniesRepository,
    auditType: 'fund_company',
    notFound: NOT_FOUND,
    present: toFundCompany,
    insert: (input: CreateInput & { created_by: number | null }) => ({
      ...givenFields(input, FIELDS),
      fund_id: input.fund_id,
      name: input.name,
      created_by: input.created_by,
    }),
    patch: (input: UpdateInput) => givenFields(input, FIELDS),
    purge: (tx, id) => purgeRecordParts(tx, 'fund_company', id),
    export: { columns: FUND_COMPANY_COLUMNS, sheetName: 'Fund investments', cells: () => cell },
    rules: {
      create: async (tx, input) => {
        if (!(await fundExists(tx, input.fund_id))) throw fieldError('fund_id', INVALID_FUND);
        await checkIndustry(tx, input.industry_id);
      },
      update: async (tx, input) => {
        await checkIndustry(tx, input.industry_id);
      },
      // Under the company's row lock: a transaction recorded at the same moment waits, then finds it gone.
      remove: async (tx, _actor, before) => {
        await lockCompany(tx, before.id);
        const transactions = await countTransactions(tx, before.id);
        if (transactions > 0)
          throw fieldError(
            'id',
            `This company has ${transactions} transaction${transactions === 1 ? '' : 's'}: it cannot be deleted. Record its exit or write-off instead.`,
          );
        return null;
      },
    },
  });

  /** Its documents, notes, calls, tasks and activity: guarded by the funds resource and feature. */
  const subject: SubjectDefinition = {
    type: 'fund_company',
    async find(tx, id) {
      const row = await fundCompaniesRepository.find(tx, id);
      return row ? { id: row.id, name: row.name, email: null } : undefined;
    },
    adminUrl: (id) => `/admin/investments/companies/${id}/details`,
    notesUrl: (id) => `/admin/investments/companies/${id}/notes-calls-tasks`,
    resource: 'funds',
    feature: 'funds',
  };

  async function transactionsView(tx: DbOrTx, companyId: number) {
    const rows = await transactionsOf(tx, [companyId]);
    const names = await userNames(
      tx,
      rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])),
    );
    return toTransactions(rows, names);
  }

  /** The company under its row lock (404 when there is none). */
  async function locked(tx: DbOrTx, id: number) {
    if (!(await lockCompany(tx, id))) throw notFound(NOT_FOUND);
    return records.load(tx, id);
  }

  return {
    ...records,
    subject,

    /** Adds the company, Active from its first investment (or today), with the fund and industry checked. */
    async create(actor: Actor, input: CreateInput) {
      future('first_investment_on', input.first_investment_on, 'first investment date');
      const created = await db
        .transaction(async (tx) => {
          const company = await records.insert(tx, actor, { ...input, created_by: actor.userId });
          const status = await insertStatus(tx, {
            company_id: company.id,
            status: 'active',
            effective_on: input.first_investment_on ?? clock.today(),
            created_by: actor.userId,
          });
          await recordAudit(tx, actor, {
            action: 'fund_company.status_recorded',
            subjectType: 'fund_company',
            subjectId: company.id,
            after: { status: status.status, effective_on: status.effective_on, note: null },
          });
          return company;
        })
        .catch((error: unknown) => {
          // the fund or the industry went at the same moment
          if (isForeignKeyViolation(error)) throw fieldError('fund_id', INVALID_FUND);
          throw error;
        });
      return records.load(db, created.id);
    },

    async update(actor: Actor, id: number, input: UpdateInput) {
      future('first_investment_on', input.first_investment_on, 'first investment date');
      return records.update(actor, id, input).catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw fieldError('industry_id', INVALID_INDUSTRY);
        throw error;
      });
    },

    /** Deletes a company with no transaction (its status history goes with it); a 422 otherwise. */
    async remove(actor: Actor, id: number) {
      await records.remove(actor, id).catch((error: unknown) => {
        if (isForeignKeyViolation(error))
          throw fieldError('id', 'This company has transactions: it cannot be deleted.');
        throw error;
      });
    },

    /** Every transaction of the company, oldest first, each with the reversal that undid it. */
    async transactions(id: number) {
      await records.load(db, id);
      return transactionsView(db, id);
    },

    /** Records a transaction (its date not after today, London) and answers it. */
    async addTransaction(actor: Actor, id: number, input: TransactionInput) {
      future('date', input.date, 'transaction’s date');
      const row = await db.transaction(async (tx) => {
        const company = await locked(tx, id);
        const inserted = await insertTransaction(tx, {
          company_id: id,
          kind: input.kind,
          effective_on: input.date,
          amount: input.amount ?? null,
          shares: input.shares ?? null,
          valuation: input.valuation ?? null,
          note: input.note ?? null,
          created_by: actor.userId,
        });
        await recordAudit(tx, actor, {
          action: 'fund_company.transaction_added',
          subjectType: 'fund_company',
          subjectId: id,
          after: transactionSnapshot(inserted, company.fund.currency),
        });
        return inserted;
      });
      const view = (await transactionsView(db, id)).find((transaction) => transaction.id === row.id);
      if (!view) throw new Error('fund company transaction vanished');
      return view;
    },

    /** Undoes a transaction with a new one that negates it (once; a reversal is not itself reversed). */
    async reverse(actor: Actor, id: number, transactionId: number, input: ReversalInput) {
      const row = await db
        .transaction(async (tx) => {
          const company = await locked(tx, id);
          const original = await findTransaction(tx, id, transactionId);
          if (!original) throw notFound(NO_TRANSACTION);
          if (original.reverses_id !== null)
            throw fieldError('reason', 'This is a reversal: a reversal is not itself reversed.');
          // the database fills the reversal from its original (kind, date, negated amounts)
          const reversal = await insertTransaction(tx, {
            company_id: id,
            kind: original.kind,
            effective_on: original.effective_on,
            note: original.note,
            reverses_id: original.id,
            reason: input.reason,
            created_by: actor.userId,
          });
          await recordAudit(tx, actor, {
            action: 'fund_company.transaction_reversed',
            subjectType: 'fund_company',
            subjectId: id,
            before: transactionSnapshot(original, company.fund.currency),
            after: { transaction_id: reversal.id, reason: input.reason },
          });
          return reversal;
        })
        .catch((error: unknown) => {
          if (
            isUniqueViolation(error) &&
            violatedConstraint(error) === 'fund_company_transactions_reversed_once'
          )
            throw fieldError(
              'reason',
              'This transaction is already reversed: a transaction is reversed once.',
            );
          throw error;
        });
      const view = (await transactionsView(db, id)).find((transaction) => transaction.id === row.id);
      if (!view) throw new Error('fund company reversal vanished');
      return view;
    },

    /** The fund's portfolio: its companies (by name) with their figures, and the totals. */
    async portfolio(fundId: number) {
      const [fund] = await db.select({ currency: funds.currency }).from(funds).where(eq(funds.id, fundId));
      if (!fund) throw notFound('No fund with that id.');
      const companies = await fundPortfolioCompanies(db, fundId);
      return { fund_id: fundId, currency: fund.currency, companies, totals: totalFigures(companies) };
    },

    /** The company's maturity statuses, latest first (the first is the current one). */
    async statuses(id: number) {
      await records.load(db, id);
      const rows = await listStatuses(db, id);
      const names = await userNames(
        db,
        rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])),
      );
      return rows.map((row) => toStatus(row, names));
    },

    /** Records the company's status from a date (not after today, London). */
    async recordStatus(actor: Actor, id: number, input: StatusInput) {
      future('effective_on', input.effective_on, 'status’s date');
      const row = await db.transaction(async (tx) => {
        const company = await locked(tx, id);
        const inserted = await insertStatus(tx, {
          company_id: id,
          status: input.status,
          effective_on: input.effective_on,
          note: input.note ?? null,
          created_by: actor.userId,
        });
        await recordAudit(tx, actor, {
          action: 'fund_company.status_recorded',
          subjectType: 'fund_company',
          subjectId: id,
          before: company.status ? { status: company.status, effective_on: company.status_on } : null,
          after: { status: inserted.status, effective_on: inserted.effective_on, note: inserted.note },
        });
        return inserted;
      });
      const names = await userNames(db, row.created_by === null ? [] : [row.created_by]);
      return toStatus(row, names);
    },
  };
}

export type FundCompaniesService = ReturnType<typeof createFundCompaniesService>;
