import { nomineeClientsListQuery, nomineesListQuery, ROLES, type ParsedListQuery } from '@portico/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nomineeClients, nominees, users } from '../../db/schema';
import {
  buildListQuery,
  inBatches,
  partial,
  planned,
  type ListPlan,
  type ListQueryBinding,
} from '../../platform/list-query/drizzle';

export type NomineeRecord = typeof nominees.$inferSelect;
export type NewNomineeRecord = typeof nominees.$inferInsert;
export type NomineePatch = Partial<Omit<NewNomineeRecord, 'id' | 'created_at'>>;
export type NomineeWithCount = NomineeRecord & { clients_count: number };

/** Correlated by hand: Drizzle leaves a column unqualified inside a subquery of a select. */
const clientsCount = sql<number>`(select count(*)::int from ${nomineeClients} where ${nomineeClients.nominee_id} = ${sql.identifier('nominees')}.${sql.identifier('id')})`;

const binding: ListQueryBinding<typeof nomineesListQuery> = {
  spec: nomineesListQuery,
  filters: { search: partial(nominees.name, nominees.email) },
  sorts: { name: nominees.name, created_at: nominees.created_at },
  tiebreaker: nominees.id,
};

const withCount = (db: DbOrTx) =>
  db.select({ nominee: nominees, clients_count: clientsCount }).from(nominees).$dynamic();

const flatten = (rows: Array<{ nominee: NomineeRecord; clients_count: number }>): NomineeWithCount[] =>
  rows.map((row) => ({ ...row.nominee, clients_count: Number(row.clients_count) }));

/** The plan's stretch of the list, in its order: a page, or a batch of an export. */
const rowsOf = async (db: DbOrTx, plan: ListPlan): Promise<NomineeWithCount[]> =>
  flatten(await planned(withCount(db), plan));

export async function listNominees(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(binding, query);
  const rows = await rowsOf(db, plan);
  const [total] = await db.select({ value: count() }).from(nominees).where(plan.where);
  return { rows, total: total?.value ?? 0 };
}

/** Every nominee a list query matches, in its order, a batch at a time (for exports). */
export const allNominees = (db: DbOrTx, query: ParsedListQuery, cap: number) =>
  inBatches(buildListQuery(binding, query), cap, (batch) => rowsOf(db, batch));

export async function findNominee(db: DbOrTx, id: number): Promise<NomineeWithCount | undefined> {
  return flatten(await withCount(db).where(eq(nominees.id, id)))[0];
}

export async function insertNominee(db: DbOrTx, values: NewNomineeRecord) {
  const [row] = await db.insert(nominees).values(values).returning();
  if (!row) throw new Error('nominee insert returned no row');
  return row;
}

export async function updateNominee(db: DbOrTx, id: number, patch: NomineePatch) {
  await db
    .update(nominees)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(nominees.id, id));
}

export async function deleteNominee(db: DbOrTx, id: number) {
  await db.delete(nominees).where(eq(nominees.id, id));
}

const clientBinding: ListQueryBinding<typeof nomineeClientsListQuery> = {
  spec: nomineeClientsListQuery,
  filters: { search: partial(users.name, users.email, nomineeClients.designation) },
  sorts: { name: users.name, designation: nomineeClients.designation, created_at: nomineeClients.created_at },
  tiebreaker: nomineeClients.id,
};

export interface ClientRow {
  client: typeof nomineeClients.$inferSelect;
  investor: { id: number; name: string; email: string };
}

const clients = (db: DbOrTx) =>
  db
    .select({ client: nomineeClients, investor: { id: users.id, name: users.name, email: users.email } })
    .from(nomineeClients)
    .innerJoin(users, eq(users.id, nomineeClients.user_id))
    .$dynamic();

export async function listClients(db: DbOrTx, nomineeId: number, query: ParsedListQuery) {
  const plan = buildListQuery(clientBinding, query);
  const where = and(eq(nomineeClients.nominee_id, nomineeId), plan.where);
  const rows: ClientRow[] = await clients(db)
    .where(where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db
    .select({ value: count() })
    .from(nomineeClients)
    .innerJoin(users, eq(users.id, nomineeClients.user_id))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findClient(db: DbOrTx, nomineeId: number, clientId: number) {
  const [row]: ClientRow[] = await clients(db).where(
    and(eq(nomineeClients.nominee_id, nomineeId), eq(nomineeClients.id, clientId)),
  );
  return row;
}

export async function findClientByUser(db: DbOrTx, nomineeId: number, userId: number) {
  const [row] = await db
    .select({ id: nomineeClients.id })
    .from(nomineeClients)
    .where(and(eq(nomineeClients.nominee_id, nomineeId), eq(nomineeClients.user_id, userId)));
  return row;
}

export async function insertClient(
  db: DbOrTx,
  nomineeId: number,
  userId: number,
  designation: string | null,
) {
  const [row] = await db
    .insert(nomineeClients)
    .values({ nominee_id: nomineeId, user_id: userId, designation })
    .returning();
  if (!row) throw new Error('nominee client insert returned no row');
  return row;
}

export async function deleteClient(db: DbOrTx, clientId: number) {
  await db.delete(nomineeClients).where(eq(nomineeClients.id, clientId));
}

/** An investor (role 5) by id, or undefined for anyone else. */
export async function findInvestorRef(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role_id, ROLES.USER)));
  return row;
}
