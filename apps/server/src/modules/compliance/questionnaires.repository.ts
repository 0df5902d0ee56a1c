import type { QuestionnaireForm } from '@portico/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { questionnaireResponses, users } from '../../db/schema';

export type QuestionnaireSubjectType = 'investor' | 'contact';
export type QuestionnaireRow = {
  response: typeof questionnaireResponses.$inferSelect;
  recorder_name: string | null;
};

/** Every save of one form for one record, newest first. */
export function listResponses(
  db: DbOrTx,
  type: QuestionnaireSubjectType,
  id: number,
  form: QuestionnaireForm,
): Promise<QuestionnaireRow[]> {
  return db
    .select({ response: questionnaireResponses, recorder_name: users.name })
    .from(questionnaireResponses)
    .leftJoin(users, eq(users.id, questionnaireResponses.recorded_by))
    .where(
      and(
        eq(questionnaireResponses.subject_type, type),
        eq(questionnaireResponses.subject_id, id),
        eq(questionnaireResponses.form, form),
      ),
    )
    .orderBy(desc(questionnaireResponses.created_at), desc(questionnaireResponses.id));
}

export async function insertResponse(db: DbOrTx, values: typeof questionnaireResponses.$inferInsert) {
  const [row] = await db.insert(questionnaireResponses).values(values).returning();
  if (!row) throw new Error('insert into questionnaire_responses returned no row');
  return row;
}
