import { CONTACT_STATES, contactsListQuery } from '@portico/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { contacts, leadStatuses, users } from '../../db/schema';
import {
  exact,
  londonDaysBetween,
  partial,
  planned,
  type FilterHandler,
} from '../../platform/list-query/drizzle';
import { createRecordRepository } from '../../platform/records/record-repository';

const owner = alias(users, 'owner');
const investor = alias(users, 'investor');

export type ContactRow = typeof contacts.$inferSelect;

const values = (value: string | boolean | Array<string | boolean>) =>
  (Array.isArray(value) ? value : [value]).map(String);

/** 1, 2 or 3; anything else matches nothing (the column is a smallint, too small for any number). */
const stateFilter: FilterHandler = (value) => {
  const states = values(value)
    .map(Number)
    .filter((state) => (CONTACT_STATES as readonly number[]).includes(state));
  return states.length > 0 ? inArray(contacts.state, states) : sql`false`;
};

export interface ContactJoinedRow {
  contact: ContactRow;
  lead_status: { id: number; name: string; colour: string } | null;
  owner: { id: number; name: string } | null;
  investor: { id: number; name: string } | null;
}

function joined(db: DbOrTx) {
  return db
    .select({
      contact: contacts,
      lead_status: { id: leadStatuses.id, name: leadStatuses.name, colour: leadStatuses.colour },
      owner: { id: owner.id, name: owner.name },
      investor: { id: investor.id, name: investor.name },
    })
    .from(contacts)
    .leftJoin(leadStatuses, eq(leadStatuses.id, contacts.lead_status_id))
    .leftJoin(owner, eq(owner.id, contacts.owner_id))
    .leftJoin(investor, eq(investor.id, contacts.user_id));
}

export const contactsRepository = createRecordRepository({
  table: contacts,
  binding: {
    spec: contactsListQuery,
    filters: {
      search: partial(contacts.name, contacts.email),
      state: stateFilter,
      lead_status_id: exact(contacts.lead_status_id, 'int'),
      client_type: exact(contacts.client_type),
      owner_id: exact(contacts.owner_id, 'int'),
      category: exact(contacts.category),
      created_between: londonDaysBetween(contacts.created_at),
    },
    sorts: {
      name: contacts.name,
      email: contacts.email,
      created_at: contacts.created_at,
      company: contacts.company,
    },
    tiebreaker: contacts.id,
  },
  rows: (db, plan): Promise<ContactJoinedRow[]> => planned(joined(db).$dynamic(), plan),
});

export async function findContactByEmail(db: DbOrTx, email: string): Promise<ContactRow | undefined> {
  const [row] = await db.select().from(contacts).where(eq(contacts.email, email.toLowerCase()));
  return row;
}

/** The contact not yet linked to an investor whose email is this one. */
export async function findUnlinkedContactByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.email, email.toLowerCase()), isNull(contacts.user_id)));
  return row;
}
