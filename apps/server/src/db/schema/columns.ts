import { sql } from 'drizzle-orm';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Integer ids: bigint identity, read as JS numbers (ids stay far below 2^53). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const reference = (name: string) => bigint(name, { mode: 'number' });
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = () => ({
  created_at: timestamptz('created_at').notNull().defaultNow(),
  updated_at: timestamptz('updated_at').notNull().defaultNow(),
});

/** A CHECK's list of known values from a contract's `as const` array: `column in ('a', 'b')`. */
export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
