import {
  compareDecimal,
  divideDecimal,
  isZeroDecimal,
  multiplyDecimal,
  ROLES,
  subtractDecimal,
  sumDecimals,
  type CapTable,
  type createHoldingTransactionInputSchema,
  type createSharePriceInputSchema,
  type ExistingPerformance,
  type HoldingTransaction,
  type SharePrice,
  type updateSharePriceInputSchema,
} from '@portico/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  holdingTransactions,
  opportunities,
  sharePrices,
  users,
  type HoldingTransactionRow,
  type SharePriceRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { figuresOf, money, moicOf, shares6, totalsOf } from '../portfolio/valuation';
import { holderSums, latestPrice } from './existing-investments.repository';

type CreatePrice = z.output<typeof createSharePriceInputSchema>;
type UpdatePrice = z.output<typeof updateSharePriceInputSchema>;
type CreateTransaction = z.output<typeof createHoldingTransactionInputSchema>;

const NOT_FOUND = 'No existing investment with that id.';
const PRICE_NOT_FOUND = 'No share price of this investment with that id.';
const DAY_TAKEN = 'This investment already has a share price for that day: change it instead.';

const toSharePrice = (row: SharePriceRow): SharePrice => ({
  id: row.id,
  opportunity_id: row.opportunity_id,
  effective_on: row.effective_on,
  price: row.price,
  kind: row.kind,
  note: row.note,
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
});

const toTransaction = (row: HoldingTransactionRow, name: string): HoldingTransaction => ({
  id: row.id,
  opportunity_id: row.opportunity_id,
  investor: { id: row.user_id, name },
  kind: row.kind,
  occurred_on: row.occurred_on,
  shares: row.shares,
  amount: row.amount,
  price: row.price,
  share_class: row.share_class,
  note: row.note,
  created_at: toApiTimestamp(row.created_at),
});

/** Percent of a whole, 2 decimals. */
const percentOf = (part: string, whole: string) =>
  isZeroDecimal(whole) ? '0.00' : divideDecimal(multiplyDecimal(part, '100', 6), whole, 2);

/**
 * An existing investment's Performance (share-price history: round, valuations, exit), Transactions
 * (allotments, follow-ons, exits, dividends) and Cap Table (holders by share class, with their value at
 * the latest price). Staff only; the routes check the permission and the Investment Manager's hidden tabs.
 */
