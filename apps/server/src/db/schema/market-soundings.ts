import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MARKET_SOUNDING_EVENT_KINDS } from '@portico/contracts';
import { id, inList, reference, timestamptz } from './columns';
import { opportunities, pipelineDeals } from './investments';
import { users } from './users';

/*
 * Market soundings (issue 21, migration 0037, UK MAR Art. 11): a sounding of investors about a pipeline deal or a
 * draft opportunity before it is public, its recipients, every step each took (events) and the investors who
 * asked not to be sounded again. Kept for good: triggers refuse DELETE and every UPDATE but a sounding's one
 * cleansing (the cleansing columns set once). A recipient's state is derived from their events; partial unique
 * indexes allow one decision (accepted or declined) and one answer per recipient.
 */

export const marketSoundings = pgTable(
  'market_soundings',
  {
    id: id(),
    opportunity_id: reference('opportunity_id').references((): AnyPgColumn => opportunities.id, {
      onDelete: 'restrict',
    }),
    deal_id: reference('deal_id').references((): AnyPgColumn => pipelineDeals.id, { onDelete: 'restrict' }),
    /** what will be disclosed: shown to an investor only once they accept */
    summary: text('summary').notNull(),
    /** the consent wording fixed when the sounding was opened */
    wording: text('wording').notNull(),
    created_by: reference('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    cleansed_at: timestamptz('cleansed_at'),
    cleansed_by: reference('cleansed_by').references(() => users.id, { onDelete: 'set null' }),
    cleansing_reason: text('cleansing_reason'),
  },
  (table) => [
    index('market_soundings_created_at_index').on(table.created_at, table.id),
    index('market_soundings_deal_index')
      .on(table.deal_id)
      .where(sql`${table.deal_id} is not null`),
    index('market_soundings_opportunity_index')
      .on(table.opportunity_id)
      .where(sql`${table.opportunity_id} is not null`),
    check('market_soundings_one_subject', sql`num_nonnulls(${table.opportunity_id}, ${table.deal_id}) = 1`),
    check('market_soundings_summary_length', sql`char_length(btrim(${table.summary})) between 1 and 20000`),
    check('market_soundings_wording_present', sql`char_length(btrim(${table.wording})) > 0`),
    check(
      'market_soundings_cleansing',
      sql`(${table.cleansed_at} is null and ${table.cleansing_reason} is null) or (${table.cleansed_at} is not null and ${table.cleansing_reason} is not null and length(btrim(${table.cleansing_reason})) > 0)`,
    ),
  ],
);
export type MarketSoundingRow = typeof marketSoundings.$inferSelect;

/** The investors sounded (users of role 5, the ids /api/investors lists). */
export const marketSoundingRecipients = pgTable(
  'market_sounding_recipients',
  {
    id: id(),
    sounding_id: reference('sounding_id')
      .notNull()
      .references(() => marketSoundings.id, { onDelete: 'restrict' }),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('market_sounding_recipients_unique').on(table.sounding_id, table.user_id),
    index('market_sounding_recipients_user_index').on(table.user_id),
  ],
);

/** Every step of a sounding, with its UTC time; the investor's for all but the cleansing. */
export const marketSoundingEvents = pgTable(
  'market_sounding_events',
  {
    id: id(),
    sounding_id: reference('sounding_id')
      .notNull()
      .references(() => marketSoundings.id, { onDelete: 'restrict' }),
    user_id: reference('user_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: MARKET_SOUNDING_EVENT_KINDS }).notNull(),
    /** 1, 2 or 3 for an answer (spec §4) */
    response: smallint('response'),
    /** the text shown, for viewed, accepted and declined */
    wording: text('wording'),
    actor_id: reference('actor_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('market_sounding_events_sounding_index').on(table.sounding_id, table.created_at, table.id),
    index('market_sounding_events_user_index')
      .on(table.user_id)
      .where(sql`${table.user_id} is not null`),
    uniqueIndex('market_sounding_events_decision_unique')
      .on(table.sounding_id, table.user_id)
      .where(sql`${table.kind} in ('accepted', 'declined')`),
    uniqueIndex('market_sounding_events_answer_unique')
      .on(table.sounding_id, table.user_id)
      .where(sql`${table.kind} = 'answered'`),
    uniqueIndex('market_sounding_events_viewed_unique')
      .on(table.sounding_id, table.user_id)
      .where(sql`${table.kind} = 'viewed'`),
    uniqueIndex('market_sounding_events_invited_unique')
      .on(table.sounding_id, table.user_id)
      .where(sql`${table.kind} = 'invited'`),
    uniqueIndex('market_sounding_events_cleansed_unique')
      .on(table.sounding_id)
      .where(sql`${table.kind} = 'cleansed'`),
    check(
      'market_sounding_events_kind_known',
      sql`${table.kind} in (${inList(MARKET_SOUNDING_EVENT_KINDS)})`,
    ),
    check(
      'market_sounding_events_response',
      sql`(${table.kind} = 'answered' and ${table.response} in (1, 2, 3)) or (${table.kind} <> 'answered' and ${table.response} is null)`,
    ),
    check(
      'market_sounding_events_wording',
      sql`(${table.kind} in ('viewed', 'accepted', 'declined')) = (${table.wording} is not null)`,
    ),
    check('market_sounding_events_investor', sql`(${table.kind} = 'cleansed') = (${table.user_id} is null)`),
  ],
);
export type MarketSoundingEventRow = typeof marketSoundingEvents.$inferSelect;

/** Investors who asked not to be sounded again: one row each, kept. */
export const marketSoundingOptOuts = pgTable(
  'market_sounding_opt_outs',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** the sounding they opted out from */
    sounding_id: reference('sounding_id').references(() => marketSoundings.id, { onDelete: 'restrict' }),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('market_sounding_opt_outs_user_unique').on(table.user_id)],
);
