import {
  CAP_TABLE_HOLDER_KIND_LABELS,
  isZeroDecimal,
  multiplyDecimal,
  sumDecimals,
  type CapTable,
  type CapTableClass,
  type CapTableClassInput,
  type CapTableClassKind,
  type CapTableClassUpdate,
  type CapTableHolder,
  type CapTableHolderInput,
  type CapTableHolderKind,
  type CapTableHolderUpdate,
} from '@portico/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  capTableClasses,
  capTableHolders,
  opportunities,
  type CapTableClassRow,
  type CapTableHolderRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { formatAmount } from '../../platform/money';
import { lockOpportunityRow } from '../investment-transactions/commitments';
import { figuresOf, moicOf } from '../portfolio/valuation';
import { unkeptPromise } from '../pre-emption/pre-emption.repository';
import { reconciledPercents, sumShares, units } from './cap-table.math';
import { classesOf, offPlatformHoldersOf, platformHoldingsOf, pricesOf } from './cap-table.repository';

const NOT_FOUND = 'No existing investment with that id.';
const CLASS_NOT_FOUND = 'No share class of this investment with that id.';
const HOLDER_NOT_FOUND = 'No holder of this investment with that id.';
const CLASS_TAKEN = 'This investment already has a share class of that name.';
const HOLDER_TAKEN = 'This class already has a holder of that name: change their shares instead.';
const OPTIONS_NOT_PRE_EMPTIVE =
  'Options and warrants are not issued shares: they carry no pre-emption right.';

const kindLabel = (kind: string) =>
  CAP_TABLE_HOLDER_KIND_LABELS[kind as CapTableHolderKind | 'platform'] ?? kind;

/** A class as the table knows it: recorded by staff, or only seen in the platform's allotments. */
interface ClassInfo {
  id: number | null;
  name: string;
  kind: CapTableClassKind;
  pre_emptive: boolean;
}

/** One line before its percentages. */
type Line = Omit<CapTableHolder, 'percent_of_class' | 'percent_of_company' | 'percent_fully_diluted'> & {
  issued: boolean;
};

/**
 * An existing investment's whole cap table (issue 18, decision 020): its share classes and holders off
 * the platform, recorded by staff by hand or by import, with the platform's holdings from allotments; the
 * Cap Table and Cap Table Performance read it. Every write is audited on the opportunity and, because the
 * issued shares are the denominator of every pre-emption entitlement, checks under each open follow-on
 * round's row lock that the round can still keep what it promises its holders.
 */
