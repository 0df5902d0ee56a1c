import { ROLES, type HoldingType } from '@portico/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  cashCalls,
  firstInvestmentWarnings,
  investmentMethodEntities,
  investmentMethods,
  investments,
  investorProfiles,
  nomineeClients,
  nominees,
  opportunities,
  organisationLinks,
  organisations,
  users,
  type InvestmentRow,
  type OpportunityRow,
} from '../../db/schema';
import { committedAmount, visibleToInvestor } from '../opportunities/opportunities.repository';

export type NewInvestment = typeof investments.$inferInsert;
export type WarningRow = typeof firstInvestmentWarnings.$inferSelect;

/** An opportunity with the money committed to it (reserved, awaiting payment, paid). */
export type OpportunityWithCommitted = OpportunityRow & { committed_amount: string };

/**
 * The opportunity when it is offered to the investor now (Live - External, or invited to a Live - Internal
 * one); a fund opportunity only while the funds feature is on (`fundsOn`).
 */
export async function findOpenOpportunity(
  db: DbOrTx,
  userId: number,
  id: number,
  fundsOn: boolean,
  /** the promotion-exemption gate's London date, null while the feature is off (decision 032) */
  promotionDate: string | null = null,
): Promise<OpportunityWithCommitted | undefined> {
  const [row] = await db
    .select({ opportunity: opportunities, committed_amount: committedAmount })
    .from(opportunities)
    .where(and(eq(opportunities.id, id), visibleToInvestor(userId, fundsOn, promotionDate)));
  return row ? { ...row.opportunity, committed_amount: row.committed_amount } : undefined;
}

/** The opportunity's status and when it went live, whoever may see it. */
export async function findOpportunityStatus(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ status: opportunities.status, published_at: opportunities.published_at })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row;
}

/**
 * How many investments the investor has that were not cancelled (none: the next is their first). A
 * private_manual one is the round's books only (decision 014): it neither spares them the first
 * investment's warning and cooling-off nor is it mentioned to them.
 */
export async function countLiveInvestments(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(investments)
    .where(
      and(
        eq(investments.user_id, userId),
        ne(investments.status, 'cancelled'),
        ne(investments.type, 'private_manual'),
      ),
    );
  return Number(row?.value ?? 0);
}

export async function insertInvestment(tx: DbOrTx, values: NewInvestment): Promise<InvestmentRow> {
  const [row] = await tx.insert(investments).values(values).returning();
  if (!row) throw new Error('no investment inserted');
  return row;
}

export async function updateInvestment(
  tx: DbOrTx,
  id: number,
  values: Partial<NewInvestment>,
): Promise<InvestmentRow> {
  const [row] = await tx
    .update(investments)
    .set({ ...values, updated_at: new Date() })
    .where(eq(investments.id, id))
    .returning();
  if (!row) throw new Error('no investment updated');
  return row;
}

/** Cancels the investor's own reservation, only while it is still reserved; undefined otherwise. */
export async function cancelReserved(
  tx: DbOrTx,
  userId: number,
  id: number,
  reason: string,
  at: Date,
): Promise<InvestmentRow | undefined> {
  const [row] = await tx
    .update(investments)
    .set({ status: 'cancelled', cancelled_at: at, cancel_reason: reason, updated_at: at })
    .where(
      and(
        eq(investments.id, id),
        eq(investments.user_id, userId),
        eq(investments.status, 'reserved'),
        ne(investments.type, 'private_manual'),
        // a reservation that holds money is cancelled and refunded by staff, never withdrawn (issue 18)
        eq(investments.paid_amount, '0'),
      ),
    )
    .returning();
  return row;
}

// ── holdings ─────────────────────────────────────────────────────────────────────────────────────

/** An organisation the investor is linked to. */
export async function linkedOrganisation(db: DbOrTx, userId: number, organisationId: number) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisationLinks)
    .innerJoin(organisations, eq(organisations.id, organisationLinks.organisation_id))
    .where(and(eq(organisationLinks.user_id, userId), eq(organisationLinks.organisation_id, organisationId)));
  return row;
}

/** The investor's own investment-method entity, when active. */
export async function activeEntity(db: DbOrTx, userId: number, entityId: number) {
  const [row] = await db
    .select({ id: investmentMethodEntities.id, name: investmentMethodEntities.name })
    .from(investmentMethodEntities)
    .where(
      and(
        eq(investmentMethodEntities.id, entityId),
        eq(investmentMethodEntities.user_id, userId),
        eq(investmentMethodEntities.status, 'active'),
      ),
    );
  return row;
}

