import type {
  createDealPerformanceInputSchema,
  DealPerformance,
  PipelineDeal,
  updateDealPerformanceInputSchema,
} from '@portico/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { dealPerformance } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { changedFields, givenFields } from '../../platform/records/changed-fields';
import { toPerformance } from './deals.mapper';
import { performanceOf } from './deals.repository';

type CreateInput = z.output<typeof createDealPerformanceInputSchema>;
type UpdateInput = z.output<typeof updateDealPerformanceInputSchema>;

const FIELDS = ['period', 'revenue', 'gross_profit', 'ebitda', 'cash', 'headcount', 'notes'] as const;
const PERIOD_TAKEN = 'This deal already has figures for that period: change them instead.';

/** Figures a person reads: the period and the numbers, not the bookkeeping. */
const snapshot = (row: DealPerformance) => givenFields(row, FIELDS);

/** A deal's reported figures, period by period (deals/{id}/performance). */
export function createDealPerformanceService(
  ctx: AppContext,
  loadDeal: (tx: DbOrTx, id: number) => Promise<PipelineDeal>,
) {
  const { db } = ctx;

  async function loadPeriod(tx: DbOrTx, dealId: number, periodId: number) {
    const [row] = await tx
      .select()
      .from(dealPerformance)
      .where(and(performanceOf(dealId), eq(dealPerformance.id, periodId)));
    if (!row) throw notFound('No figures of this deal with that id.');
    return toPerformance(row);
  }

  const periodTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldError('period', PERIOD_TAKEN);
    throw error;
  };

  const audit = (tx: DbOrTx, actor: Actor, dealId: number, action: string, values: object) =>
    recordAudit(tx, actor, {
      action: `pipeline_deal.performance_${action}`,
      subjectType: 'pipeline_deal',
      subjectId: dealId,
      ...values,
    });

  return {
    /** oldest period first, as a chart reads */
    async list(dealId: number) {
      await loadDeal(db, dealId);
      const rows = await db
        .select()
        .from(dealPerformance)
        .where(performanceOf(dealId))
        .orderBy(asc(dealPerformance.period), asc(dealPerformance.id));
      return rows.map(toPerformance);
    },

    async add(actor: Actor, dealId: number, input: CreateInput) {
      const id = await db
        .transaction(async (tx) => {
          await loadDeal(tx, dealId);
          const [row] = await tx
            .insert(dealPerformance)
            .values({ ...givenFields(input, FIELDS), period: input.period, pipeline_deal_id: dealId })
            .returning();
          if (!row) throw new Error('deal_performance insert returned no row');
          await audit(tx, actor, dealId, 'added', { after: snapshot(toPerformance(row)) });
          return row.id;
        })
        .catch(periodTaken);
      return loadPeriod(db, dealId, id);
    },

    async change(actor: Actor, dealId: number, periodId: number, input: UpdateInput) {
      await db
        .transaction(async (tx) => {
          const before = await loadPeriod(tx, dealId, periodId);
          const patch = givenFields(input, FIELDS);
          if (Object.keys(patch).length === 0) return;
          await tx
            .update(dealPerformance)
            .set({ ...patch, updated_at: new Date() })
            .where(eq(dealPerformance.id, periodId));
          const after = await loadPeriod(tx, dealId, periodId);
          const changes = changedFields(snapshot(before), snapshot(after));
          if (changes)
            await audit(tx, actor, dealId, 'updated', {
              before: { ...changes.before, period: before.period },
              after: { ...changes.after, period: after.period },
            });
        })
        .catch(periodTaken);
      return loadPeriod(db, dealId, periodId);
    },

    async remove(actor: Actor, dealId: number, periodId: number) {
      await db.transaction(async (tx) => {
        const before = await loadPeriod(tx, dealId, periodId);
        await tx.delete(dealPerformance).where(eq(dealPerformance.id, periodId));
        await audit(tx, actor, dealId, 'removed', { before: snapshot(before) });
      });
    },
  };
}
