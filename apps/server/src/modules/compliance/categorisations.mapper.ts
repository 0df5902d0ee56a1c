import { findCategorisationStatement, type Categorisation } from '@portico/contracts';
import { toApiTimestamp } from '../../platform/time';
import { personRef, timestampOrNull } from './compliance.shared';
import type { CategorisationRecord, CategorisationRow } from './categorisations.repository';

/** Approved and not yet expired. */
export const isValid = (row: CategorisationRecord, now: Date) =>
  row.status === 'approved' && row.expires_at.getTime() >= now.getTime();

/**
 * The current categorisation: the most recently signed valid one (the rule
 * `refreshOnboardingState` applies to the investor's profile). Rows come most recently signed first.
 */
export const currentOf = (rows: CategorisationRow[], now: Date) =>
  rows.find((row) => isValid(row.categorisation, now));

export function toCategorisation(
  row: CategorisationRow,
  currentId: number | undefined,
  now: Date,
): Categorisation {
  const { categorisation: record } = row;
  const statement = findCategorisationStatement(record.category, record.statement_version);
  return {
    id: record.id,
    investor_id: record.user_id,
    category: record.category,
    statement_version: record.statement_version,
    statement_title: statement?.title ?? 'Categorisation statement',
    statement_text: record.statement_text,
    answers: record.answers,
    signature: record.signature,
    signed_at: toApiTimestamp(record.signed_at),
    expires_at: toApiTimestamp(record.expires_at),
    status: record.status,
    reason: record.reason,
    recorded_by: personRef(record.recorded_by, row.recorder_name),
    reviewed_by: personRef(record.reviewed_by, row.reviewer_name),
    reviewed_at: timestampOrNull(record.reviewed_at),
    is_current: record.id === currentId,
    is_expired: record.expires_at.getTime() < now.getTime(),
    created_at: toApiTimestamp(record.created_at),
  };
}
