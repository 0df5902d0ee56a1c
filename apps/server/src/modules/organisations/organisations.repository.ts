import {
  organisationMembersListQuery,
  organisationsListQuery,
  ROLES,
  type OrganisationRole,
  type ParsedListQuery,
} from '@portico/contracts';
import { and, count, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organisationLinks, organisations, users } from '../../db/schema';
import {
  buildListQuery,
  escapeLike,
  exact,
  inBatches,
  partial,
  planned,
  type ListPlan,
  type ListQueryBinding,
} from '../../platform/list-query/drizzle';

export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisationRow = typeof organisations.$inferInsert;
export type OrganisationPatch = Partial<Omit<NewOrganisationRow, 'id' | 'created_at'>>;
export type OrganisationWithCount = OrganisationRow & { members_count: number };

/** Correlated by hand: Drizzle leaves a column unqualified inside a subquery of a select. */
const membersCount = sql<number>`(select count(*)::int from ${organisationLinks} where ${organisationLinks.organisation_id} = ${sql.identifier('organisations')}.${sql.identifier('id')})`;

const binding: ListQueryBinding<typeof organisationsListQuery> = {
  spec: organisationsListQuery,
  filters: {
    search: partial(organisations.name, organisations.email),
    type: exact(organisations.type),
  },
  sorts: { name: organisations.name, created_at: organisations.created_at },
  tiebreaker: organisations.id,
};

const withCount = (db: DbOrTx) =>
  db.select({ organisation: organisations, members_count: membersCount }).from(organisations).$dynamic();

const flatten = (rows: Array<{ organisation: OrganisationRow; members_count: number }>) =>
  rows.map((row) => ({ ...row.organisation, members_count: Number(row.members_count) }));

/** The plan's stretch of the list, in its order: a page, or a batch of an export. */
const rowsOf = async (db: DbOrTx, plan: ListPlan): Promise<OrganisationWithCount[]> =>
  flatten(await planned(withCount(db), plan));

export async function listOrganisations(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(binding, query);
  const rows = await rowsOf(db, plan);
  const [total] = await db.select({ value: count() }).from(organisations).where(plan.where);
  return { rows, total: total?.value ?? 0 };
}

/** Every organisation a list query matches, in its order, a batch at a time (for exports). */
export const allOrganisations = (db: DbOrTx, query: ParsedListQuery, cap: number) =>
  inBatches(buildListQuery(binding, query), cap, (batch) => rowsOf(db, batch));

export async function findOrganisation(db: DbOrTx, id: number): Promise<OrganisationWithCount | undefined> {
  return flatten(await withCount(db).where(eq(organisations.id, id)))[0];
}

export async function insertOrganisation(db: DbOrTx, values: NewOrganisationRow): Promise<OrganisationRow> {
  const [row] = await db.insert(organisations).values(values).returning();
  if (!row) throw new Error('organisation insert returned no row');
  return row;
}

export async function updateOrganisation(db: DbOrTx, id: number, patch: OrganisationPatch) {
  await db
    .update(organisations)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(organisations.id, id));
}

export async function deleteOrganisation(db: DbOrTx, id: number) {
  await db.delete(organisations).where(eq(organisations.id, id));
}

/** A few organisations whose name contains the text, for the portal's picker. */
export async function organisationOptions(db: DbOrTx, text: string, limit: number) {
  return db
    .select({ id: organisations.id, name: organisations.name, type: organisations.type })
    .from(organisations)
    .where(ilike(organisations.name, `%${escapeLike(text)}%`))
    .orderBy(organisations.name, organisations.id)
    .limit(limit);
}

/** An investor (role 5) by id, or undefined for anyone else. */
export async function findInvestorRef(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role_id, ROLES.USER)));
  return row;
}

const memberBinding: ListQueryBinding<typeof organisationMembersListQuery> = {
  spec: organisationMembersListQuery,
  filters: { search: partial(users.name, users.email), role: exact(organisationLinks.role) },
  sorts: { name: users.name, created_at: organisationLinks.created_at, role: organisationLinks.role },
  tiebreaker: organisationLinks.id,
};

export interface MemberRow {
  link: typeof organisationLinks.$inferSelect;
  investor: { id: number; name: string; email: string };
}

const members = (db: DbOrTx) =>
  db
    .select({ link: organisationLinks, investor: { id: users.id, name: users.name, email: users.email } })
    .from(organisationLinks)
    .innerJoin(users, eq(users.id, organisationLinks.user_id))
    .$dynamic();

export async function listMembers(db: DbOrTx, organisationId: number, query: ParsedListQuery) {
  const plan = buildListQuery(memberBinding, query);
  const where = and(eq(organisationLinks.organisation_id, organisationId), plan.where);
  const rows: MemberRow[] = await members(db)
    .where(where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db
    .select({ value: count() })
    .from(organisationLinks)
    .innerJoin(users, eq(users.id, organisationLinks.user_id))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findMember(db: DbOrTx, organisationId: number, linkId: number) {
  const [row]: MemberRow[] = await members(db).where(
    and(eq(organisationLinks.organisation_id, organisationId), eq(organisationLinks.id, linkId)),
  );
  return row;
}

export async function findMemberByUser(db: DbOrTx, organisationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(organisationLinks)
    .where(and(eq(organisationLinks.organisation_id, organisationId), eq(organisationLinks.user_id, userId)));
  return row;
}

export async function insertMember(
  db: DbOrTx,
  organisationId: number,
  userId: number,
  role: OrganisationRole,
) {
  const [row] = await db
    .insert(organisationLinks)
    .values({ organisation_id: organisationId, user_id: userId, role })
    .returning();
  if (!row) throw new Error('organisation link insert returned no row');
  return row;
}

export async function updateMemberRole(db: DbOrTx, linkId: number, role: OrganisationRole) {
  await db.update(organisationLinks).set({ role }).where(eq(organisationLinks.id, linkId));
}

export async function deleteMember(db: DbOrTx, linkId: number) {
  await db.delete(organisationLinks).where(eq(organisationLinks.id, linkId));
}
