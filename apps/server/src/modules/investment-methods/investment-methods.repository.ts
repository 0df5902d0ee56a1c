import {
  investmentMethodEntitiesListQuery,
  investmentMethodsListQuery,
  ROLES,
  type ParsedListQuery,
} from '@portico/contracts';
import { and, asc, count, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts, investmentMethodEntities, investmentMethods, users } from '../../db/schema';
import {
  buildListQuery,
  exact,
  inBatches,
  partial,
  planned,
  type FilterHandler,
  type ListPlan,
  type ListQueryBinding,
} from '../../platform/list-query/drizzle';

export type MethodRow = typeof investmentMethods.$inferSelect;
export type NewMethodRow = typeof investmentMethods.$inferInsert;
export type MethodPatch = Partial<Omit<NewMethodRow, 'id' | 'created_at'>>;
export type MethodWithCount = MethodRow & { entities_count: number };
export type EntityRecord = typeof investmentMethodEntities.$inferSelect;
export type NewEntityRecord = typeof investmentMethodEntities.$inferInsert;
export type EntityPatch = Partial<Pick<NewEntityRecord, 'name' | 'account_reference' | 'status'>>;

/** Correlated by hand: Drizzle leaves a column unqualified inside a subquery of a select. */
const entitiesCount = sql<number>`(select count(*)::int from ${investmentMethodEntities} where ${investmentMethodEntities.investment_method_id} = ${sql.identifier('investment_methods')}.${sql.identifier('id')})`;

const methodBinding: ListQueryBinding<typeof investmentMethodsListQuery> = {
  spec: investmentMethodsListQuery,
  filters: {
    search: partial(investmentMethods.name, investmentMethods.provider),
    type: exact(investmentMethods.type),
  },
  sorts: {
    name: investmentMethods.name,
    type: investmentMethods.type,
    created_at: investmentMethods.created_at,
  },
  tiebreaker: investmentMethods.id,
};

const methods = (db: DbOrTx) =>
  db.select({ method: investmentMethods, entities_count: entitiesCount }).from(investmentMethods).$dynamic();

const flatten = (rows: Array<{ method: MethodRow; entities_count: number }>): MethodWithCount[] =>
  rows.map((row) => ({ ...row.method, entities_count: Number(row.entities_count) }));

/** The plan's stretch of the list, in its order: a page, or a batch of an export. */
const rowsOf = async (db: DbOrTx, plan: ListPlan): Promise<MethodWithCount[]> =>
  flatten(await planned(methods(db), plan));

export async function listMethods(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(methodBinding, query);
  const rows = await rowsOf(db, plan);
  const [total] = await db.select({ value: count() }).from(investmentMethods).where(plan.where);
  return { rows, total: total?.value ?? 0 };
}

/** Every investment method a list query matches, in its order, a batch at a time (for exports). */
export const allMethods = (db: DbOrTx, query: ParsedListQuery, cap: number) =>
  inBatches(buildListQuery(methodBinding, query), cap, (batch) => rowsOf(db, batch));

export async function findMethod(db: DbOrTx, id: number): Promise<MethodWithCount | undefined> {
  return flatten(await methods(db).where(eq(investmentMethods.id, id)))[0];
}

export async function insertMethod(db: DbOrTx, values: NewMethodRow) {
  const [row] = await db.insert(investmentMethods).values(values).returning();
  if (!row) throw new Error('investment method insert returned no row');
  return row;
}

export async function updateMethod(db: DbOrTx, id: number, patch: MethodPatch) {
  await db
    .update(investmentMethods)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(investmentMethods.id, id));
}

export async function deleteMethod(db: DbOrTx, id: number) {
  await db.delete(investmentMethods).where(eq(investmentMethods.id, id));
}

