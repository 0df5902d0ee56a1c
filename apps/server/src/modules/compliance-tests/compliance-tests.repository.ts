import type { ComplianceBank } from '@portico/contracts';
import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  categorisations,
  complianceAttempts,
  complianceOptions,
  complianceQuestions,
  complianceSettings,
  users,
} from '../../db/schema';

export type QuestionRow = typeof complianceQuestions.$inferSelect;
export type OptionRow = typeof complianceOptions.$inferSelect;
export type AttemptRow = typeof complianceAttempts.$inferSelect;
export type NewAttemptRow = typeof complianceAttempts.$inferInsert;
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] };

export async function readSettings(db: DbOrTx) {
  const [row] = await db.select().from(complianceSettings).where(eq(complianceSettings.id, 1));
  return row;
}

export async function saveSettings(db: DbOrTx, complianceTries: number) {
  const [row] = await db
    .insert(complianceSettings)
    .values({ id: 1, compliance_tries: complianceTries })
    .onConflictDoUpdate({
      target: complianceSettings.id,
      set: { compliance_tries: complianceTries, updated_at: new Date() },
    })
    .returning();
  if (!row) throw new Error('upsert into compliance_settings returned no row');
  return row;
}

/** A bank's questions in order, each with its options in order. */
export async function listQuestions(
  db: DbOrTx,
  bank: ComplianceBank,
  activeOnly: boolean,
): Promise<QuestionWithOptions[]> {
  const questions = await db
    .select()
    .from(complianceQuestions)
    .where(
      and(eq(complianceQuestions.bank, bank), activeOnly ? eq(complianceQuestions.active, true) : undefined),
    )
    .orderBy(asc(complianceQuestions.position), asc(complianceQuestions.id));
  return withOptions(db, questions);
}

async function withOptions(db: DbOrTx, questions: QuestionRow[]): Promise<QuestionWithOptions[]> {
  if (questions.length === 0) return [];
  const options = await db
    .select()
    .from(complianceOptions)
    .where(
      inArray(
        complianceOptions.question_id,
        questions.map((question) => question.id),
      ),
    )
    .orderBy(asc(complianceOptions.position), asc(complianceOptions.id));
  return questions.map((question) => ({
    ...question,
    options: options.filter((option) => option.question_id === question.id),
  }));
}

/**
 * A question with its options; `lock` holds the question's row until the transaction ends, so two
 * changes to its options run one after the other (each sees the other's options and positions).
 */
export async function findQuestion(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<QuestionWithOptions | undefined> {
  const query = db.select().from(complianceQuestions).where(eq(complianceQuestions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const [found] = await withOptions(db, [row]);
  return found;
}

export async function nextPosition(db: DbOrTx, bank: ComplianceBank) {
  const [row] = await db
    .select({ value: max(complianceQuestions.position) })
    .from(complianceQuestions)
    .where(eq(complianceQuestions.bank, bank));
  return (row?.value ?? -1) + 1;
}

/** How many questions a bank holds: it never exceeds COMPLIANCE_QUESTIONS_PER_BANK. */
export async function countQuestions(db: DbOrTx, bank: ComplianceBank) {
  const [row] = await db
    .select({ value: count() })
    .from(complianceQuestions)
    .where(eq(complianceQuestions.bank, bank));
  return row?.value ?? 0;
}

export async function insertQuestion(db: DbOrTx, values: typeof complianceQuestions.$inferInsert) {
  const [row] = await db.insert(complianceQuestions).values(values).returning();
  if (!row) throw new Error('insert into compliance_questions returned no row');
  return row;
}

export async function updateQuestion(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof complianceQuestions.$inferInsert>,
) {
  await db
    .update(complianceQuestions)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(complianceQuestions.id, id));
}

export async function deleteQuestion(db: DbOrTx, id: number) {
  await db.delete(complianceQuestions).where(eq(complianceQuestions.id, id));
}

export interface OptionValues {
  id?: number | undefined;
  option: string;
  is_correct: boolean;
}

/**
 * Makes a question's options exactly the list given, in its order: kept ids change, others go. Run in a
 * transaction holding the question's lock (findQuestion): the unique positions are checked at commit.
 */
export async function replaceOptions(db: DbOrTx, questionId: number, options: OptionValues[]) {
  // Renumbering row by row passes through repeated positions (a swap): only the end state must hold.
  await db.execute(sql`set constraints compliance_options_question_position_unique deferred`);
  const keep = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  const existing = await db
    .select({ id: complianceOptions.id })
    .from(complianceOptions)
    .where(eq(complianceOptions.question_id, questionId));
  const gone = existing.map((row) => row.id).filter((id) => !keep.includes(id));
  if (gone.length > 0) await db.delete(complianceOptions).where(inArray(complianceOptions.id, gone));
  for (const [position, option] of options.entries()) {
    if (option.id === undefined)
      await db.insert(complianceOptions).values({
        question_id: questionId,
        option: option.option,
        is_correct: option.is_correct,
        position,
      });
    else
      await db
        .update(complianceOptions)
        .set({ option: option.option, is_correct: option.is_correct, position, updated_at: new Date() })
        .where(and(eq(complianceOptions.id, option.id), eq(complianceOptions.question_id, questionId)));
  }
}

/**
 * The investor's row, locked until the transaction ends: two submissions by the same investor run one
 * after the other, so neither can miss the other's try or cooldown.
 */
export async function lockUser(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function setUserCompliance(db: DbOrTx, userId: number, tries: number, passed: boolean) {
  await db
    .update(users)
    .set({ compliance_tries: tries, compliance_passed: passed ? 1 : 0, updated_at: new Date() })
    .where(eq(users.id, userId));
}

/** An investor's attempts, newest first. */
export function listAttempts(db: DbOrTx, userId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(complianceAttempts)
    .where(eq(complianceAttempts.user_id, userId))
    .orderBy(desc(complianceAttempts.created_at), desc(complianceAttempts.id));
}

export async function lastAttempt(db: DbOrTx, userId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(complianceAttempts)
    .where(eq(complianceAttempts.user_id, userId))
    .orderBy(desc(complianceAttempts.created_at), desc(complianceAttempts.id))
    .limit(1);
  return row;
}

export async function insertAttempt(db: DbOrTx, values: NewAttemptRow) {
  const [row] = await db.insert(complianceAttempts).values(values).returning();
  if (!row) throw new Error('insert into compliance_attempts returned no row');
  return row;
}

/** Whether the investor holds an approved categorisation that has not expired at `now`. */
export async function hasCurrentCategorisation(db: DbOrTx, userId: number, now: Date) {
  const [row] = await db
    .select({ id: categorisations.id })
    .from(categorisations)
    .where(
      and(
        eq(categorisations.user_id, userId),
        eq(categorisations.status, 'approved'),
        gt(categorisations.expires_at, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