/** A nominee that acts for the investor (they are its client). */
export async function clientNominee(db: DbOrTx, userId: number, nomineeId: number) {
  const [row] = await db
    .select({ id: nominees.id, name: nominees.name })
    .from(nomineeClients)
    .innerJoin(nominees, eq(nominees.id, nomineeClients.nominee_id))
    .where(and(eq(nomineeClients.user_id, userId), eq(nomineeClients.nominee_id, nomineeId)));
  return row;
}

/** Every way the investor may hold an investment, beside their own name, by the features on. */
export async function holdingVehicles(
  db: DbOrTx,
  userId: number,
  features: { organisations: boolean; nominees: boolean },
) {
  const organisationRows = features.organisations
    ? await db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisationLinks)
        .innerJoin(organisations, eq(organisations.id, organisationLinks.organisation_id))
        .where(eq(organisationLinks.user_id, userId))
        .orderBy(asc(organisations.name), asc(organisations.id))
    : [];
  const entityRows = await db
    .select({
      id: investmentMethodEntities.id,
      name: investmentMethodEntities.name,
      method: investmentMethods.name,
    })
    .from(investmentMethodEntities)
    .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investment_method_id))
    .where(and(eq(investmentMethodEntities.user_id, userId), eq(investmentMethodEntities.status, 'active')))
    .orderBy(asc(investmentMethodEntities.name), asc(investmentMethodEntities.id));
  const nomineeRows = features.nominees
    ? await db
        .select({ id: nominees.id, name: nominees.name })
        .from(nomineeClients)
        .innerJoin(nominees, eq(nominees.id, nomineeClients.nominee_id))
        .where(eq(nomineeClients.user_id, userId))
        .orderBy(asc(nominees.name), asc(nominees.id))
    : [];
  return { organisations: organisationRows, entities: entityRows, nominees: nomineeRows };
}

// ── the investor's investments ───────────────────────────────────────────────────────────────────

/** One investment with what its page shows: the opportunity, the cash call and the vehicle's name. */
export interface InvestmentListRow {
  investment: InvestmentRow;
  opportunity: Pick<
    OpportunityRow,
    | 'id'
    | 'slug'
    | 'name'
    | 'company_name'
    | 'status'
    | 'fund_id'
    | 'currency'
    | 'share_price'
    | 'tax_relief'
    | 'cover_image_key'
    | 'bank_account_name'
    | 'bank_sort_code'
    | 'bank_account_number'
    | 'bank_iban'
    | 'bank_swift'
  >;
  cash_call: { due_date: string; message: string | null } | null;
  holding_name: string | null;
}

export interface InvestmentFilters {
  ids?: number[];
  statuses?: string[];
  opportunityIds?: number[];
  sort?: Array<{ name: string; descending: boolean }>;
}