export function createCapTableService(ctx: AppContext) {
  const { db, clock } = ctx;

  /** The opportunity in stage 5 or 6 (404 otherwise); `lock` takes its row lock (writers queue on it). */
  async function loadExisting(tx: DbOrTx, id: number, lock = false) {
    const query = tx
      .select({
        id: opportunities.id,
        status: opportunities.status,
        currency: opportunities.currency,
        share_price: opportunities.share_price,
      })
      .from(opportunities)
      .where(and(eq(opportunities.id, id), inArray(opportunities.status, [5, 6])));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async function loadClass(tx: DbOrTx, id: number, classId: number) {
    const [row] = await tx
      .select()
      .from(capTableClasses)
      .where(and(eq(capTableClasses.opportunity_id, id), eq(capTableClasses.id, classId)));
    if (!row) throw notFound(CLASS_NOT_FOUND);
    return row;
  }

  async function loadHolder(tx: DbOrTx, id: number, holderId: number) {
    const [row] = await tx
      .select()
      .from(capTableHolders)
      .where(and(eq(capTableHolders.opportunity_id, id), eq(capTableHolders.id, holderId)));
    if (!row) throw notFound(HOLDER_NOT_FOUND);
    return row;
  }

  /** A holder's class must be this company's (422 on class_id otherwise). */
  async function classFor(tx: DbOrTx, id: number, classId: number) {
    const [row] = await tx
      .select()
      .from(capTableClasses)
      .where(and(eq(capTableClasses.opportunity_id, id), eq(capTableClasses.id, classId)));
    if (!row) throw fieldError('class_id', 'Choose one of this company’s share classes.');
    return row;
  }

  const audit = (tx: DbOrTx, actor: Actor, id: number, action: string, values: object) =>
    recordAudit(tx, actor, {
      action: `opportunity.cap_table_${action}`,
      subjectType: 'opportunity',
      subjectId: id,
      ...values,
    });

  const classSnapshot = (row: CapTableClassRow) => ({
    name: row.name,
    kind: row.kind,
    pre_emptive: row.pre_emptive,
  });
  const holderSnapshot = (row: CapTableHolderRow, className?: string) => ({
    name: row.name,
    kind: row.kind,
    class_id: row.class_id,
    ...(className ? { share_class: className } : {}),
    shares: row.shares,
    note: row.note,
  });

  /**
   * After a change to the shares that carry pre-emption, every open follow-on round must still keep its
   * promises (its holders' outstanding entitlements within its maximum less what is committed): checked
   * under each round's row lock, so a reservation cannot slip in between (422, nothing written).
   */
  async function refuseUnkeptRounds(tx: DbOrTx, id: number) {
    const rounds = await tx
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(and(eq(opportunities.pre_emption_of_id, id), inArray(opportunities.status, [1, 2, 3])))
      .orderBy(opportunities.id);
    for (const { id: roundId } of rounds) {
      const round = await lockOpportunityRow(tx, roundId);
      if (!round) continue;
      const unkept = await unkeptPromise(tx, round, clock.today());
      if (unkept)
        throw fieldError(
          'shares',
          `The holders' entitlements in ${round.name} would come to ${formatAmount(unkept.promised, round.currency)} but it has ${formatAmount(unkept.left, round.currency)} left: raise its maximum first.`,
        );
    }
  }

  const taken =
    (field: string, message: string) =>
    (error: unknown): never => {
      if (isUniqueViolation(error)) throw fieldError(field, message);
      throw error;
    };

  function classValues(
    input: { kind?: CapTableClassKind; pre_emptive?: boolean },
    before?: CapTableClassRow,
  ) {
    const kind = input.kind ?? before?.kind ?? 'shares';
    // Ordinary shares carry the right by default; options never do.
    const preEmptive =
      input.pre_emptive ??
      (input.kind !== undefined && input.kind !== before?.kind
        ? kind === 'shares'
        : (before?.pre_emptive ?? kind === 'shares'));
    if (kind === 'options' && preEmptive) throw fieldError('pre_emptive', OPTIONS_NOT_PRE_EMPTIVE);
    return { kind, pre_emptive: preEmptive };
  }

  /**
   * Platform holdings name their class (the allotment's, else the opportunity's): a class they hold keeps
   * its name (else they would fall out of it) and stays issued shares (422 on `name` / `kind`).
   */
  async function refuseSplittingPlatformClass(
    tx: DbOrTx,
    id: number,
    before: CapTableClassRow,
    name: string | undefined,
    kind: CapTableClassKind,
  ) {
    const held = (await platformHoldingsOf(tx, id)).some(
      (row) =>
        row.share_class.toLowerCase() === before.name.toLowerCase() && units(row.bought) > units(row.sold),
    );
    if (!held) return;
    if (name !== undefined && name.trim().toLowerCase() !== before.name.toLowerCase())
      throw fieldError(
        'name',
        `Platform investors hold ${before.name} shares under that name (their allotments name it): keep the class's name.`,
      );
    if (kind !== 'shares')
      throw fieldError(
        'kind',
        `Platform investors hold issued ${before.name} shares: the class stays issued shares.`,
      );
  }

  /** The whole table: classes, every holder, percentages reconciled to 100.00, values at each price. */
  async function capTable(id: number): Promise<CapTable> {
    const opportunity = await loadExisting(db, id);
    const today = clock.today();
    const [recorded, offPlatform, platform, prices] = await Promise.all([
      classesOf(db, id),
      offPlatformHoldersOf(db, id),
      platformHoldingsOf(db, id),
      pricesOf(db, id, today),
    ]);
    const latest = prices.at(-1);
    const price = latest?.price ?? opportunity.share_price;
    const priceDate = latest?.effective_on ?? null;

    const classes = new Map<string, ClassInfo>();
    for (const row of recorded)
      classes.set(row.name.toLowerCase(), {
        id: row.id,
        name: row.name,
        kind: row.kind,
        pre_emptive: row.pre_emptive,
      });
    const classOf = (name: string): ClassInfo => {
      const key = name.toLowerCase();
      let info = classes.get(key);
      if (!info) {
        // held on the platform but not recorded: ordinary issued shares, carrying the right
        info = { id: null, name, kind: 'shares', pre_emptive: true };
        classes.set(key, info);
      }
      return info;
    };
    const valuesOf = (shares: string, issued: boolean) =>
      issued ? prices.map((entry) => multiplyDecimal(shares, entry.price, 2)) : [];

    const lines: Line[] = [];
    for (const row of platform) {
      const figures = figuresOf(row, price);
      if (isZeroDecimal(figures.shares)) continue;
      const info = classOf(row.share_class);
      const issued = info.kind === 'shares';
      lines.push({
        key: `platform:${row.user_id}:${info.name.toLowerCase()}`,
        source: 'platform',
        holder_id: null,
        investor: { id: row.user_id, name: row.name },
        name: row.name,
        kind: 'platform',
        kind_label: kindLabel('platform'),
        share_class: info.name,
        class_id: info.id,
        shares: figures.shares,
        invested: figures.invested,
        value: issued && price !== null ? figures.value : null,
        values: valuesOf(figures.shares, issued),
        realised: figures.realised,
        moic: moicOf(figures.value, figures.realised, figures.invested),
        note: null,
        issued,
      });
    }
    const recordedById = new Map(recorded.map((row) => [row.id, row]));
    for (const row of offPlatform) {
      const recordedClass = recordedById.get(row.class_id);
      if (!recordedClass) continue;
      const info = classOf(recordedClass.name);
      const issued = info.kind === 'shares';
      const shares = sumShares([row.shares]);
      lines.push({
        key: `holder:${row.id}`,
        source: 'off_platform',
        holder_id: row.id,
        investor: null,
        name: row.name,
        kind: row.kind,
        kind_label: kindLabel(row.kind),
        share_class: info.name,
        class_id: info.id,
        shares,
        invested: null,
        value: issued && price !== null ? multiplyDecimal(shares, price, 2) : null,
        values: valuesOf(shares, issued),
        realised: null,
        moic: null,
        note: row.note,
        issued,
      });
    }

    const classList = [...classes.values()];
    const classIndex = new Map(classList.map((info, index) => [info.name.toLowerCase(), index]));
    lines.sort(
      (a, b) =>
        (classIndex.get(a.share_class.toLowerCase()) ?? 0) -
          (classIndex.get(b.share_class.toLowerCase()) ?? 0) ||
        compareShares(b.shares, a.shares) ||
        a.name.localeCompare(b.name),
    );

    const issuedLines = lines.filter((line) => line.issued);
    const ofCompany = reconciledPercents(issuedLines.map((line) => line.shares));
    const fullyDiluted = reconciledPercents(lines.map((line) => line.shares));
    const companyByKey = new Map(issuedLines.map((line, index) => [line.key, ofCompany[index] ?? '0.00']));
    const ofClass = new Map<string, string>();
    for (const info of classList) {
      const members = lines.filter((line) => line.share_class === info.name);
      const percents = reconciledPercents(members.map((line) => line.shares));
      members.forEach((line, index) => ofClass.set(line.key, percents[index] ?? '0.00'));
    }
    const holders: CapTableHolder[] = lines.map((line, index) => {
      const { issued, ...rest } = line;
      return {
        ...rest,
        percent_of_class: ofClass.get(line.key) ?? '0.00',
        percent_of_company: issued ? (companyByKey.get(line.key) ?? '0.00') : null,
        percent_fully_diluted: fullyDiluted[index] ?? '0.00',
      };
    });

    const classShares = classList.map((info) =>
      sumShares(lines.filter((line) => line.share_class === info.name).map((line) => line.shares)),
    );
    const issuedClasses = classList.map((info) => info.kind === 'shares');
    const classCompany = reconciledPercents(
      classShares.map((shares, index) => (issuedClasses[index] ? shares : '0')),
    );
    const classDiluted = reconciledPercents(classShares);
    const issuedShares = sumShares(issuedLines.map((line) => line.shares));
    const fullyDilutedShares = sumShares(lines.map((line) => line.shares));
    const classesOut: CapTableClass[] = classList.map((info, index) => ({
      id: info.id,
      name: info.name,
      kind: info.kind,
      pre_emptive: info.pre_emptive,
      shares: classShares[index] ?? '0.000000',
      platform_shares: sumShares(
        lines
          .filter((line) => line.share_class === info.name && line.source === 'platform')
          .map((line) => line.shares),
      ),
      percent_of_company: issuedClasses[index] ? (classCompany[index] ?? '0.00') : null,
      percent_fully_diluted: classDiluted[index] ?? '0.00',
    }));
    const hundred = (shares: string) => (isZeroDecimal(shares) ? '0.00' : '100.00');
    return {
      currency: opportunity.currency,
      price,
      price_date: priceDate,
      prices: prices.map((entry) => ({
        effective_on: entry.effective_on,
        price: entry.price,
        kind: entry.kind,
      })),
      classes: classesOut,
      holders,
      totals: {
        issued_shares: issuedShares,
        fully_diluted_shares: fullyDilutedShares,
        pre_emptive_shares: sumShares(
          lines
            .filter((line) => line.issued && classes.get(line.share_class.toLowerCase())?.pre_emptive)
            .map((line) => line.shares),
        ),
        platform_shares: sumShares(
          lines.filter((line) => line.source === 'platform').map((line) => line.shares),
        ),
        percent_of_company: hundred(issuedShares),
        percent_fully_diluted: hundred(fullyDilutedShares),
        invested: sumDecimals(lines.map((line) => line.invested ?? '0')),
        value: price === null ? null : multiplyDecimal(issuedShares, price, 2),
        values: prices.map((entry) => multiplyDecimal(issuedShares, entry.price, 2)),
      },
    };
  }

  return {
    loadExisting,
    capTable,
    refuseUnkeptRounds,

    async addClass(actor: Actor, id: number, input: CapTableClassInput) {
      await db
        .transaction(async (tx) => {
          await loadExisting(tx, id, true);
          const values = classValues(input);
          const [row] = await tx
            .insert(capTableClasses)
            .values({ opportunity_id: id, name: input.name, ...values, created_by: actor.userId })
            .returning();
          if (!row) throw new Error('cap_table_classes insert returned no row');
          await audit(tx, actor, id, 'class_added', { after: classSnapshot(row) });
          await refuseUnkeptRounds(tx, id);
        })
        .catch(taken('name', CLASS_TAKEN));
      return capTable(id);
    },

    async changeClass(actor: Actor, id: number, classId: number, input: CapTableClassUpdate) {
      await db
        .transaction(async (tx) => {
          await loadExisting(tx, id, true);
          const before = await loadClass(tx, id, classId);
          const values = classValues(input, before);
          await refuseSplittingPlatformClass(tx, id, before, input.name, values.kind);
          const [after] = await tx
            .update(capTableClasses)
            .set({
              ...(input.name === undefined ? {} : { name: input.name }),
              ...values,
              updated_at: clock.now(),
            })
            .where(eq(capTableClasses.id, classId))
            .returning();
          if (!after) throw notFound(CLASS_NOT_FOUND);
          await audit(tx, actor, id, 'class_updated', {
            before: classSnapshot(before),
            after: classSnapshot(after),
          });
          await refuseUnkeptRounds(tx, id);
        })
        .catch(taken('name', CLASS_TAKEN));
      return capTable(id);
    },

    async removeClass(actor: Actor, id: number, classId: number) {
      await db.transaction(async (tx) => {
        await loadExisting(tx, id, true);
        const before = await loadClass(tx, id, classId);
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(capTableHolders)
          .where(eq(capTableHolders.class_id, classId));
        if ((held?.count ?? 0) > 0)
          throw fieldError('class_id', `Remove the ${held?.count} holder(s) of ${before.name} first.`);
        await tx.delete(capTableClasses).where(eq(capTableClasses.id, classId));
        await audit(tx, actor, id, 'class_removed', { before: classSnapshot(before) });
        await refuseUnkeptRounds(tx, id);
      });
      return capTable(id);
    },

    async addHolder(actor: Actor, id: number, input: CapTableHolderInput) {
      await db
        .transaction(async (tx) => {
          await loadExisting(tx, id, true);
          const shareClass = await classFor(tx, id, input.class_id);
          const [row] = await tx
            .insert(capTableHolders)
            .values({
              opportunity_id: id,
              class_id: shareClass.id,
              name: input.name,
              kind: input.kind,
              shares: input.shares,
              note: input.note ?? null,
              created_by: actor.userId,
            })
            .returning();
          if (!row) throw new Error('cap_table_holders insert returned no row');
          await audit(tx, actor, id, 'holder_added', { after: holderSnapshot(row, shareClass.name) });
          await refuseUnkeptRounds(tx, id);
        })
        .catch(taken('name', HOLDER_TAKEN));
      return capTable(id);
    },

    async changeHolder(actor: Actor, id: number, holderId: number, input: CapTableHolderUpdate) {
      await db
        .transaction(async (tx) => {
          await loadExisting(tx, id, true);
          const before = await loadHolder(tx, id, holderId);
          const shareClass = await classFor(tx, id, input.class_id ?? before.class_id);
          const patch = Object.fromEntries(
            Object.entries({
              class_id: input.class_id,
              name: input.name,
              kind: input.kind,
              shares: input.shares,
              note: input.note,
            }).filter(([, value]) => value !== undefined),
          );
          const [after] = await tx
            .update(capTableHolders)
            .set({ ...patch, updated_at: clock.now() })
            .where(eq(capTableHolders.id, holderId))
            .returning();
          if (!after) throw notFound(HOLDER_NOT_FOUND);
          await audit(tx, actor, id, 'holder_updated', {
            before: holderSnapshot(before),
            after: holderSnapshot(after, shareClass.name),
          });
          await refuseUnkeptRounds(tx, id);
        })
        .catch(taken('name', HOLDER_TAKEN));
      return capTable(id);
    },

    async removeHolder(actor: Actor, id: number, holderId: number) {
      await db.transaction(async (tx) => {
        await loadExisting(tx, id, true);
        const before = await loadHolder(tx, id, holderId);
        await tx.delete(capTableHolders).where(eq(capTableHolders.id, holderId));
        await audit(tx, actor, id, 'holder_removed', { before: holderSnapshot(before) });
        await refuseUnkeptRounds(tx, id);
      });
      return capTable(id);
    },
  };
}

/** Orders share counts (decimal strings). */
function compareShares(a: string, b: string): number {
  const left = units(a);
  const right = units(b);
  return left === right ? 0 : left > right ? 1 : -1;
}

export type CapTableService = ReturnType<typeof createCapTableService>;
