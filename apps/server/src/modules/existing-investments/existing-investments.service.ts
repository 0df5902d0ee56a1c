import {
  compareDecimal,
  isZeroDecimal,
  ROLES,
  subtractDecimal,
  sumDecimals,
  type createHoldingTransactionInputSchema,
  type createSharePriceInputSchema,
  type ExistingPerformance,
  type HoldingTransaction,
  type SharePrice,
  type updateSharePriceInputSchema,
} from '@portico/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
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
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { figuresOf, shares6, totalsOf } from '../portfolio/valuation';
import { holderSums, latestPrice } from './existing-investments.repository';

type CreatePrice = z.output<typeof createSharePriceInputSchema>;
type UpdatePrice = z.output<typeof updateSharePriceInputSchema>;
type CreateTransaction = z.output<typeof createHoldingTransactionInputSchema>;

const NOT_FOUND = 'No existing investment with that id.';
const PRICE_NOT_FOUND = 'No share price of this investment with that id.';
const DAY_TAKEN = 'This investment already has a share price for that day: correct it instead.';
const REPLACED = 'This price was already corrected or withdrawn: correct the current price of that day.';
const FUTURE = (label: string) => `The ${label} cannot be in the future.`;

/** Names of the people who entered or replaced prices, by id. */
type Names = ReadonlyMap<number, string>;
const personOf = (names: Names, id: number | null) =>
  id === null ? null : { id, name: names.get(id) ?? 'Unknown user' };

