import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  isZeroDecimal,
  multiplyDecimal,
  OPPORTUNITY_STATUS,
  subtractDecimal,
  totalsByCurrency,
  type WipAmount,
  type WipCashCall,
  type WipExportFormat,
  type WipManager,
  type WipManagerGroup,
  type WipPipeline,
  type WipRaise,
  type WipReport,
  type WipSnapshot,
  type WipSnapshotSummary,
  wipReportSchema,
} from '@portico/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  cashCalls,
  investments,
  opportunities,
  pipelineDeals,
  pipelines,
  pipelineStages,
  users,
  wipSnapshots,
  type WipSnapshotRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { workerTaskRef } from '../../platform/workers/worker-task';
import { listInvestments } from '../investment-transactions/investment-transactions.repository';
import { totalsOf } from '../investment-transactions/shared';
import type { writeWipFileTask } from './wip-files';

/** The raises the WIP report follows: live (external or internal) and closed, not yet completed. */
export const LIVE_RAISE_STATUSES = [
  OPPORTUNITY_STATUS.LIVE_EXTERNAL,
  OPPORTUNITY_STATUS.LIVE_INTERNAL,
  OPPORTUNITY_STATUS.CLOSED,
] as const;

const dealOwner = alias(users, 'deal_owner');
const creator = alias(users, 'creator');
const DAY_MS = 86_400_000;

// exceljs and pdf-lib load on the worker threads only.
const writeWipFile = workerTaskRef<typeof writeWipFileTask>(
  new URL('./wip-files.ts', import.meta.url),
  'writeWipFileTask',
);

export const WIP_CONTENT_TYPES: Record<WipExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Whole days from one London date to a later one (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Committed as a percentage of the target, to one decimal place. */
function percentOf(committed: string, target: string | null): number | null {
  if (!target || isZeroDecimal(target)) return null;
  return Number(divideDecimal(multiplyDecimal(committed, '100', 6), target, 1));
}

const manager = (
  owner: { id: number | null; name: string | null },
  created: { id: number | null; name: string | null },
): WipManager => {
  if (owner.id !== null && owner.name !== null) return { id: owner.id, name: owner.name };
  if (created.id !== null && created.name !== null) return { id: created.id, name: created.name };
  return null;
};

const sum = (rows: Array<{ currency: string; amount: string | null }>): WipAmount[] =>
  totalsByCurrency(rows).sort((a, b) => a.currency.localeCompare(b.currency));

/** The deals of every pipeline, stage by stage, with the sum of what they seek. */
async function pipelinesOf(db: DbOrTx): Promise<WipPipeline[]> {
  const stages = await db
    .select({
      pipeline_id: pipelines.id,
      pipeline_name: pipelines.name,
      stage_id: pipelineStages.id,
      stage_name: pipelineStages.name,
    })
    .from(pipelineStages)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipeline_id))
    .orderBy(
      asc(pipelines.position),
      asc(pipelines.id),
      asc(pipelineStages.position),
      asc(pipelineStages.id),
    );
  const figures = await db
    .select({
      stage_id: pipelineDeals.stage_id,
      deals: count(),
      value: sql<string>`coalesce(sum(${pipelineDeals.amount_sought}), 0)::numeric(16, 2)::text`,
    })
    .from(pipelineDeals)
    .groupBy(pipelineDeals.stage_id);
  const byStage = new Map(figures.map((row) => [row.stage_id, row]));
  const result: WipPipeline[] = [];
  for (const row of stages) {
    let pipeline = result.find((candidate) => candidate.id === row.pipeline_id);
    if (!pipeline) {
      pipeline = { id: row.pipeline_id, name: row.pipeline_name, stages: [], deals: 0, value: '0.00' };
      result.push(pipeline);
    }
    const stage = byStage.get(row.stage_id);
    const deals = stage?.deals ?? 0;
    const value = stage?.value ?? '0.00';
    pipeline.stages.push({ id: row.stage_id, name: row.stage_name, deals, value });
    pipeline.deals += deals;
    pipeline.value = addDecimal(pipeline.value, value);
  }
  return result;
}

/** The opportunities named, with who is responsible for each. */
async function opportunitiesWithManagers(db: DbOrTx, where: ReturnType<typeof inArray>) {
  return db
    .select({
      opportunity: opportunities,
      owner_id: dealOwner.id,
      owner_name: dealOwner.name,
      creator_id: creator.id,
      creator_name: creator.name,
    })
    .from(opportunities)
    .leftJoin(pipelineDeals, eq(pipelineDeals.id, opportunities.pipeline_deal_id))
    .leftJoin(dealOwner, eq(dealOwner.id, pipelineDeals.owner_id))
    .leftJoin(creator, eq(creator.id, opportunities.created_by))
    .where(where)
    .orderBy(asc(opportunities.closing_date), asc(opportunities.name), asc(opportunities.id));
}

/**
 * Each live raise with its Transactions tab totals: the very function that tab answers with
 * (investment-transactions totalsOf over the opportunity's investments), so the figures agree to the penny.
 */
