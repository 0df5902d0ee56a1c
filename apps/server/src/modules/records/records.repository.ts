import { ATTRIBUTE_SUBJECT_TYPES, type SubjectType } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attributeValues, calls, documents, notes, questionnaireResponses, tasks } from '../../db/schema';
import type { Storage } from '../../platform/storage/storage';

/**
 * Deletes what hangs off a record (documents, notes, calls, tasks, custom-attribute values, and a person's
 * questionnaire answers) when the record itself is deleted,
 * in its transaction. Answers the storage keys of the documents, to delete once the transaction commits.
 */
export async function purgeRecordParts(tx: DbOrTx, type: SubjectType, id: number): Promise<string[]> {
  const removed = await tx
    .delete(documents)
    .where(and(eq(documents.subject_type, type), eq(documents.subject_id, id)))
    .returning({ key: documents.storage_key });
  for (const table of [notes, calls, tasks])
    await tx.delete(table).where(and(eq(table.subject_type, type), eq(table.subject_id, id)));
  const attributeSubject = ATTRIBUTE_SUBJECT_TYPES.find((subject) => subject === type);
  if (attributeSubject)
    await tx
      .delete(attributeValues)
      .where(and(eq(attributeValues.subject_type, attributeSubject), eq(attributeValues.subject_id, id)));
  if (type === 'investor' || type === 'contact')
    await tx
      .delete(questionnaireResponses)
      .where(and(eq(questionnaireResponses.subject_type, type), eq(questionnaireResponses.subject_id, id)));
  return removed.map((row) => row.key);
}

/** Removes stored files after their rows are gone; a file that will not delete is left, never fatal. */
export async function removeStoredFiles(storage: Storage, keys: string[]) {
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}
