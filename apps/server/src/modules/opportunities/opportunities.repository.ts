import { opportunitiesListQuery, PRE_EMPTION_CHOICE, RAISED_INVESTMENT_STATUSES } from '@portico/contracts';
import { aliasedTable, and, eq, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  clientGroupMembers,
  funds,
  holdingTransactions,
  industries,
  investmentCategories,
  investmentCharacters,
  investments,
  investmentSubTypes,
  investmentTypes,
  kpiReports,
  opportunities,
  opportunityInvitations,
  opportunityPreviousSlugs,
  preEmptionChoices,
  updateReports,
  type OpportunityRow,
} from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { exact, partial, planned } from '../../platform/list-query/drizzle';
import { countRows, createRecordRepository } from '../../platform/records/record-repository';
import { hasValidPromotionException } from '../promotion-exceptions/promotion-exceptions.repository';

type Ref = { id: number; name: string } | null;

/**
 * An opportunity with what it shows beside its own columns: the committed amount, its classification and
 * the name of the fund it raises for.
 */
export type OpportunityWithNames = OpportunityRow & {
  committed_amount: string;
  fund_name: string | null;
  type: Ref;
  sub_type: Ref;
  industry: Ref;
  category: Ref;
  character: Ref;
};

const outer = sql`${sql.identifier('opportunities')}.${sql.identifier('id')}`;

/**
 * The sum of the investments that count towards the raise (reserved, awaiting payment, paid, and once the
 * round completes its completed ones: what it raised), in SQL and as a decimal string with two places.
 */