export async function listInvestments(
  db: DbOrTx,
  userId: number,
  filters: InvestmentFilters = {},
): Promise<InvestmentListRow[]> {
  // private_manual investments are the round's books only (decision 014, addendum): never the investor's
  const conditions: SQL[] = [eq(investments.user_id, userId), ne(investments.type, 'private_manual')];
  if (filters.ids) conditions.push(inArray(investments.id, filters.ids.length ? filters.ids : [0]));
  if (filters.statuses)
    conditions.push(
      inArray(investments.status, (filters.statuses.length ? filters.statuses : ['']) as never[]),
    );
  if (filters.opportunityIds)
    conditions.push(
      inArray(investments.opportunity_id, filters.opportunityIds.length ? filters.opportunityIds : [0]),
    );
  const order = (filters.sort?.length ? filters.sort : [{ name: 'created_at', descending: true }]).map(
    (entry) => {
      const column = entry.name === 'amount' ? investments.amount : investments.created_at;
      return entry.descending ? desc(column) : asc(column);
    },
  );
  const rows = await db
    .select({
      investment: investments,
      opportunity: {
        id: opportunities.id,
        slug: opportunities.slug,
        name: opportunities.name,
        company_name: opportunities.company_name,
        status: opportunities.status,
        fund_id: opportunities.fund_id,
        currency: opportunities.currency,
        share_price: opportunities.share_price,
        tax_relief: opportunities.tax_relief,
        cover_image_key: opportunities.cover_image_key,
        bank_account_name: opportunities.bank_account_name,
        bank_sort_code: opportunities.bank_sort_code,
        bank_account_number: opportunities.bank_account_number,
        bank_iban: opportunities.bank_iban,
        bank_swift: opportunities.bank_swift,
      },
      due_date: cashCalls.due_date,
      cash_call_message: cashCalls.message,
      // a fund commitment (decision 026): the capital call its payments have not yet covered, oldest first
      fund_due_date: sql<string | null>`(${openFundCall(sql`c.due_date::text`)})`,
      fund_call_message: sql<string | null>`(${openFundCall(sql`c.message`)})`,
      holding_name: sql<
        string | null
      >`coalesce(${organisations.name}, ${investmentMethodEntities.name}, ${nominees.name})`,
    })
    .from(investments)
    .innerJoin(opportunities, eq(opportunities.id, investments.opportunity_id))
    .leftJoin(cashCalls, eq(cashCalls.id, investments.cash_call_id))
    .leftJoin(organisations, eq(organisations.id, investments.organisation_id))
    .leftJoin(
      investmentMethodEntities,
      eq(investmentMethodEntities.id, investments.investment_method_entity_id),
    )
    .leftJoin(nominees, eq(nominees.id, investments.nominee_id))
    .where(and(...conditions))
    .orderBy(...order, desc(investments.id));
  return rows.map((row) => ({
    investment: row.investment,
    opportunity: row.opportunity,
    cash_call: row.due_date
      ? { due_date: row.due_date, message: row.cash_call_message }
      : row.fund_due_date
        ? { due_date: row.fund_due_date, message: row.fund_call_message }
        : null,
    holding_name: row.holding_name,
  }));
}

/**
 * A column of the oldest capital call of a fund commitment that its paid-in does not yet cover (payments
 * go to the oldest call first, decision 026), or null: for its due date and message.
 */
const openFundCall = (column: SQL) => sql`
  select ${column} from (
    select l.call_id, sum(l.amount) over (order by l.call_id) as reached
    from fund_capital_call_lines l where l.investment_id = ${investments.id}
  ) x join fund_capital_calls c on c.id = x.call_id
  where x.reached > ${investments.paid_amount}
  order by x.call_id limit 1`;

/** The id a holding names, by its type. */
export function holdingIdOf(row: InvestmentRow): number | null {
  const ids: Record<HoldingType, number | null> = {
    self: null,
    organisation: row.organisation_id,
    investment_method: row.investment_method_entity_id,
    nominee: row.nominee_id,
  };
  return ids[row.holding_type];
}

// ── the first-investment warning ─────────────────────────────────────────────────────────────────

export async function findWarning(db: DbOrTx, userId: number): Promise<WarningRow | undefined> {
  const [row] = await db
    .select()
    .from(firstInvestmentWarnings)
    .where(eq(firstInvestmentWarnings.user_id, userId));
  return row;
}

/** Stores the evidence once: a later call keeps the first view (and so the cooling-off). */
export async function insertWarningOnce(db: DbOrTx, values: WarningRow): Promise<void> {
  await db.insert(firstInvestmentWarnings).values(values).onConflictDoNothing();
}

/** Sets when the investor acknowledged the warning, once; answers whether this call set it. */
export async function acknowledgeWarning(db: DbOrTx, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(firstInvestmentWarnings)
    .set({ acknowledged_at: at })
    .where(and(eq(firstInvestmentWarnings.user_id, userId), isNull(firstInvestmentWarnings.acknowledged_at)))
    .returning({ user_id: firstInvestmentWarnings.user_id });
  return rows.length > 0;
}

// ── people ───────────────────────────────────────────────────────────────────────────────────────

/** The name the warning addresses: the profile's first name, else the first word of the account name. */
export async function firstNameOf(db: DbOrTx, userId: number, fallback: string): Promise<string> {
  const [row] = await db
    .select({ first_name: investorProfiles.first_name })
    .from(investorProfiles)
    .where(eq(investorProfiles.user_id, userId));
  const given = row?.first_name?.trim();
  if (given) return given;
  return fallback.trim().split(/\s+/)[0] || fallback;
}

/** Every active staff member (the caller filters by permission). */
export async function activeStaff(db: DbOrTx) {
  return db
    .select()
    .from(users)
    .where(and(sql`${users.role_id} <> ${ROLES.USER}`, isNull(users.deactivated_at)));
}