export async function raisesOf(db: DbOrTx): Promise<WipRaise[]> {
  const rows = await opportunitiesWithManagers(db, inArray(opportunities.status, [...LIVE_RAISE_STATUSES]));
  const raises: WipRaise[] = [];
  for (const row of rows) {
    const { opportunity } = row;
    const listed = await listInvestments(db, { kind: 'opportunity', id: opportunity.id });
    const totals = totalsOf(
      listed.map((item) => ({ investment: item.investment, currency: item.opportunity.currency })),
    );
    const line = totals.by_currency.find((candidate) => candidate.currency === opportunity.currency);
    const committed = line?.committed ?? '0.00';
    const paid = line?.received ?? '0.00';
    const target = opportunity.target_amount;
    const remaining =
      target === null
        ? null
        : compareDecimal(committed, target) >= 0
          ? '0.00'
          : subtractDecimal(target, committed);
    raises.push({
      id: opportunity.id,
      name: opportunity.name,
      company_name: opportunity.company_name,
      status: opportunity.status,
      currency: opportunity.currency,
      target: target === null ? null : addDecimal(target, '0'),
      committed,
      paid,
      percent_of_target: percentOf(committed, target),
      remaining,
      closing_date: opportunity.closing_date,
      investments: totals.count,
      manager: manager(
        { id: row.owner_id, name: row.owner_name },
        { id: row.creator_id, name: row.creator_name },
      ),
    });
  }
  return raises;
}

/** The open cash calls with what their investments awaiting payment still owe, late ones first. */
export async function cashCallsOf(db: DbOrTx, today: string): Promise<WipCashCall[]> {
  const owed = await db
    .select({
      cash_call_id: investments.cash_call_id,
      investments: count(),
      outstanding: sql<string>`coalesce(sum(${investments.amount} - ${investments.paid_amount}), 0)::numeric(16, 2)::text`,
    })
    .from(investments)
    .innerJoin(cashCalls, eq(cashCalls.id, investments.cash_call_id))
    .where(and(eq(cashCalls.status, 'open'), eq(investments.status, 'awaiting_payment')))
    .groupBy(investments.cash_call_id);
  const ids = owed.flatMap((row) => (row.cash_call_id === null ? [] : [row.cash_call_id]));
  if (ids.length === 0) return [];
  const calls = await db.select().from(cashCalls).where(inArray(cashCalls.id, ids));
  const owners = await opportunitiesWithManagers(
    db,
    inArray(opportunities.id, [...new Set(calls.map((call) => call.opportunity_id))]),
  );
  const byOpportunity = new Map(owners.map((row) => [row.opportunity.id, row]));
  const byCall = new Map(owed.map((row) => [row.cash_call_id, row]));
  return calls
    .flatMap((call) => {
      const row = byOpportunity.get(call.opportunity_id);
      const figures = byCall.get(call.id);
      if (!row || !figures || isZeroDecimal(figures.outstanding)) return [];
      const late = daysBetween(call.due_date, today);
      return [
        {
          id: call.id,
          opportunity: { id: row.opportunity.id, name: row.opportunity.name },
          currency: row.opportunity.currency,
          amount: addDecimal(call.amount, '0'),
          outstanding: figures.outstanding,
          due_date: call.due_date,
          overdue: late > 0,
          days_overdue: Math.max(0, late),
          investments: figures.investments,
          manager: manager(
            { id: row.owner_id, name: row.owner_name },
            { id: row.creator_id, name: row.creator_name },
          ),
        },
      ];
    })
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id);
}

/** The raises' and cash calls' figures per investment manager; nobody's (null) last. */
function byManager(raises: WipRaise[], calls: WipCashCall[]): WipManagerGroup[] {
  const keyOf = (value: WipManager) => (value === null ? 'none' : String(value.id));
  const groups = new Map<string, { manager: WipManager; raises: WipRaise[]; calls: WipCashCall[] }>();
  const groupOf = (value: WipManager) => {
    const key = keyOf(value);
    const group = groups.get(key) ?? { manager: value, raises: [], calls: [] };
    groups.set(key, group);
    return group;
  };
  for (const raise of raises) groupOf(raise.manager).raises.push(raise);
  for (const call of calls) groupOf(call.manager).calls.push(call);
  return [...groups.values()]
    .sort((a, b) =>
      a.manager === null ? 1 : b.manager === null ? -1 : a.manager.name.localeCompare(b.manager.name),
    )
    .map((group) => ({
      manager: group.manager,
      raises: group.raises.length,
      target: sum(group.raises.map((raise) => ({ currency: raise.currency, amount: raise.target }))),
      committed: sum(group.raises.map((raise) => ({ currency: raise.currency, amount: raise.committed }))),
      paid: sum(group.raises.map((raise) => ({ currency: raise.currency, amount: raise.paid }))),
      cash_calls: group.calls.length,
      outstanding: sum(group.calls.map((call) => ({ currency: call.currency, amount: call.outstanding }))),
      overdue: sum(
        group.calls
          .filter((call) => call.overdue)
          .map((call) => ({ currency: call.currency, amount: call.outstanding })),
      ),
    }));
}

