import type { ImportField, ImportKind } from '@portico/contracts';
import type { UserRow } from '../../db/schema';
import type { Actor } from '../../platform/audit/audit';

/** What running an import does with one row. */
export type RowOutcome = 'created' | 'updated';

/** A row's field errors, or what applying it would do. */
export type RowCheck = { errors: Record<string, string[]> } | { action: 'create' | 'update' };

/** Checks one row with what `checker` loaded for the whole file: no query per row. */
export type RowChecker = (values: Record<string, string>) => RowCheck;

/**
 * One kind of record an import can create or update. A file's rows are checked together (without
 * writing) for the preview and before the run, then applied one by one, each in a transaction of its own.
 */
export interface ImportTarget {
  kind: ImportKind;
  fields: readonly ImportField[];
  /**
   * Loads what checking these rows needs (lookups, the records their emails already match) in a few
   * queries, and returns the row checker. Never writes.
   */
  checker(rows: readonly Record<string, string>[]): Promise<RowChecker>;
  /** Creates or updates the record a row describes (matched on email). */
  apply(
    values: Record<string, string>,
    who: { user: UserRow; actor: Actor; invite: boolean },
  ): Promise<RowOutcome>;
}