const toSharePrice = (row: SharePriceRow, names: Names = new Map()): SharePrice => ({
  id: row.id,
  opportunity_id: row.opportunity_id,
  effective_on: row.effective_on,
  price: row.price,
  kind: row.kind,
  note: row.note,
  created_by: personOf(names, row.created_by),
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
  replaced_at: toApiTimestampOrNull(row.replaced_at),
  replaced_by: personOf(names, row.replaced_by),
  superseded_by_id: row.superseded_by_id,
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
      .select({
        id: opportunities.id,
        status: opportunities.status,
        currency: opportunities.currency,
        share_class: opportunities.share_class,
      })
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

  /** A price as its audit row keeps it, with the opportunity's currency it is in. */
  const priceSnapshot = (row: SharePriceRow, currency: string) => ({
    effective_on: row.effective_on,
    currency,
    price: row.price,
    kind: row.kind,
    note: row.note,
  });

  /** The names of who entered and who replaced these prices. */
  async function namesOf(rows: readonly SharePriceRow[]): Promise<Names> {
    const ids = [
      ...new Set(rows.flatMap((row) => [row.created_by, row.replaced_by]).filter((id) => id !== null)),
    ];
    if (ids.length === 0) return new Map();
    const found = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(found.map((user) => [user.id, user.name]));
  }

  return {
    loadExisting,

    /**
     * Every price oldest day first, corrections beside the prices they replaced, and what all holdings are
     * worth at the latest current price on or before today.
     */
    async performance(id: number): Promise<ExistingPerformance> {
      const opportunity = await loadExisting(db, id);
      const [rows, latest, holders] = await Promise.all([
        db
          .select()
          .from(sharePrices)
          .where(eq(sharePrices.opportunity_id, id))
          .orderBy(asc(sharePrices.effective_on), asc(sharePrices.id)),
        latestPrice(db, id, ctx.clock.today()),
        holderSums(db, id),
      ]);
      const names = await namesOf(rows);
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
        prices: rows.map((row) => toSharePrice(row, names)),
      };
    },

    /** A new price for a day without a current one; never in the future (London date). */
    async addPrice(actor: Actor, id: number, input: CreatePrice) {
      if (input.effective_on > ctx.clock.today()) throw fieldError('effective_on', FUTURE('price’s date'));
      const row = await db
        .transaction(async (tx) => {
          const { currency } = await loadExisting(tx, id);
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
          await audit(tx, actor, id, 'share_price_added', { after: priceSnapshot(inserted, currency) });
          return inserted;
        })
        .catch(dayTaken);
      return toSharePrice(row, await namesOf([row]));
    },

    /**
     * A correction (issue 18: prices are append-only): a NEW price, on the same day or the day given,
     * replaces the one named, which is kept with who replaced it, when, and by which price. Under the
     * opportunity's row lock, so two corrections of one price cannot both succeed.
     */
    async changePrice(actor: Actor, id: number, priceId: number, input: UpdatePrice) {
      if (input.effective_on !== undefined && input.effective_on > ctx.clock.today())
        throw fieldError('effective_on', FUTURE('price’s date'));
      const row = await db
        .transaction(async (tx) => {
          const { currency } = await loadExisting(tx, id, true);
          const before = await loadPrice(tx, id, priceId);
          if (before.replaced_at !== null) throw fieldError('price', REPLACED);
          const next = {
            effective_on: input.effective_on ?? before.effective_on,
            price: input.price ?? before.price,
            kind: input.kind ?? before.kind,
            note: input.note === undefined ? before.note : input.note,
          };
          const same =
            next.effective_on === before.effective_on &&
            compareDecimal(next.price, before.price) === 0 &&
            next.kind === before.kind &&
            next.note === before.note;
          if (same) return before;
          // the day must be free of a current price before the correction takes it
          const [replaced] = await tx
            .update(sharePrices)
            .set({ replaced_at: ctx.clock.now(), replaced_by: actor.userId })
            .where(and(eq(sharePrices.id, priceId), isNull(sharePrices.replaced_at)))
            .returning();
          if (!replaced) throw fieldError('price', REPLACED);
          const [inserted] = await tx
            .insert(sharePrices)
            .values({ opportunity_id: id, ...next, created_by: actor.userId })
            .returning();
          if (!inserted) throw new Error('share_prices insert returned no row');
          await tx
            .update(sharePrices)
            .set({ superseded_by_id: inserted.id })
            .where(eq(sharePrices.id, priceId));
          await audit(tx, actor, id, 'share_price_corrected', {
            before: { id: before.id, ...priceSnapshot(before, currency) },
            after: { id: inserted.id, ...priceSnapshot(inserted, currency) },
          });
          return inserted;
        })
        .catch(dayTaken);
      return toSharePrice(row, await namesOf([row]));
    },

    /** Withdraws a price: it stays in the history, replaced by no price, with who withdrew it and when. */
    async removePrice(actor: Actor, id: number, priceId: number) {
      await db.transaction(async (tx) => {
        const { currency } = await loadExisting(tx, id, true);
        const before = await loadPrice(tx, id, priceId);
        const [withdrawn] = await tx
          .update(sharePrices)
          .set({ replaced_at: ctx.clock.now(), replaced_by: actor.userId })
          .where(and(eq(sharePrices.id, priceId), isNull(sharePrices.replaced_at)))
          .returning();
        if (!withdrawn) throw fieldError('price', REPLACED);
        await audit(tx, actor, id, 'share_price_withdrawn', {
          before: { id: before.id, ...priceSnapshot(before, currency) },
        });
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
      if (input.occurred_on > ctx.clock.today()) throw fieldError('occurred_on', FUTURE('date'));
      const { row, name } = await db.transaction(async (tx) => {
        const opportunity = await loadExisting(tx, id, true);
        const [investor] = await tx
          .select({ id: users.id, name: users.name, role_id: users.role_id })
          .from(users)
          .where(eq(users.id, input.user_id));
        if (!investor || investor.role_id !== ROLES.USER) throw fieldError('user_id', 'Choose an investor.');
        if (input.kind !== 'follow_on') {
          const held = (await holderSums(tx, id, input.user_id)).map((holder) => ({
            share_class: holder.share_class,
            shares: subtractDecimal(shares6(holder.bought), shares6(holder.sold), 6),
          }));
          const shares = sumDecimals(
            held.map((holder) => holder.shares),
            6,
          );
          if (isZeroDecimal(shares))
            throw fieldError('user_id', `${investor.name} holds no shares in this investment.`);
          // an exit sells shares of one class: at most what the investor holds of THAT class (issue 18)
          const shareClass = input.share_class ?? opportunity.share_class ?? 'Ordinary';
          const ofClass = sumDecimals(
            held.filter((holder) => holder.share_class === shareClass).map((holder) => holder.shares),
            6,
          );
          if (
            input.kind === 'exit' &&
            input.shares !== undefined &&
            compareDecimal(input.shares, ofClass) > 0
          )
            throw fieldError(
              'shares',
              isZeroDecimal(ofClass)
                ? `${investor.name} holds no ${shareClass} shares: an exit cannot sell them.`
                : `${investor.name} holds ${ofClass.replace(/\.?0+$/, '')} ${shareClass} shares: an exit cannot sell more.`,
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
            currency: opportunity.currency,
            price: inserted.price,
          },
        });
        return { row: inserted, name: investor.name };
      });
      return toTransaction(row, name);
    },
  };
}

export type ExistingInvestmentsService = ReturnType<typeof createExistingInvestmentsService>;
