import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  insiderListEntries,
  insiderLists,
  investorProfiles,
  opportunities,
  pipelineDeals,
  users,
  type InsiderListEntryRow,
  type InsiderListRow,
} from '../../db/schema';

/*
 * The reads of insider lists: the lists with their subjects' names, each entry's current (highest) version, an
 * entry's history, and the people and subjects staff pick from.
 */

export type Subject =
  { type: 'deal'; id: number } | { type: 'opportunity'; id: number } | { type: 'permanent'; id: 0 };

export type EntryWithAuthor = InsiderListEntryRow & { created_by_name: string | null };

export interface ListSummaryRow {
  list: InsiderListRow;
  name: string;
  current: number;
  last_entry_at: Date | null;
}

const e = insiderListEntries;

export function subjectWhere(subject: Subject): SQL {
  switch (subject.type) {
    case 'deal':
      return eq(insiderLists.deal_id, subject.id);
    case 'opportunity':
      return eq(insiderLists.opportunity_id, subject.id);
    case 'permanent':
      return eq(insiderLists.permanent, true);
  }
}

export const subjectOf = (list: InsiderListRow): Subject =>
  list.deal_id !== null
    ? { type: 'deal', id: list.deal_id }
    : list.opportunity_id !== null
      ? { type: 'opportunity', id: list.opportunity_id }
      : { type: 'permanent', id: 0 };

export async function findList(db: DbOrTx, subject: Subject): Promise<InsiderListRow | undefined> {
  const [row] = await db.select().from(insiderLists).where(subjectWhere(subject));
  return row;
}

/** The deal's or opportunity's name; undefined when there is none with that id. */
export async function subjectName(db: DbOrTx, subject: Subject): Promise<string | undefined> {
  if (subject.type === 'permanent') return 'Permanent insiders';
  const table = subject.type === 'deal' ? pipelineDeals : opportunities;
  const [row] = await db
    .select({ name: table.name, company_name: table.company_name })
    .from(table)
    .where(eq(table.id, subject.id));
  return row ? nameOf(row) : undefined;
}

const nameOf = (row: { name: string; company_name: string }) =>
  row.name === row.company_name ? row.name : `${row.name} (${row.company_name})`;

/** Every list with its subject's name, the count of current insiders not ceased, and its newest entry's time. */
export async function listSummaries(db: DbOrTx): Promise<ListSummaryRow[]> {
  const current = db
    .selectDistinctOn([e.entry_id], {
      list_id: e.list_id,
      ceased_at: e.ceased_at,
      created_at: e.created_at,
    })
    .from(e)
    .orderBy(e.entry_id, desc(e.version))
    .as('current');
  const counts = db
    .select({
      list_id: current.list_id,
      current: sql<number>`count(*) filter (where ${current.ceased_at} is null)::int`.as('current_count'),
      last_entry_at: sql<Date | null>`max(${current.created_at})`.as('last_entry_at'),
    })
    .from(current)
    .groupBy(current.list_id)
    .as('counts');
  const rows = await db
    .select({
      list: insiderLists,
      deal_name: pipelineDeals.name,
      deal_company: pipelineDeals.company_name,
      opportunity_name: opportunities.name,
      opportunity_company: opportunities.company_name,
      current: counts.current,
      // the newest version of any entry (always a current one) is the list's last update
      last_entry_at: counts.last_entry_at,
    })
    .from(insiderLists)
    .leftJoin(pipelineDeals, eq(pipelineDeals.id, insiderLists.deal_id))
    .leftJoin(opportunities, eq(opportunities.id, insiderLists.opportunity_id))
    .leftJoin(counts, eq(counts.list_id, insiderLists.id))
    .orderBy(desc(insiderLists.created_at), desc(insiderLists.id));
  return rows.map((row) => ({
    list: row.list,
    name:
      row.deal_name !== null && row.deal_company !== null
        ? nameOf({ name: row.deal_name, company_name: row.deal_company })
        : row.opportunity_name !== null && row.opportunity_company !== null
          ? nameOf({ name: row.opportunity_name, company_name: row.opportunity_company })
          : 'Permanent insiders',
    current: row.current ?? 0,
    last_entry_at: row.last_entry_at === null ? null : new Date(row.last_entry_at),
  }));
}

const withAuthor = {
  entry: insiderListEntries,
  created_by_name: users.name,
};

/** The current (highest) version of each entry of a list, oldest entry first. */
export async function currentEntries(db: DbOrTx, listId: number): Promise<EntryWithAuthor[]> {
  const rows = await db
    .selectDistinctOn([e.entry_id], withAuthor)
    .from(e)
    .leftJoin(users, eq(users.id, e.created_by))
    .where(eq(e.list_id, listId))
    .orderBy(e.entry_id, desc(e.version));
  return rows.map(({ entry, created_by_name }) => ({ ...entry, created_by_name }));
}