/** investor: accounts of portal users; contact: accounts of leads. */
const holderFilter: FilterHandler = (value) => {
  const wanted = (Array.isArray(value) ? value : [value]).map(String);
  const conditions: SQL[] = [];
  if (wanted.includes('investor')) conditions.push(isNotNull(investmentMethodEntities.user_id));
  if (wanted.includes('contact')) conditions.push(isNotNull(investmentMethodEntities.contact_id));
  return conditions.length > 0 ? or(...conditions) : sql`false`;
};

const entityBinding: ListQueryBinding<typeof investmentMethodEntitiesListQuery> = {
  spec: investmentMethodEntitiesListQuery,
  filters: {
    search: partial(
      investmentMethodEntities.name,
      investmentMethodEntities.account_reference,
      users.name,
      users.email,
      contacts.name,
      contacts.email,
    ),
    status: exact(investmentMethodEntities.status),
    holder: holderFilter,
  },
  sorts: {
    name: investmentMethodEntities.name,
    created_at: investmentMethodEntities.created_at,
    status: investmentMethodEntities.status,
  },
  tiebreaker: investmentMethodEntities.id,
};

export interface EntityRow {
  entity: EntityRecord;
  method: { id: number; name: string; type: MethodRow['type'] };
  investor: { id: number; name: string; email: string } | null;
  contact: { id: number; name: string; email: string | null } | null;
}

const entities = (db: DbOrTx) =>
  db
    .select({
      entity: investmentMethodEntities,
      method: { id: investmentMethods.id, name: investmentMethods.name, type: investmentMethods.type },
      investor: { id: users.id, name: users.name, email: users.email },
      contact: { id: contacts.id, name: contacts.name, email: contacts.email },
    })
    .from(investmentMethodEntities)
    .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investment_method_id))
    .leftJoin(users, eq(users.id, investmentMethodEntities.user_id))
    .leftJoin(contacts, eq(contacts.id, investmentMethodEntities.contact_id))
    .$dynamic();

export async function listEntities(db: DbOrTx, methodId: number, query: ParsedListQuery) {
  const plan = buildListQuery(entityBinding, query);
  const where = and(eq(investmentMethodEntities.investment_method_id, methodId), plan.where);
  const rows: EntityRow[] = await entities(db)
    .where(where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const [total] = await db
    .select({ value: count() })
    .from(investmentMethodEntities)
    .leftJoin(users, eq(users.id, investmentMethodEntities.user_id))
    .leftJoin(contacts, eq(contacts.id, investmentMethodEntities.contact_id))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

/** An investor's or a contact's accounts with every method. */
export async function entitiesOfHolder(
  db: DbOrTx,
  holder: { userId: number } | { contactId: number },
): Promise<EntityRow[]> {
  return entities(db)
    .where(
      'userId' in holder
        ? eq(investmentMethodEntities.user_id, holder.userId)
        : eq(investmentMethodEntities.contact_id, holder.contactId),
    )
    .orderBy(
      asc(investmentMethods.name),
      asc(investmentMethodEntities.name),
      asc(investmentMethodEntities.id),
    );
}

export async function findEntity(db: DbOrTx, id: number): Promise<EntityRow | undefined> {
  const [row] = await entities(db).where(eq(investmentMethodEntities.id, id));
  return row;
}

export async function insertEntity(db: DbOrTx, values: NewEntityRecord) {
  const [row] = await db.insert(investmentMethodEntities).values(values).returning();
  if (!row) throw new Error('investment method entity insert returned no row');
  return row;
}

export async function updateEntity(db: DbOrTx, id: number, patch: EntityPatch) {
  await db
    .update(investmentMethodEntities)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(investmentMethodEntities.id, id));
}

export async function deleteEntity(db: DbOrTx, id: number) {
  await db.delete(investmentMethodEntities).where(eq(investmentMethodEntities.id, id));
}

/** An investor (role 5) by id, or undefined for anyone else. */
export async function findInvestorRef(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role_id, ROLES.USER)));
  return row;
}

export async function findContactRef(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row;
}
