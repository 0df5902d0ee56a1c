import { and, eq, type SQL } from 'drizzle-orm';
import { outboxListQuery, type ParsedListQuery } from '@portico/contracts';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import {
  buildListQuery,
  exact,
  partial,
  selectPage,
  type ListQueryBinding,
} from '../../platform/list-query/drizzle';

const binding: ListQueryBinding<typeof outboxListQuery> = {
  spec: outboxListQuery,
  filters: {
    to: partial(mailOutbox.to_address),
    subject: partial(mailOutbox.subject),
    status: exact(mailOutbox.status),
  },
  sorts: { created_at: mailOutbox.created_at, to: mailOutbox.to_address, subject: mailOutbox.subject },
  tiebreaker: mailOutbox.id,
};

export async function listMail(db: DbOrTx, query: ParsedListQuery) {
  const plan = buildListQuery(binding, query);
  return selectPage(db, mailOutbox, plan.where, plan);
}

export async function findMail(db: DbOrTx, id: number, extra?: SQL) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), extra));
  return row;
}