export const committedAmount = sql<string>`(select coalesce(sum(${investments.amount}), 0)::numeric(16, 2)::text from ${investments} where ${investments.opportunity_id} = ${outer} and ${investments.status} in (${sql.join(
  RAISED_INVESTMENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

/**
 * What an investor may see (spec §4): every Live - External opportunity, and a Live - Internal one when
 * they are invited, one by one or through a client group they belong to, or when it is a new round of a
 * company they hold and they have a pre-emption right in it (decision 015: the right is the invitation).
 * A fund opportunity only while the funds feature is on (`fundsOn`; off unless the caller says).
 * While financial promotion exemptions are on (`promotionDate`: the London date today; null while off), an
 * offer reaches only an investor with a valid exemption that day (decision 032), but for a holder's
 * pre-emption right in a new round of a company they hold (FPO art. 43: a company's own members).
 */
export function visibleToInvestor(userId: number, fundsOn = false, promotionDate: string | null = null): SQL {
  const offered = offeredToInvestor(userId, promotionDate);
  return (fundsOn ? offered : and(offered, isNull(opportunities.fund_id))) as SQL;
}

function offeredToInvestor(userId: number, promotionDate: string | null): SQL {
  const invited = sql`exists (select 1 from ${opportunityInvitations} where ${opportunityInvitations.opportunity_id} = ${outer} and (${opportunityInvitations.user_id} = ${userId} or ${opportunityInvitations.client_group_id} in (select ${clientGroupMembers.client_group_id} from ${clientGroupMembers} where ${clientGroupMembers.user_id} = ${userId})))`;
  const holder = sql`exists (select 1 from ${preEmptionChoices} where ${preEmptionChoices.opportunity_id} = ${outer} and ${preEmptionChoices.user_id} = ${userId} and ${preEmptionChoices.choice} <> ${PRE_EMPTION_CHOICE.NOT_APPLICABLE})`;
  if (promotionDate === null)
    return or(eq(opportunities.status, 2), and(eq(opportunities.status, 3), or(invited, holder))) as SQL;
  const exempt = hasValidPromotionException(userId, promotionDate);
  return or(
    and(exempt, or(eq(opportunities.status, 2), and(eq(opportunities.status, 3), invited))),
    and(inArray(opportunities.status, [2, 3]), holder),
  ) as SQL;
}

const subTypes = aliasedTable(investmentSubTypes, 'sub_types');
const ref = <T extends { id: AnyPgColumn; name: AnyPgColumn }>(table: T) => ({
  id: table.id as T['id'],
  name: table.name as T['name'],
});

export const opportunitiesRepository = createRecordRepository({
  table: opportunities,
  binding: {
    spec: opportunitiesListQuery,
    filters: {
      status: exact(opportunities.status, 'int'),
      type: exact(opportunities.investment_type_id, 'int'),
      industry: exact(opportunities.industry_id, 'int'),
      tax_relief: exact(opportunities.tax_relief),
      // A slug the opportunity had before also finds it: links already sent name it.
      fund: exact(opportunities.fund_id, 'int'),
      slug: (value) => {
        const slugs = (Array.isArray(value) ? value : [value]).map(String);
        return or(
          inArray(opportunities.slug, slugs),
          inArray(
            opportunities.id,
            sql`(select ${opportunityPreviousSlugs.opportunity_id} from ${opportunityPreviousSlugs} where ${inArray(opportunityPreviousSlugs.slug, slugs)})`,
          ),
        );
      },
      search: partial(opportunities.name, opportunities.company_name, opportunities.slug),
    },
    sorts: {
      name: opportunities.name,
      company_name: opportunities.company_name,
      status: opportunities.status,
      closing_date: opportunities.closing_date,
      target_amount: opportunities.target_amount,
      committed_amount: sql`(${committedAmount})::numeric`,
      created_at: opportunities.created_at,
    },
    tiebreaker: opportunities.id,
  },
  rows: async (db, plan): Promise<OpportunityWithNames[]> => {
    const select = db
      .select({
        opportunity: opportunities,
        committed_amount: committedAmount,
        type: ref(investmentTypes),
        sub_type: { id: subTypes.id, name: subTypes.name },
        industry: ref(industries),
        category: ref(investmentCategories),
        character: ref(investmentCharacters),
        fund_name: funds.name,
      })
      .from(opportunities)
      .leftJoin(funds, eq(funds.id, opportunities.fund_id))
      .leftJoin(investmentTypes, eq(investmentTypes.id, opportunities.investment_type_id))
      .leftJoin(subTypes, eq(subTypes.id, opportunities.investment_sub_type_id))
      .leftJoin(industries, eq(industries.id, opportunities.industry_id))
      .leftJoin(investmentCategories, eq(investmentCategories.id, opportunities.investment_category_id))
      .leftJoin(investmentCharacters, eq(investmentCharacters.id, opportunities.investment_character_id));
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({
      ...row.opportunity,
      committed_amount: row.committed_amount,
      fund_name: row.fund_name,
      type: row.type,
      sub_type: row.sub_type,
      industry: row.industry,
      category: row.category,
      character: row.character,
    }));
  },
  count: (db, where) => countRows(db, opportunities, where),
});

/** Slugs already taken by `base` or `base-N`, to choose the next free one. */
export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: opportunities.slug })
    .from(opportunities)
    .where(or(eq(opportunities.slug, base), like(opportunities.slug, `${base}-%`)));
  return rows.map((row) => row.slug);
}

/**
 * What keeps an opportunity from being deleted (the rows that refer to it and must stay): its
 * investments, its holders' transactions, and the new rounds raising for it. One sentence per kind.
 */
export async function deletionBlockers(db: DbOrTx, opportunityId: number): Promise<string[]> {
  const [row] = await db
    .select({
      investments: sql<number>`(select count(*)::int from ${investments} where ${investments.opportunity_id} = ${opportunityId})`,
      holdings: sql<number>`(select count(*)::int from ${holdingTransactions} where ${holdingTransactions.opportunity_id} = ${opportunityId})`,
      rounds: sql<number>`(select count(*)::int from ${opportunities} as rounds where rounds.pre_emption_of_id = ${opportunityId})`,
      kpiReports: sql<number>`(select count(*)::int from ${kpiReports} where ${kpiReports.opportunity_id} = ${opportunityId})`,
      updates: sql<number>`(select count(*)::int from ${updateReports} where ${updateReports.opportunity_id} = ${opportunityId} and ${updateReports.status} in ('live', 'withdrawn'))`,
      // issue 21: a sounding is kept for the insider register (MAR Art. 11), and so is what it was about
      soundings: sql<number>`(select count(*)::int from market_soundings where market_soundings.opportunity_id = ${opportunityId})`,
    })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  const count = (value: number | undefined, one: string, many: string) => {
    const n = Number(value ?? 0);
    return n === 0 ? [] : [`${n} ${n === 1 ? one : many}`];
  };
  return [
    ...count(row?.investments, 'investment', 'investments'),
    ...count(row?.holdings, 'holding transaction', 'holding transactions'),
    ...count(row?.rounds, 'new round raising for it', 'new rounds raising for it'),
    ...count(row?.kpiReports, 'KPI report', 'KPI reports'),
    ...count(row?.updates, 'published update report', 'published update reports'),
    ...count(row?.soundings, 'market sounding', 'market soundings'),
  ];
}

/** Whether each classification a change names exists; answers the fields that name a missing one. */
export async function missingClassifications(
  db: DbOrTx,
  refs: Partial<
    Record<
      'investment_type_id' | 'industry_id' | 'investment_category_id' | 'investment_character_id',
      number | null
    >
  >,
): Promise<string[]> {
  const tables = {
    investment_type_id: investmentTypes,
    industry_id: industries,
    investment_category_id: investmentCategories,
    investment_character_id: investmentCharacters,
  } as const;
  const missing: string[] = [];
  for (const [field, table] of Object.entries(tables)) {
    const value = refs[field as keyof typeof tables];
    if (value == null) continue;
    const [found] = await db.select({ id: table.id }).from(table).where(eq(table.id, value));
    if (!found) missing.push(field);
  }
  return missing;
}

export async function findSubType(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: investmentSubTypes.id, investment_type_id: investmentSubTypes.investment_type_id })
    .from(investmentSubTypes)
    .where(eq(investmentSubTypes.id, id));
  return row;
}

/**
 * Keeps the slug an opportunity is leaving, so links already sent still find it; the slug it takes is
 * no longer anyone's previous one (the current slug wins).
 */
export async function keepPreviousSlug(tx: DbOrTx, id: number, previous: string, next: string) {
  await tx.delete(opportunityPreviousSlugs).where(eq(opportunityPreviousSlugs.slug, next));
  await tx
    .insert(opportunityPreviousSlugs)
    .values({ slug: previous, opportunity_id: id })
    .onConflictDoUpdate({
      target: opportunityPreviousSlugs.slug,
      set: { opportunity_id: id, created_at: sql`now()` },
    });
}

/** The fund an opportunity would raise for, its row shared-locked so its currency holds until commit. */
export async function lockFundForOpportunity(db: DbOrTx, fundId: number) {
  const [row] = await db
    .select({ id: funds.id, name: funds.name, currency: funds.currency })
    .from(funds)
    .where(eq(funds.id, fundId))
    .for('share');
  return row;
}

/** Whether the opportunity has an investment that was not cancelled. */
export async function hasInvestments(db: DbOrTx, opportunityId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.opportunity_id, opportunityId), ne(investments.status, 'cancelled')))
    .limit(1);
  return row !== undefined;
}
