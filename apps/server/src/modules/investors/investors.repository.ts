import { investorsListQuery, type OnboardingState, type ParsedListQuery } from '@portico/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { investorProfiles, leadStatuses, organisationLinks, organisations, users } from '../../db/schema';
import { loadOnboardingFacts, loadOnboardingSettings } from '../onboarding/onboarding.repository';
import { onboardingStateOf } from '../onboarding/onboarding.steps';
import {
  buildListQuery,
  exact,
  londonDaysBetween,
  partial,
  type FilterHandler,
  type ListQueryBinding,
} from '../../platform/list-query/drizzle';

const owner = alias(users, 'owner');
const adviser = alias(users, 'adviser');
export const INVESTOR = sql`${users.role_id} = 5`;

/**
 * `column = any($1)`: ids as one array parameter. An IN list of 2,000 ids (an export batch) is 2,000
 * parameters for drizzle to build, the driver to send and PostgreSQL to parse.
 */
const anyId = (column: AnyPgColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)}::bigint[])`;

const values = (value: string | boolean | Array<string | boolean>) =>
  (Array.isArray(value) ? value : [value]).map(String);

const statusFilter: FilterHandler = (value) =>
  or(
    ...values(value).map((status) => {
      if (status === 'deactivated') return isNotNull(users.deactivated_at);
      if (status === 'invited') return and(isNull(users.deactivated_at), isNull(users.password));
      if (status === 'active') return and(isNull(users.deactivated_at), isNotNull(users.password));
      return sql`false`;
    }),
  );

const inOrganisation: FilterHandler = (value) => {
  const ids = values(value)
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
  if (ids.length === 0) return sql`false`;
  return sql`exists (select 1 from ${organisationLinks} where ${organisationLinks.user_id} = ${users.id} and ${inArray(organisationLinks.organisation_id, ids)})`;
};

/** compliance_passed arrives as true/false or 1/0. */
const passed: FilterHandler = (value) => {
  const wanted = values(value).map((item) =>
    item === 'true' || item === '1' ? 1 : item === 'false' || item === '0' ? 0 : -1,
  );
  return inArray(users.compliance_passed, wanted);
};

const binding: ListQueryBinding<typeof investorsListQuery> = {
  spec: investorsListQuery,
  filters: {
    search: partial(users.name, users.email),
    lead_status_id: exact(investorProfiles.lead_status_id, 'int'),
    client_type: exact(investorProfiles.client_type),
    category: exact(investorProfiles.category),
    compliance_passed: passed,
    onboarding_state: exact(investorProfiles.onboarding_state),
    organisation_id: inOrganisation,
    owner_id: exact(investorProfiles.owner_id, 'int'),
    status: statusFilter,
    created_between: londonDaysBetween(users.created_at),
  },
  sorts: {
    name: users.name,
    email: users.email,
    created_at: users.created_at,
    last_login_at: users.last_login_at,
    category: investorProfiles.category,
    onboarding_state: investorProfiles.onboarding_state,
  },
  tiebreaker: users.id,
};

const selection = {
  user: users,
  profile: investorProfiles,
  lead_status: { id: leadStatuses.id, name: leadStatuses.name, colour: leadStatuses.colour },
  owner: { id: owner.id, name: owner.name },
  adviser: { id: adviser.id, name: adviser.name },
};

export type InvestorRow = {
  user: typeof users.$inferSelect;
  profile: typeof investorProfiles.$inferSelect | null;
  lead_status: { id: number; name: string; colour: string } | null;
  owner: { id: number; name: string } | null;
  adviser: { id: number; name: string } | null;
};

/**
 * Investors with their profile, lead status, owner and adviser. Given the ids being read, the profile join
 * repeats them, so PostgreSQL fetches those profiles by key instead of hashing the whole table.
 */
function joined(db: DbOrTx, ids?: number[]) {
  return db
    .select(selection)
    .from(users)
    .leftJoin(
      investorProfiles,
      and(eq(investorProfiles.user_id, users.id), ids ? anyId(investorProfiles.user_id, ids) : undefined),
    )
    .leftJoin(leadStatuses, eq(leadStatuses.id, investorProfiles.lead_status_id))
    .leftJoin(owner, eq(owner.id, investorProfiles.owner_id))
    .leftJoin(adviser, eq(adviser.id, investorProfiles.adviser_id));
}

/** The where clause and order of a list query, for both the page and the export. */
export function investorsPlan(query: ParsedListQuery) {
  const plan = buildListQuery(binding, query);
  return { ...plan, where: and(INVESTOR, plan.where) };
}

type InvestorsPlan = ReturnType<typeof investorsPlan>;

/**
 * The ids a list query matches, in its order. Only users and profiles take part, and PostgreSQL drops the
 * profile join when no filter or sort needs it: an OFFSET skips index entries, not joined rows.
 */
function idsInOrder(db: DbOrTx, plan: InvestorsPlan, limit: number, offset: number) {
  return db
    .select({ id: users.id })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.user_id, users.id))
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(limit)
    .offset(offset);
}

/** An investor's organisations, as the list shows them. */
export type InvestorOrganisation = { id: number; name: string; role: string };

/**
 * The organisations of each row, as one JSON text per row (an index lookup by user), ordered by name.
 * Text, not json: both drivers hand it over untouched, and it is parsed once here.
 */
const organisationsJson = sql<
  string | null
>`(select json_agg(json_build_object('id', ${organisations.id}, 'name', ${organisations.name}, 'role', ${organisationLinks.role}) order by ${organisations.name}, ${organisations.id})::text from ${organisationLinks} inner join ${organisations} on ${organisations.id} = ${organisationLinks.organisation_id} where ${organisationLinks.user_id} = ${users.id})`;

function countOf(db: DbOrTx, plan: InvestorsPlan) {
  return db
    .select({ value: count() })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.user_id, users.id))
    .where(plan.where);
}

/**
 * One page of the list, its total and each row's organisations, in ONE statement: a round trip to
 * PostgreSQL costs both sides a parse, a plan and a pair of socket writes, and the list used to pay
 * three (page, count, organisations). The total is exact (the paginator's `total`): an uncorrelated
 * subquery PostgreSQL runs once per statement. A page past the end has no row to carry it, so only
 * then is the count asked on its own.
 */
export async function listInvestors(db: DbOrTx, query: ParsedListQuery) {
  const plan = investorsPlan(query);
  // A deferred join: the page's ids in a subquery, then the joins for those rows only (page 2,000 of
  // 100,000 investors no longer joins the 50,000 rows before it).
  const found = await db
    .select({
      ...selection,
      total: sql<number>`(${countOf(db, plan)})`.mapWith(Number),
      organisations: organisationsJson,
    })
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.user_id, users.id))
    .leftJoin(leadStatuses, eq(leadStatuses.id, investorProfiles.lead_status_id))
    .leftJoin(owner, eq(owner.id, investorProfiles.owner_id))
    .leftJoin(adviser, eq(adviser.id, investorProfiles.adviser_id))
    .where(inArray(users.id, idsInOrder(db, plan, plan.limit, plan.offset)))
    .orderBy(...plan.orderBy);
  const first = found[0];
  const total = first ? first.total : await countInvestorsMatching(db, query);
  const rows = found.map(({ total: _total, organisations: json, ...row }) => ({
    ...row,
    organisations: json ? (JSON.parse(json) as InvestorOrganisation[]) : [],
  }));
  return { rows, total };
}

/** How many investors a list query matches (what a page past the end answers as its total). */
export async function countInvestorsMatching(db: DbOrTx, query: ParsedListQuery) {
  const [row] = await countOf(db, investorsPlan(query));
  return row?.value ?? 0;
}

const EXPORT_BATCH = 2000;

/**
 * Every row a list query matches (up to `cap`), in its order, in batches of 2,000 (for exports): the ids
 * in order first, in one narrow query, then each batch by id. Paging the joined rows with OFFSET sorted
 * and joined every row before each batch again.
 */
export async function* allInvestors(db: DbOrTx, query: ParsedListQuery, cap: number) {
  const plan = investorsPlan(query);
  const ids = (await idsInOrder(db, plan, cap, 0)).map((row) => row.id);
  for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
    const batch = ids.slice(start, start + EXPORT_BATCH);
    const rows = (await joined(db, batch).where(and(INVESTOR, anyId(users.id, batch)))) as InvestorRow[];
    const byId = new Map(rows.map((row) => [row.user.id, row]));
    // Back in the list's order; an investor deleted since the ids were read is left out.
    yield batch.flatMap((id) => byId.get(id) ?? []);
  }
}

export async function findInvestor(db: DbOrTx, id: number): Promise<InvestorRow | undefined> {
  const [row] = (await joined(db).where(and(INVESTOR, eq(users.id, id)))) as InvestorRow[];
  return row;
}

/** The organisations of many investors at once (one query per page, never one per row). */
export async function organisationsOf(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, Array<{ id: number; name: string; role: string }>>();
  const rows = await db
    .select({
      user_id: organisationLinks.user_id,
      id: organisations.id,
      name: organisations.name,
      role: organisationLinks.role,
    })
    .from(organisationLinks)
    .innerJoin(organisations, eq(organisations.id, organisationLinks.organisation_id))
    .where(anyId(organisationLinks.user_id, userIds))
    .orderBy(asc(organisations.name));
  const byUser = new Map<number, Array<{ id: number; name: string; role: string }>>();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name, role: row.role });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

export type ProfilePatch = Partial<Omit<typeof investorProfiles.$inferInsert, 'user_id' | 'created_at'>>;

/** Writes an investor's profile, creating it the first time. */
export async function saveProfile(db: DbOrTx, userId: number, patch: ProfilePatch) {
  const values = { ...patch, updated_at: new Date() };
  await db
    .insert(investorProfiles)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: investorProfiles.user_id, set: values });
}

/**
 * Recomputes where investors stand in onboarding with the checklist's own computation
 * (modules/onboarding: email, categorisation, appropriateness test and identity when their features are
 * on, documents, terms), so 'complete' means ready to invest. Set-based: a fixed number of reads and
 * one write whatever the number of investors (imports refresh thousands at once).
 */
export async function refreshOnboardingStates(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, OnboardingState>> {
  const states = new Map<number, OnboardingState>();
  if (userIds.length === 0) return states;
  const settings = await loadOnboardingSettings(db);
  const facts = await loadOnboardingFacts(db, userIds);
  const updatedAt = new Date();
  const rows = facts.map((person) => {
    const state = onboardingStateOf(person, settings);
    states.set(person.userId, state);
    return {
      user_id: person.userId,
      onboarding_state: state,
      category: person.valid?.category ?? null,
      category_expires_at: person.valid?.expires_at ?? null,
      updated_at: updatedAt,
    };
  });
  if (rows.length > 0)
    await db
      .insert(investorProfiles)
      .values(rows)
      .onConflictDoUpdate({
        target: investorProfiles.user_id,
        set: {
          onboarding_state: sql`excluded.onboarding_state`,
          category: sql`excluded.category`,
          category_expires_at: sql`excluded.category_expires_at`,
          updated_at: sql`excluded.updated_at`,
        },
      });
  return states;
}

/** One investor's onboarding state, recomputed and saved (see refreshOnboardingStates). */
export async function refreshOnboardingState(db: DbOrTx, userId: number): Promise<OnboardingState> {
  return (await refreshOnboardingStates(db, [userId])).get(userId) ?? 'registered';
}

export async function countInvestors(db: DbOrTx, where?: SQL) {
  const [row] = await db.select({ value: count() }).from(users).where(and(INVESTOR, where));
  return row?.value ?? 0;
}
