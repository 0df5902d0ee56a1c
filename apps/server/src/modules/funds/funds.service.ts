import {
  FUND_ACTIVE_LABELS,
  FUND_COLUMNS,
  FUND_STATUS_LABELS,
  FUND_TYPE_LABELS,
  TAX_RELIEF_LABELS,
  type createFundInputSchema,
  type createFundNavInputSchema,
  type Fund,
  type FundColumnKey,
  type updateFundInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isForeignKeyViolation } from '../../db/errors';
import type { FundNavRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { moneyCell, type Cell } from '../../platform/export/table-export';
import { fieldError, notFound } from '../../platform/http/errors';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { toFund, toFundNav } from './funds.mapper';
import {
  countCompanies,
  countNavs,
  countOpportunities,
  currentNavOn,
  fundsRepository,
  insertNav,
  listNavs,
  lockFund,
  markReplaced,
  setSuccessor,
  userNames,
} from './funds.repository';

type CreateInput = z.output<typeof createFundInputSchema>;
type UpdateInput = z.output<typeof updateFundInputSchema>;
type NavInput = z.output<typeof createFundNavInputSchema>;

const NOT_FOUND = 'No fund with that id.';
const FUTURE = 'The NAV’s date cannot be in the future.';
const CURRENCY_OF_OPPORTUNITIES =
  'The currency cannot change once an opportunity raises for the fund: its commitments are in the fund’s currency.';
const CURRENCY_FIXED =
  'The currency cannot change once the fund has a NAV: its NAVs are in the currency they were.';

const FIELDS = [
  'name',
  'currency',
  'target_size',
  'type',
  'vintage',
  'management_fee_percent',
  'carried_interest_percent',
  'hurdle_percent',
  'tax_relief',
  'description',
] as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a fund cannot be deleted: what hangs off it (NAVs are history and never go; opportunities raise for it;
 * its portfolio companies are its investments).
 */
function inUse(navs: number, opportunities: number, companies = 0) {
  const parts = [
    ...(navs > 0 ? [count(navs, 'NAV', 'NAVs')] : []),
    ...(opportunities > 0 ? [count(opportunities, 'opportunity', 'opportunities')] : []),
    ...(companies > 0 ? [count(companies, 'portfolio company', 'portfolio companies')] : []),
  ];
  return fieldError(
    'id',
    `This fund has ${parts.join(' and ')}: it cannot be deleted. Close it instead (set it to Closed).`,
  );
}

const cell = (fund: Fund, key: FundColumnKey): Cell => {
  switch (key) {
    case 'type':
      return FUND_TYPE_LABELS[fund.type];
    case 'tax_relief':
      return TAX_RELIEF_LABELS[fund.tax_relief];
    case 'status':
      return FUND_STATUS_LABELS[fund.status];
    case 'active':
      return FUND_ACTIVE_LABELS[fund.active];
    case 'target_size':
      return moneyCell(fund.target_size, fund.currency);
    case 'latest_nav':
      return moneyCell(fund.latest_nav, fund.currency);
    case 'created_at':
      return new Date(fund.created_at);
    default:
      return fund[key];
  }
};

/** A NAV as its audit row keeps it, in the fund's currency. */
const navSnapshot = (row: FundNavRow, currency: string) => ({
  id: row.id,
  effective_on: row.effective_on,
  nav: row.nav,
  currency,
  note: row.note,
});

/**
 * Funds (DOMAIN.md, Fund; spec §2.1 Funds): the record with its terms, status and active state, and its NAV
 * history (append-only: a NAV for a date that has one supersedes it, and the replaced NAV stays as history).
 */
export function createFundsService(ctx: AppContext) {
  const { db, clock } = ctx;

  const records = createRecordService(ctx, {
    repository: fundsRepository,
    auditType: 'fund',
    notFound: NOT_FOUND,
    present: toFund,
    insert: (input: CreateInput & { created_by: number | null }) => ({
      ...givenFields(input, FIELDS),
      name: input.name,
      currency: input.currency,
      target_size: input.target_size,
      created_by: input.created_by,
    }),
    patch: (input: UpdateInput) => ({
      ...givenFields(input, FIELDS),
      ...givenFields(input, ['status', 'active'] as const),
    }),
    // its documents, notes, calls and tasks go with it
    purge: (tx, id) => purgeRecordParts(tx, 'fund', id),
    export: { columns: FUND_COLUMNS, sheetName: 'Funds', cells: () => cell },
    rules: {
      update: async (tx, input, before) => {
        if (input.currency === undefined || input.currency === before.currency) return;
        if ((await countNavs(tx, before.id)) > 0) throw fieldError('currency', CURRENCY_FIXED);
        if ((await countOpportunities(tx, before.id)) > 0)
          throw fieldError('currency', CURRENCY_OF_OPPORTUNITIES);
      },
      // Under the fund's row lock: a NAV recorded at the same moment waits, then finds the fund gone.
      remove: async (tx, _actor, before) => {
        await lockFund(tx, before.id);
        const navs = await countNavs(tx, before.id);
        const opportunities = await countOpportunities(tx, before.id);
        const companies = await countCompanies(tx, before.id);
        if (navs > 0 || opportunities > 0 || companies > 0) throw inUse(navs, opportunities, companies);
        return null;
      },
    },
  });

  async function navsOf(rows: FundNavRow[]) {
    const ids = [...new Set(rows.map((row) => row.created_by).filter((id) => id !== null))];
    const names = await userNames(db, ids);
    return rows.map((row) => toFundNav(row, names));
  }

  /** Its documents, notes, calls, tasks and activity: guarded by the funds resource and feature. */
  const subject: SubjectDefinition = {
    type: 'fund',
    async find(tx, id) {
      const row = await fundsRepository.find(tx, id);
      return row ? { id: row.id, name: row.name, email: null } : undefined;
    },
    adminUrl: (id) => `/admin/funds/${id}/details`,
    notesUrl: (id) => `/admin/funds/${id}/details/notes-calls-tasks`,
    resource: 'funds',
    feature: 'funds',
  };

  return {
    ...records,
    subject,

    async create(actor: Actor, input: CreateInput) {
      const created = await db.transaction((tx) =>
        records.insert(tx, actor, { ...input, created_by: actor.userId }),
      );
      return records.load(db, created.id);
    },

    /** Deletes a fund with no NAV and no opportunity (a 422 otherwise, also when one arrives meanwhile). */
    async remove(actor: Actor, id: number) {
      await records.remove(actor, id).catch(async (error: unknown) => {
        // one arrived meanwhile: say what hangs off it now
        if (isForeignKeyViolation(error))
          throw inUse(0, await countOpportunities(db, id), await countCompanies(db, id));
        throw error;
      });
    },

    /** The fund's NAVs, newest date first, replaced ones beside the current NAV of their date. */
    async navs(id: number) {
      await records.load(db, id);
      return navsOf(await listNavs(db, id));
    },

    /**
     * Records the fund's NAV at a date (never after today's London date). A current NAV of that date is
     * superseded in the same transaction, under the fund's row lock: two at once leave one current NAV.
     */
    async recordNav(actor: Actor, id: number, input: NavInput) {
      if (input.date > clock.today()) throw fieldError('date', FUTURE);
      const row = await db.transaction(async (tx) => {
        if (!(await lockFund(tx, id))) throw notFound(NOT_FOUND);
        const fund = await records.load(tx, id);
        const previous = await currentNavOn(tx, id, input.date);
        if (previous && !(await markReplaced(tx, previous.id, clock.now(), actor.userId)))
          throw new Error(`fund NAV ${previous.id} was replaced under the fund's lock`);
        const inserted = await insertNav(tx, {
          fund_id: id,
          nav: input.nav,
          effective_on: input.date,
          note: input.note ?? null,
          created_by: actor.userId,
        });
        if (previous) await setSuccessor(tx, previous.id, inserted.id);
        await recordAudit(tx, actor, {
          action: previous ? 'fund.nav_corrected' : 'fund.nav_recorded',
          subjectType: 'fund',
          subjectId: id,
          before: previous ? navSnapshot(previous, fund.currency) : null,
          after: navSnapshot(inserted, fund.currency),
        });
        return inserted;
      });
      const [nav] = await navsOf([row]);
      if (!nav) throw new Error('fund NAV vanished');
      return nav;
    },
  };
}

export type FundsService = ReturnType<typeof createFundsService>;
