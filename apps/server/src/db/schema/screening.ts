import { SCREENING_CHECK_STATUSES, SCREENING_KINDS } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, reference, timestamptz } from './columns';
import { documents } from './engagement';
import { users } from './users';

export const SCREENING_ONE_OPEN_INDEX = 'screening_checks_one_open';

/**
 * An investor's identity and AML screening check (issue 9): the evidence and the details as they were
 * at submission, and the provider's (or the reviewing staff member's) decision. Every check is kept.
 */
export const screeningChecks = pgTable(
  'screening_checks',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: SCREENING_KINDS }).notNull(),
    status: text('status', { enum: SCREENING_CHECK_STATUSES }).notNull().default('submitted'),
    identity_document_id: reference('identity_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    proof_of_address_id: reference('proof_of_address_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    legal_name: text('legal_name').notNull(),
    date_of_birth: date('date_of_birth'),
    nationality: text('nationality'),
    /** the residential address as it was at submission */
    address: jsonb('address')
      .$type<{
        address_line_1: string | null;
        address_line_2: string | null;
        city: string | null;
        postcode: string | null;
        country: string | null;
      }>()
      .notNull(),
    provider_reference: text('provider_reference'),
    decided_by: reference('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamptz('decided_at'),
    reason: text('reason'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('screening_checks_user_index').on(table.user_id, table.created_at),
    // At most one open check (awaiting review, or referred for further checks) per investor.
    uniqueIndex(SCREENING_ONE_OPEN_INDEX)
      .on(table.user_id)
      .where(sql`${table.status} in ('submitted', 'referred')`),
  ],
);
export type ScreeningCheckRow = typeof screeningChecks.$inferSelect;
