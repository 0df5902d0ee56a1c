import type { ImportField, ImportKind } from '@portico/contracts';
import type { UserRow } from '../../db/schema';
import type { Actor } from '../../platform/audit/audit';

/** What running an import does with one row. */
export type RowOutcome = 'created' | 'updated';

/**
 * One kind of record an import can create or update. Rows are checked (without writing) for the
 * preview, then applied one by one, each in a transaction of its own.
 */
export interface ImportTarget {
  kind: ImportKind;
  fields: readonly ImportField[];
  /** Field errors of a row, or what applying it would do; never writes. */
  check(
    values: Record<string, string>,
  ): Promise<{ errors: Record<string, string[]> } | { action: 'create' | 'update' }>;
  /** Creates or updates the record a row describes (matched on email). */
  apply(
    values: Record<string, string>,
    who: { user: UserRow; actor: Actor; invite: boolean },
  ): Promise<RowOutcome>;
}