const NO_SNAPSHOT = 'No WIP snapshot with that id.';
const snapshotCreator = alias(users, 'snapshot_creator');

function toSummary(
  row: WipSnapshotRow,
  creator: { id: number | null; name: string | null },
): WipSnapshotSummary {
  return {
    id: row.id,
    title: row.title,
    as_of: row.as_of,
    created_by: creator.id !== null && creator.name !== null ? { id: creator.id, name: creator.name } : null,
    created_at: toApiTimestamp(row.created_at),
  };
}

/** The WIP report (issue 19): deals, live raises and cash calls, as of the London date. */
export function createWipReportService(ctx: AppContext) {
  const { db, clock, workers } = ctx;

  async function report(): Promise<WipReport> {
    const today = clock.today();
    const pipelineRows = await pipelinesOf(db);
    const raises = await raisesOf(db);
    const calls = await cashCallsOf(db, today);
    const overdue = calls.filter((call) => call.overdue);
    return {
      as_of: today,
      generated_at: toApiTimestamp(clock.now()),
      pipelines: pipelineRows,
      deals: {
        count: pipelineRows.reduce((total, pipeline) => total + pipeline.deals, 0),
        value: pipelineRows.reduce((total, pipeline) => addDecimal(total, pipeline.value), '0.00'),
      },
      raises,
      raise_totals: {
        count: raises.length,
        target: sum(raises.map((raise) => ({ currency: raise.currency, amount: raise.target }))),
        committed: sum(raises.map((raise) => ({ currency: raise.currency, amount: raise.committed }))),
        paid: sum(raises.map((raise) => ({ currency: raise.currency, amount: raise.paid }))),
        remaining: sum(raises.map((raise) => ({ currency: raise.currency, amount: raise.remaining }))),
      },
      cash_calls: calls,
      cash_call_totals: {
        count: calls.length,
        overdue_count: overdue.length,
        outstanding: sum(calls.map((call) => ({ currency: call.currency, amount: call.outstanding }))),
        overdue: sum(overdue.map((call) => ({ currency: call.currency, amount: call.outstanding }))),
      },
      by_manager: byManager(raises, calls),
    };
  }

  async function file(data: WipReport, format: WipExportFormat, name: string) {
    const bytes = await workers.run(writeWipFile, { format, report: data });
    return {
      file: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      filename: `${name}-${data.as_of}.${format}`,
    };
  }

  async function findSnapshot(id: number) {
    const [row] = await db
      .select({ snapshot: wipSnapshots, creator_id: snapshotCreator.id, creator_name: snapshotCreator.name })
      .from(wipSnapshots)
      .leftJoin(snapshotCreator, eq(snapshotCreator.id, wipSnapshots.created_by))
      .where(eq(wipSnapshots.id, id));
    if (!row) throw notFound(NO_SNAPSHOT);
    return row;
  }

  return {
    report,

    /** The report as an Excel workbook or a PDF, written on a worker thread. */
    async export(format: WipExportFormat): Promise<{ file: Buffer; filename: string }> {
      return file(await report(), format, 'wip-report');
    },

    /** The saved snapshots, newest first. */
    async snapshots(): Promise<WipSnapshotSummary[]> {
      const rows = await db
        .select({
          snapshot: wipSnapshots,
          creator_id: snapshotCreator.id,
          creator_name: snapshotCreator.name,
        })
        .from(wipSnapshots)
        .leftJoin(snapshotCreator, eq(snapshotCreator.id, wipSnapshots.created_by))
        .orderBy(desc(wipSnapshots.created_at), desc(wipSnapshots.id))
        .limit(200);
      return rows.map((row) => toSummary(row.snapshot, { id: row.creator_id, name: row.creator_name }));
    },

    /** A snapshot as it was saved. */
    async snapshot(id: number): Promise<WipSnapshot> {
      const row = await findSnapshot(id);
      return {
        ...toSummary(row.snapshot, { id: row.creator_id, name: row.creator_name }),
        report: wipReportSchema.parse(row.snapshot.report),
      };
    },

    /** Saves the report as it stands now, frozen, with its audit row in the same transaction. */
    async createSnapshot(actor: Actor, title: string): Promise<WipSnapshot> {
      const data = await report();
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(wipSnapshots)
          .values({ title, as_of: data.as_of, report: data, created_by: actor.userId })
          .returning();
        if (!row) throw new Error('no WIP snapshot saved');
        await recordAudit(tx, actor, {
          action: 'wip_snapshot.created',
          subjectType: 'wip_snapshot',
          subjectId: row.id,
          after: { title, as_of: data.as_of },
        });
        return row;
      });
      const [creator] = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.id, actor.userId ?? 0));
      return { ...toSummary(saved, { id: creator?.id ?? null, name: creator?.name ?? null }), report: data };
    },

    /** A snapshot as an Excel workbook or a PDF: the frozen figures, dated as it was. */
    async exportSnapshot(id: number, format: WipExportFormat) {
      const row = await findSnapshot(id);
      return file(wipReportSchema.parse(row.snapshot.report), format, `wip-snapshot-${id}`);
    },
  };
}

export type WipReportService = ReturnType<typeof createWipReportService>;