/** Every version of an entry, oldest first. */
export async function entryVersions(db: DbOrTx, entryId: number): Promise<EntryWithAuthor[]> {
  const rows = await db
    .select(withAuthor)
    .from(e)
    .leftJoin(users, eq(users.id, e.created_by))
    .where(eq(e.entry_id, entryId))
    .orderBy(asc(e.version));
  return rows.map(({ entry, created_by_name }) => ({ ...entry, created_by_name }));
}

/** The newest version of an entry. */
export async function latestVersion(db: DbOrTx, entryId: number): Promise<InsiderListEntryRow | undefined> {
  const [row] = await db.select().from(e).where(eq(e.entry_id, entryId)).orderBy(desc(e.version)).limit(1);
  return row;
}

/** The entry of this person already on the list (its current version), if any. */
export async function entryOfPerson(
  db: DbOrTx,
  listId: number,
  person: { user_id?: number | undefined; investor_id?: number | undefined },
): Promise<InsiderListEntryRow | undefined> {
  const who =
    person.user_id !== undefined
      ? eq(e.user_id, person.user_id)
      : person.investor_id !== undefined
        ? eq(e.investor_id, person.investor_id)
        : undefined;
  if (!who) return undefined;
  const [row] = await db
    .select()
    .from(e)
    .where(and(eq(e.list_id, listId), who))
    .orderBy(desc(e.version))
    .limit(1);
  return row;
}

export interface PersonRow {
  id: number;
  name: string;
  email: string;
  role_id: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  date_of_birth: string | null;
  ni_number: string | null;
  trading_name: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
}

const personFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  role_id: users.role_id,
  first_name: investorProfiles.first_name,
  last_name: investorProfiles.last_name,
  phone: investorProfiles.phone,
  date_of_birth: investorProfiles.date_of_birth,
  ni_number: investorProfiles.ni_number,
  trading_name: investorProfiles.trading_name,
  address_line_1: investorProfiles.address_line_1,
  address_line_2: investorProfiles.address_line_2,
  city: investorProfiles.city,
  postcode: investorProfiles.postcode,
  country: investorProfiles.country,
};

/** Users with what their profile holds of the template's fields (investors have a profile, staff do not). */
export async function people(db: DbOrTx, ids: readonly number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(personFields)
    .from(users)
    .leftJoin(investorProfiles, eq(investorProfiles.user_id, users.id))
    .where(inArray(users.id, [...ids]));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** Staff (not deactivated) and investors whose name or email holds the text, for the add-insider picker. */
export async function searchPeople(db: DbOrTx, kind: 'staff' | 'investor', search: string, limit: number) {
  const pattern = `%${escapeLike(search.trim())}%`;
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        kind === 'investor' ? eq(users.role_id, 5) : ne(users.role_id, 5),
        isNull(users.deactivated_at),
        search.trim() === '' ? undefined : or(ilike(users.name, pattern), ilike(users.email, pattern)),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/** Deals and opportunities without an insider list whose name holds the text, for "Open an insider list". */
export async function searchSubjects(db: DbOrTx, search: string, limit: number) {
  const pattern = `%${escapeLike(search.trim())}%`;
  const matches = (table: typeof pipelineDeals | typeof opportunities) =>
    search.trim() === '' ? undefined : or(ilike(table.name, pattern), ilike(table.company_name, pattern));
  const deals = await db
    .select({ id: pipelineDeals.id, name: pipelineDeals.name, company_name: pipelineDeals.company_name })
    .from(pipelineDeals)
    .leftJoin(insiderLists, eq(insiderLists.deal_id, pipelineDeals.id))
    .where(and(isNull(insiderLists.id), matches(pipelineDeals)))
    .orderBy(asc(pipelineDeals.name), asc(pipelineDeals.id))
    .limit(limit);
  const opportunityRows = await db
    .select({ id: opportunities.id, name: opportunities.name, company_name: opportunities.company_name })
    .from(opportunities)
    .leftJoin(insiderLists, eq(insiderLists.opportunity_id, opportunities.id))
    .where(and(isNull(insiderLists.id), matches(opportunities)))
    .orderBy(asc(opportunities.name), asc(opportunities.id))
    .limit(limit);
  return [
    ...deals.map((row) => ({ type: 'deal' as const, id: row.id, name: nameOf(row) })),
    ...opportunityRows.map((row) => ({ type: 'opportunity' as const, id: row.id, name: nameOf(row) })),
  ];
}
