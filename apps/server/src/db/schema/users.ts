import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, reference, timestamps, timestamptz } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id hash; null until an invited user sets a password */
    password: text('password'),
    role_id: smallint('role_id').notNull(),
    email_verified_at: timestamptz('email_verified_at'),
    /** a new address the user asked for: `email` stays in force until its link is opened */
    pending_email: text('pending_email'),
    pending_email_requested_at: timestamptz('pending_email_requested_at'),
    avatar: text('avatar'),
    accepted_terms_version: integer('accepted_terms_version').notNull().default(0),
    compliance_passed: smallint('compliance_passed').notNull().default(0),
    compliance_tries: integer('compliance_tries').notNull().default(0),
    compliance_questions: jsonb('compliance_questions'),
    last_login_at: timestamptz('last_login_at'),
    invited_at: timestamptz('invited_at'),
    invited_by: reference('invited_by'),
    deactivated_at: timestamptz('deactivated_at'),
    /** email a copy of each notification (the user's setting) */
    notification_emails: boolean('notification_emails').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_role_id_name_index').on(table.role_id, table.name, table.id),
    index('users_created_at_index').on(table.created_at),
    // The investors list (role 5) in its default order, newest first: a page, however deep, and the ids
    // of an export read this index alone (docs/benchmarks.md, investors-100k).
    index('users_role_id_created_at_index').on(table.role_id, table.created_at.desc().nullsFirst(), table.id),
    // Every investor's id, and nothing else: the investors list counts its matches from it (an
    // index-only scan a tenth the size of the table), and a filter on the profile checks that each
    // match is an investor with one probe of it instead of reading all of users (investors-100k).
    index('users_investor_id_index')
      .on(table.id)
      .where(sql`${table.role_id} = 5`),
    index('users_name_trgm_index').using('gin', sql`${table.name} gin_trgm_ops`),
    index('users_email_trgm_index').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);
export type UserRow = typeof users.$inferSelect;

export const AUTH_TOKEN_PURPOSES = ['password_reset', 'invitation'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use, expiring tokens sent by email; only their SHA-256 is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_unique').on(table.token_hash),
    index('auth_tokens_user_purpose_index').on(table.user_id, table.purpose),
  ],
);