export function createExistingInvestmentsService(ctx: AppContext) {
  const { db } = ctx;

  /** The opportunity in stage 5 or 6 (404 otherwise); `lock` takes its row lock. */
  async function loadExisting(tx: DbOrTx, id: number, lock = false) {
    const query = tx
      .select({ id: opportunities.id, status: opportunities.status, currency: opportunities.currency })
      .from(opportunities)
      .where(and(eq(opportunities.id, id), inArray(opportunities.status, [5, 6])));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async function loadPrice(tx: DbOrTx, id: number, priceId: number) {
    const [row] = await tx
      .select()
      .from(sharePrices)
      .where(and(eq(sharePrices.opportunity_id, id), eq(sharePrices.id, priceId)));
    if (!row) throw notFound(PRICE_NOT_FOUND);
    return row;
  }

  const dayTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw fieldError('effective_on', DAY_TAKEN);
    throw error;
  };

  const audit = (tx: DbOrTx, actor: Actor, id: number, action: string, values: object) =>
    recordAudit(tx, actor, {
      action: `opportunity.${action}`,
      subjectType: 'opportunity',
      subjectId: id,
      ...values,
    });

  const priceSnapshot = (row: SharePriceRow) => ({
    effective_on: row.effective_on,
    price: row.price,
    kind: row.kind,
    note: row.note,
  });

  return {
    loadExisting,

    /** Prices oldest first, and what all holdings are worth at the latest one. */
    async performance(id: number): Promise<ExistingPerformance> {
      const opportunity = await loadExisting(db, id);
      const [rows, latest, holders] = await Promise.all([
        db
          .select()
          .from(sharePrices)
          .where(eq(sharePrices.opportunity_id, id))
          .orderBy(asc(sharePrices.effective_on)),
        latestPrice(db, id),
        holderSums(db, id),
      ]);
      const figures = holders.map((holder) => figuresOf(holder, latest.price));
      const totals = totalsOf(figures);
      return {
        currency: opportunity.currency,
        price: latest.price,
        price_date: latest.price_date,
        shares: sumDecimals(
          figures.map((figure) => figure.shares),
          6,
        ),
        invested: totals.invested,
        value: totals.value,
        realised: totals.realised,
        moic: totals.moic,
        prices: rows.map(toSharePrice),
      };
    },

    async addPrice(actor: Actor, id: number, input: CreatePrice) {
      const row = await db
        .transaction(async (tx) => {
          await loadExisting(tx, id);
          const [inserted] = await tx
            .insert(sharePrices)
            .values({
              opportunity_id: id,
              effective_on: input.effective_on,
              price: input.price,
              kind: input.kind,
              note: input.note ?? null,
              created_by: actor.userId,
            })
            .returning();
          if (!inserted) throw new Error('share_prices insert returned no row');
          await audit(tx, actor, id, 'share_price_added', { after: priceSnapshot(inserted) });
          return inserted;
        })
        .catch(dayTaken);
      return toSharePrice(row);
    },

    async changePrice(actor: Actor, id: number, priceId: number, input: UpdatePrice) {
      const row = await db
        .transaction(async (tx) => {
          await loadExisting(tx, id);
          const before = await loadPrice(tx, id, priceId);
          const patch = Object.fromEntries(
            Object.entries({
              effective_on: input.effective_on,
              price: input.price,
              kind: input.kind,
              note: input.note,
            }).filter(([, value]) => value !== undefined),
          );
          if (Object.keys(patch).length === 0) return before;
          const [after] = await tx
            .update(sharePrices)
            .set({ ...patch, updated_at: new Date() })
            .where(eq(sharePrices.id, priceId))
            .returning();
          if (!after) throw notFound(PRICE_NOT_FOUND);
          await audit(tx, actor, id, 'share_price_updated', {
            before: priceSnapshot(before),
            after: priceSnapshot(after),
          });
          return after;
        })
        .catch(dayTaken);
      return toSharePrice(row);
    },

    async removePrice(actor: Actor, id: number, priceId: number) {
      await db.transaction(async (tx) => {
        await loadExisting(tx, id);
        const before = await loadPrice(tx, id, priceId);
        await tx.delete(sharePrices).where(eq(sharePrices.id, priceId));
        await audit(tx, actor, id, 'share_price_removed', { before: priceSnapshot(before) });
      });
    },

    /** Every holder's transactions, oldest first. */
    async transactions(id: number): Promise<HoldingTransaction[]> {
      await loadExisting(db, id);
      const rows = await db
        .select({ row: holdingTransactions, name: users.name })
        .from(holdingTransactions)
        .innerJoin(users, eq(users.id, holdingTransactions.user_id))
        .where(eq(holdingTransactions.opportunity_id, id))
        .orderBy(asc(holdingTransactions.occurred_on), asc(holdingTransactions.id));
      return rows.map(({ row, name }) => toTransaction(row, name));
    },

    /**
     * A follow-on, exit or dividend for one investor. An exit sells at most the shares held; an exit or a
     * dividend needs a holding. The opportunity's row lock serialises writers, so two exits at once can
     * never sell the same shares twice.
     */
    async addTransaction(actor: Actor, id: number, input: CreateTransaction) {
      const { row, name } = await db.transaction(async (tx) => {
        await loadExisting(tx, id, true);
        const [investor] = await tx
          .select({ id: users.id, name: users.name, role_id: users.role_id })
          .from(users)
          .where(eq(users.id, input.user_id));
        if (!investor || investor.role_id !== ROLES.USER) throw fieldError('user_id', 'Choose an investor.');
        if (input.kind !== 'follow_on') {
          const shares = sumDecimals(
            (await holderSums(tx, id, input.user_id)).map((holder) =>
              subtractDecimal(shares6(holder.bought), shares6(holder.sold), 6),
            ),
            6,
          );
          if (isZeroDecimal(shares))
            throw fieldError('user_id', `${investor.name} holds no shares in this investment.`);
          if (input.kind === 'exit' && input.shares !== undefined && compareDecimal(input.shares, shares) > 0)
            throw fieldError(
              'shares',
              `${investor.name} holds ${shares.replace(/\.?0+$/, '')} shares: an exit cannot sell more.`,
            );
        }
        const [inserted] = await tx
          .insert(holdingTransactions)
          .values({
            opportunity_id: id,
            user_id: input.user_id,
            kind: input.kind,
            occurred_on: input.occurred_on,
            shares: input.kind === 'dividend' ? null : (input.shares ?? null),
            amount: input.amount,
            price: input.price ?? null,
            share_class: input.share_class ?? null,
            note: input.note ?? null,
            recorded_by: actor.userId,
          })
          .returning();
        if (!inserted) throw new Error('holding_transactions insert returned no row');
        await audit(tx, actor, id, `holding_${input.kind}_added`, {
          after: {
            investor: investor.name,
            occurred_on: inserted.occurred_on,
            shares: inserted.shares,
            amount: inserted.amount,
            price: inserted.price,
          },
        });
        return { row: inserted, name: investor.name };
      });
      return toTransaction(row, name);
    },

    /** Holders by share class, their share of the class, and their value and multiple at the latest price. */
    async capTable(id: number): Promise<CapTable> {
      const opportunity = await loadExisting(db, id);
      const [holders, latest] = await Promise.all([holderSums(db, id), latestPrice(db, id)]);
      const lines = holders.map((holder) => ({ holder, figures: figuresOf(holder, latest.price) }));
      const classes = [...new Set(lines.map((line) => line.holder.share_class))].map((shareClass) => {
        const members = lines.filter((line) => line.holder.share_class === shareClass);
        return {
          share_class: shareClass,
          shares: sumDecimals(
            members.map((line) => line.figures.shares),
            6,
          ),
          invested: sumDecimals(members.map((line) => line.figures.invested)),
        };
      });
      return {
        currency: opportunity.currency,
        price: latest.price,
        price_date: latest.price_date,
        classes,
        holders: lines
          .filter((line) => !isZeroDecimal(line.figures.shares))
          .map(({ holder, figures }) => ({
            investor: { id: Number(holder.user_id), name: holder.name },
            share_class: holder.share_class,
            shares: figures.shares,
            percent: percentOf(
              figures.shares,
              classes.find((entry) => entry.share_class === holder.share_class)?.shares ?? '0',
            ),
            invested: figures.invested,
            value: figures.value,
            realised: money(figures.realised),
            moic: moicOf(figures.value, figures.realised, figures.invested),
          })),
      };
    },
  };
}

export type ExistingInvestmentsService = ReturnType<typeof createExistingInvestmentsService>;
