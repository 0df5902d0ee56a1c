import { nomineeClientsListQuery, nomineesListQuery } from '@portico/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nomineeClients, nominees, users } from '../../db/schema';
import { partial, planned } from '../../platform/list-query/drizzle';
import { childCount, createRecordRepository } from '../../platform/records/record-repository';

export type NomineeRecord = typeof nominees.$inferSelect;
export type NomineeWithCount = NomineeRecord & { clients_count: number };

const clientsCount = childCount(nomineeClients, nomineeClients.nominee_id, nominees);

export const nomineesRepository = createRecordRepository({
  table: nominees,
  binding: {
    spec: nomineesListQuery,
    filters: { search: partial(nominees.name, nominees.email) },
    sorts: { name: nominees.name, created_at: nominees.created_at },
    tiebreaker: nominees.id,
  },
  rows: async (db, plan): Promise<NomineeWithCount[]> => {
    const select = db.select({ nominee: nominees, clients_count: clientsCount }).from(nominees);
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({ ...row.nominee, clients_count: Number(row.clients_count) }));
  },
});

export interface ClientRow {
  client: typeof nomineeClients.$inferSelect;
  investor: { id: number; name: string; email: string };
}

/** A nominee's clients: scoped to the nominee by `clientsOf`. */
export const nomineeClientsRepository = createRecordRepository({
  table: nomineeClients,
  binding: {
    spec: nomineeClientsListQuery,
    filters: { search: partial(users.name, users.email, nomineeClients.designation) },
    sorts: {
      name: users.name,
      designation: nomineeClients.designation,
      created_at: nomineeClients.created_at,
    },
    tiebreaker: nomineeClients.id,
  },
  rows: (db, plan): Promise<ClientRow[]> =>
    planned(
      db
        .select({ client: nomineeClients, investor: { id: users.id, name: users.name, email: users.email } })
        .from(nomineeClients)
        .innerJoin(users, eq(users.id, nomineeClients.user_id))
        .$dynamic(),
      plan,
    ),
  count: async (db, where) => {
    const [total] = await db
      .select({ value: count() })
      .from(nomineeClients)
      .innerJoin(users, eq(users.id, nomineeClients.user_id))
      .where(where);
    return total?.value ?? 0;
  },
});

export const clientsOf = (nomineeId: number) => eq(nomineeClients.nominee_id, nomineeId);

export async function findClientByUser(db: DbOrTx, nomineeId: number, userId: number) {
  const [row] = await db
    .select({ id: nomineeClients.id })
    .from(nomineeClients)
    .where(and(clientsOf(nomineeId), eq(nomineeClients.user_id, userId)));
  return row;
}
