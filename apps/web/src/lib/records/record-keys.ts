import { SUBJECT_PATHS, type SubjectType } from '@portico/contracts';

/** A record: its type and id. Every shared record part (documents, notes, activity…) takes one. */
export interface RecordRef {
  readonly type: SubjectType;
  readonly id: number;
}

/** /api/investors/7, /api/contacts/3, … */
export function recordApiPath({ type, id }: RecordRef, rest = ''): string {
  return `/api/${SUBJECT_PATHS[type]}/${id}${rest ? `/${rest}` : ''}`;
}

/** Query keys of a record's parts: one tree per record, so a change can refresh exactly what it touched. */
export const recordKeys = {
  all: ['records'] as const,
  record: ({ type, id }: RecordRef) => [...recordKeys.all, type, id] as const,
  documents: (record: RecordRef) => [...recordKeys.record(record), 'documents'] as const,
  notes: (record: RecordRef) => [...recordKeys.record(record), 'notes'] as const,
  calls: (record: RecordRef) => [...recordKeys.record(record), 'calls'] as const,
  tasks: (record: RecordRef) => [...recordKeys.record(record), 'tasks'] as const,
  activity: (record: RecordRef) => [...recordKeys.record(record), 'activity'] as const,
};

/** "My tasks" across every record. */
export const taskKeys = {
  all: ['tasks'] as const,
  mine: (params: { status: string; perPage: number }) => [...taskKeys.all, 'mine', params] as const,
};
