import { investmentMethodEntitiesListQuery, investmentMethodsListQuery } from '@portico/contracts';
import { asc, count, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts, investmentMethodEntities, investmentMethods, users } from '../../db/schema';
import { exact, partial, planned, type FilterHandler } from '../../platform/list-query/drizzle';
import { childCount, createRecordRepository } from '../../platform/records/record-repository';

export type MethodRow = typeof investmentMethods.$inferSelect;
export type MethodWithCount = MethodRow & { entities_count: number };
export type EntityRecord = typeof investmentMethodEntities.$inferSelect;

const entitiesCount = childCount(
  investmentMethodEntities,
  investmentMethodEntities.investment_method_id,
  investmentMethods,
);

export const investmentMethodsRepository = createRecordRepository({
  table: investmentMethods,
  binding: {
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
  },
  rows: async (db, plan): Promise<MethodWithCount[]> => {
    const select = db
      .select({ method: investmentMethods, entities_count: entitiesCount })
      .from(investmentMethods);
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({ ...row.method, entities_count: Number(row.entities_count) }));
  },
});

/** investor: accounts of portal users; contact: accounts of leads. */
const holderFilter: FilterHandler = (value) => {
  const wanted = (Array.isArray(value) ? value : [value]).map(String);
  const conditions: SQL[] = [];
  if (wanted.includes('investor')) conditions.push(isNotNull(investmentMethodEntities.user_id));
  if (wanted.includes('contact')) conditions.push(isNotNull(investmentMethodEntities.contact_id));
  return conditions.length > 0 ? or(...conditions) : sql`false`;
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

/** Investors' and contacts' accounts with a method: scoped to the method by `entitiesOf`. */
export const investmentMethodEntitiesRepository = createRecordRepository({
  table: investmentMethodEntities,
  binding: {
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
  },
  rows: (db, plan): Promise<EntityRow[]> => planned(entities(db), plan),
  count: async (db, where) => {
    const [total] = await db
      .select({ value: count() })
      .from(investmentMethodEntities)
      .leftJoin(users, eq(users.id, investmentMethodEntities.user_id))
      .leftJoin(contacts, eq(contacts.id, investmentMethodEntities.contact_id))
      .where(where);
    return total?.value ?? 0;
  },
});

export const entitiesOf = (methodId: number) => eq(investmentMethodEntities.investment_method_id, methodId);

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

export async function findContactRef(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row;
}
