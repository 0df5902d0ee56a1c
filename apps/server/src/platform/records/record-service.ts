import { parseListQuery, type ExportFormat, type ListColumn } from '@portico/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type Actor } from '../audit/audit';
import { EXPORT_CAP, exportRecords, type Cell } from '../export/table-export';
import { notFound } from '../http/errors';
import { paginate, pickFields } from '../list-query/paginator';
import type { Storage } from '../storage/storage';
import type { WorkerPool } from '../workers/worker-pool';
import { changedFields } from './changed-fields';
import type { RecordRepository, RecordTable } from './record-repository';

type Snapshot = Record<string, unknown>;
type CellOf<Item, Key extends string> = (item: Item, key: Key) => Cell;
/** A record as the contract presents it: its id and its fields. */
type Resource = Snapshot & { id: number };

/** What a record type adds to the shared plumbing: its names, its mapper, its inputs and its rules. */
export interface RecordDefinition<
  T extends RecordTable,
  Row,
  Item extends Resource,
  Create,
  Update,
  Key extends string,
> {
  repository: RecordRepository<T, Row>;
  /** the audit trail's subject type, and its actions' prefix: `nominee` writes nominee.created … */
  auditType: string;
  /** the 404's message: "No nominee with that id." */
  notFound: string;
  /** a row as the contract's resource (the mapper) */
  present: (row: Row) => Item;
  /** the new row's columns from a create input */
  insert: (input: Create) => T['$inferInsert'];
  /** the columns an update input changes; before is the record as it stands */
  patch: (input: Update, before: Item) => Partial<T['$inferInsert']>;
  /**
   * what the created, updated and deleted audit rows compare and keep of a record, when more than its resource
   * (an opportunity's description, which the list's resource leaves out); the resource by default
   */
  audited?: (row: Row) => Snapshot;
  export: {
    columns: readonly ListColumn<Key>[];
    sheetName: string;
    /**
     * A record's value in a column of the file, made once per export: it may read settings first
     * (terminology for labels), so it is a function that answers the cell function.
     */
    cells: () => CellOf<Item, Key> | Promise<CellOf<Item, Key>>;
  };
  /** Rules and clean-up, each in the change's transaction; a rule refuses by throwing (a 422 or a 409). */
  rules?: {
    create?: (tx: DbOrTx, input: Create) => Promise<void>;
    update?: (tx: DbOrTx, input: Update, before: Item) => Promise<void>;
    /** before the row goes (e.g. "refused while linked"); answers what the deletion's audit row records as after */
    remove?: (tx: DbOrTx, actor: Actor, before: Item) => Promise<Snapshot | null | undefined>;
  };
  /** deletes what hangs off a record with it; answers the storage keys of its files */
  purge?: (tx: DbOrTx, id: number) => Promise<string[]>;
  /** what a unique violation on create or update means to the user (a field error) */
  conflict?: () => Error;
}

/**
 * List, export, get or 404, and create, update and delete in a transaction with their audit row (an
 * update records only the fields it changed, and nothing when it changed none).
 */
export function createRecordService<
  T extends RecordTable,
  Row,
  Item extends Resource,
  Create,
  Update,
  Key extends string,
>(
  /**
   * the database, the storage a deleted record's files are removed from once the deletion commits,
   * and the threads an export's file is written on
   */
  { db, storage, workers }: { db: Db; storage: Storage; workers: WorkerPool },
  definition: RecordDefinition<T, Row, Item, Create, Update, Key>,
) {
  const { repository, auditType, rules } = definition;

  async function load(tx: DbOrTx, id: number): Promise<Item> {
    const row = await repository.find(tx, id);
    if (!row) throw notFound(definition.notFound);
    return definition.present(row);
  }

  /** The record and its audit snapshot, from one read. */
  async function loadAudited(tx: DbOrTx, id: number): Promise<{ item: Item; snapshot: Snapshot }> {
    const row = await repository.find(tx, id);
    if (!row) throw notFound(definition.notFound);
    const item = definition.present(row);
    return { item, snapshot: definition.audited ? definition.audited(row) : item };
  }

  function conflicted(error: unknown): never {
    if (definition.conflict && isUniqueViolation(error)) throw definition.conflict();
    throw error;
  }

  /** Creates a record in the caller's transaction (a proposal approved elsewhere, too). */
  async function insert(tx: DbOrTx, actor: Actor, input: Create): Promise<Item> {
    await rules?.create?.(tx, input);
    const row = await repository.insert(tx, definition.insert(input));
    const { item: created, snapshot } = await loadAudited(tx, row.id);
    await recordAudit(tx, actor, {
      action: `${auditType}.created`,
      subjectType: auditType,
      subjectId: created.id,
      after: snapshot,
    });
    return created;
  }

  return {
    load,
    insert,
    listQuery: repository.spec,

    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(repository.spec, raw);
      const { rows, total } = await repository.list(db, query);
      const data = rows.map((row) => pickFields(definition.present(row), query.fields));
      return paginate(data, total, query, requestUrl);
    },

    /** The filtered list as a file, with the chosen columns (all by default), within `scope` when given. */
    async export(raw: Record<string, unknown>, format: ExportFormat, columnKeys: string[], scope?: SQL) {
      const query = parseListQuery(repository.spec, raw);
      return exportRecords({
        workers,
        columns: definition.export.columns,
        chosen: columnKeys,
        batches: repository.batches(db, query, EXPORT_CAP, scope),
        present: (batch) => batch.map(definition.present),
        cell: await definition.export.cells(),
        format,
        sheetName: definition.export.sheetName,
      });
    },

    get: (id: number) => load(db, id),

    async create(actor: Actor, input: Create) {
      const created = await db.transaction((tx) => insert(tx, actor, input)).catch(conflicted);
      return load(db, created.id);
    },

    async update(actor: Actor, id: number, input: Update) {
      await db
        .transaction(async (tx) => {
          const { item: before, snapshot } = await loadAudited(tx, id);
          await rules?.update?.(tx, input, before);
          await repository.update(tx, id, definition.patch(input, before));
          const changes = changedFields(snapshot, (await loadAudited(tx, id)).snapshot);
          if (changes)
            await recordAudit(tx, actor, {
              action: `${auditType}.updated`,
              subjectType: auditType,
              subjectId: id,
              ...changes,
            });
        })
        .catch(conflicted);
      return load(db, id);
    },

    /** Deletes the record and what hangs off it; its stored files go once the deletion commits. */
    async remove(actor: Actor, id: number) {
      const files = await db.transaction(async (tx) => {
        // the whole record, as its created and updated rows keep it: the audit log still reads it once gone
        const { item: before, snapshot } = await loadAudited(tx, id);
        const after = await rules?.remove?.(tx, actor, before);
        const keys = (await definition.purge?.(tx, id)) ?? [];
        await repository.remove(tx, id);
        await recordAudit(tx, actor, {
          action: `${auditType}.deleted`,
          subjectType: auditType,
          subjectId: id,
          before: snapshot,
          after: after ?? null,
        });
        return keys;
      });
      // A file that will not delete is left behind, never fatal: its row is already gone.
      for (const key of files) await storage.delete(key).catch(() => undefined);
    },
  };
}
