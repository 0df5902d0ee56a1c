import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import {
  COMPLIANCE_BANKS,
  COMPLIANCE_OPTIONS_PER_QUESTION,
  type ComplianceSnapshotAnswer,
  type ComplianceSnapshotQuestion,
} from '@portico/contracts';
import { id, reference, timestamps, timestamptz } from './columns';
import { users } from './users';

/** Compliance settings (spec §3): one row, id 1. compliance_tries 9999 means unlimited. */
export const complianceSettings = pgTable(
  'compliance_settings',
  {
    id: integer('id').primaryKey().default(1),
    compliance_tries: integer('compliance_tries').notNull().default(9999),
    ...timestamps(),
  },
  (table) => [check('compliance_settings_single_row', sql`${table.id} = 1`)],
);

/** The appropriateness test's questions, per bank (the second bank serves risk-warning mode). */
export const complianceQuestions = pgTable(
  'compliance_questions',
  {
    id: id(),
    bank: text('bank', { enum: COMPLIANCE_BANKS }).notNull().default('standard'),
    question: text('question').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [index('compliance_questions_bank_index').on(table.bank, table.position, table.id)],
);

/**
 * A question's options; one or more are correct. Positions are 0, 1, 2… and unique per question, so the
 * range check is the cap of COMPLIANCE_OPTIONS_PER_QUESTION: parallel adds cannot pass it. The unique
 * constraint is DEFERRABLE in its migration (drizzle cannot declare it): a reorder defers it to commit.
 */
export const complianceOptions = pgTable(
  'compliance_options',
  {
    id: id(),
    question_id: reference('question_id')
      .notNull()
      .references(() => complianceQuestions.id, { onDelete: 'cascade' }),
    option: text('option').notNull(),
    is_correct: boolean('is_correct').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    unique('compliance_options_question_position_unique').on(table.question_id, table.position),
    check(
      'compliance_options_position_range',
      sql`${table.position} between 0 and ${sql.raw(String(COMPLIANCE_OPTIONS_PER_QUESTION - 1))}`,
    ),
  ],
);

/**
 * Every attempt, as regulatory evidence: the questions and options exactly as shown (a snapshot, so a
 * later edit of the bank does not rewrite history), the answers given, the score and when.
 */
export const complianceAttempts = pgTable(
  'compliance_attempts',
  {
    id: id(),
    user_id: reference('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bank: text('bank', { enum: COMPLIANCE_BANKS }).notNull(),
    questions: jsonb('questions').$type<ComplianceSnapshotQuestion[]>().notNull(),
    answers: jsonb('answers').$type<ComplianceSnapshotAnswer[]>().notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    created_at: timestamptz('created_at').notNull(),
  },
  (table) => [index('compliance_attempts_user_index').on(table.user_id, table.created_at)],
);
