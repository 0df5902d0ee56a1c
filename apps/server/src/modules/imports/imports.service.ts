import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Import, ImportKind, ImportPreview } from '@portico/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { imports, type UserRow } from '../../db/schema';
import { recordAudit, recordAudits, type Actor } from '../../platform/audit/audit';
import { randomToken } from '../../platform/crypto';
import { fieldError, HttpError, notFound, validationError } from '../../platform/http/errors';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { readImportFile } from './import-file';
import type { ImportTarget, RowCheck } from './import-targets';

type ImportRow = typeof imports.$inferSelect;
const PROGRESS_EVERY = 20;
/** Rows checked between two turns of the event loop, so a 10,000-row check never holds up others. */
const CHECK_SLICE = 100;
const MAX_REPORTED_ERRORS = 500;
const ALREADY_RUN = 'This import has already been started; follow its progress instead.';
const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A file's columns matched to our fields by heading (and the headings people often use instead). */
function suggestMapping(target: ImportTarget, headers: string[]) {
  const mapping: Record<string, string> = {};
  for (const field of target.fields) {
    const names = [field.key, field.label, ...field.aliases].map(normal);
    const heading = headers.find((candidate) => names.includes(normal(candidate)));
    if (heading) mapping[field.key] = heading;
  }
  return mapping;
}

const toResource = (row: ImportRow): Import => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  file_name: row.file_name,
  headers: row.headers,
  mapping: row.mapping ?? {},
  total_rows: row.total_rows,
  processed_rows: row.processed_rows,
  created_count: row.created_count,
  updated_count: row.updated_count,
  failed_count: row.failed_count,
  row_errors: row.row_errors,
  error: row.error,
  created_at: toApiTimestamp(row.created_at),
  finished_at: toApiTimestampOrNull(row.finished_at),
});

/** The audit row's account of an import: which file, of what, and the columns chosen for each field. */
const described = (row: ImportRow) => ({
  kind: row.kind,
  file_name: row.file_name,
  total_rows: row.total_rows,
});
/** The counts a run's audit row keeps. */
const outcome = (row: ImportRow) => ({
  status: row.status,
  processed_rows: row.processed_rows,
  created: row.created_count,
  updated: row.updated_count,
  failed: row.failed_count,
  ...(row.error ? { error: row.error } : {}),
  finished_at: row.finished_at?.toISOString() ?? null,
});
/**
 * The file's columns, in the file's order, each with the field it fills: the mapping read the way the
 * person chose it (a list, as a JSON object's keys do not keep their order in the database).
 */
const columnsOf = (headers: readonly string[], mapping: Record<string, string> | null) =>
  headers.flatMap((column) =>
    Object.entries(mapping ?? {})
      .filter(([, heading]) => heading === column)
      .map(([field]) => ({ column, field })),
  );

/** An import that was running when the (single, embedded) node stopped will not finish: say so. */
export async function failInterruptedImports(db: Db) {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(imports)
      .set({
        status: 'failed',
        error:
          'The server restarted while this import ran; upload the file again (rows already imported are matched on email).',
        finished_at: new Date(),
      })
      .where(eq(imports.status, 'running'))
      .returning();
    await recordAudits(
      tx,
      { userId: null, requestId: 'startup:imports', ip: '' },
      failed.map((row) => ({
        action: 'import.failed',
        subjectType: 'import',
        subjectId: row.id,
        before: { status: 'running' },
        after: { ...described(row), ...outcome(row) },
      })),
    );
  });
}

/**
 * Imports: upload a file, map its columns, preview every row's errors, then run. Each row is written
 * in a transaction of its own, so a bad row is reported and never half-written; rows are matched on
 * email, so importing the same file again updates rather than duplicates.
 */
export function createImportsService(ctx: AppContext) {
  const { db, storage, workers } = ctx;
  const targets = new Map<ImportKind, ImportTarget>();
  const running = new Set<number>();

  function targetOf(kind: ImportKind) {
    const target = targets.get(kind);
    if (!target) throw new HttpError(404, `Importing ${kind} is not available.`, 'NOT_FOUND');
    return target;
  }

  async function load(id: number, userId: number) {
    const [row] = await db
      .select()
      .from(imports)
      .where(and(eq(imports.id, id), eq(imports.created_by, userId)));
    if (!row) throw notFound('No import with that id.');
    return row;
  }

  /** Each row's values by field, read from the mapped columns only. */
  async function valuesOf(row: ImportRow): Promise<Record<string, string>[]> {
    const file = await storage.get(row.storage_key);
    if (!file)
      throw new HttpError(410, 'The uploaded file is no longer available; upload it again.', 'NOT_FOUND');
    const fields = Object.entries(row.mapping ?? {});
    const table = await readImportFile(
      workers,
      file.body,
      fields.map(([, heading]) => heading),
    );
    return table.rows.map((cells) =>
      Object.fromEntries(fields.map(([key], index) => [key, cells[index] ?? ''])),
    );
  }

  /**
   * Every row of a file checked the same way for the preview and the run: the target's checks (loaded
   * once for the whole file), and an email that an earlier row already has is an error.
   */
  async function checkRows(row: ImportRow) {
    const target = targetOf(row.kind);
    const values = await valuesOf(row);
    const check = await target.checker(values);
    const emails = new Set<string>();
    const checked: RowCheck[] = [];
    for (const [index, rowValues] of values.entries()) {
      if (index > 0 && index % CHECK_SLICE === 0) await nextTurn();
      const result = check(rowValues);
      const email = rowValues.email?.trim().toLowerCase();
      const repeated = email !== undefined && email !== '' && emails.has(email);
      if (email) emails.add(email);
      checked.push(
        repeated && !('errors' in result)
          ? { errors: { email: ['This email appears on an earlier row of the file.'] } }
          : result,
      );
    }
    return { target, values, checked };
  }

  async function work(row: ImportRow, who: { user: UserRow; actor: Actor; invite: boolean }) {
    const { id } = row;
    const { target, values, checked } = await checkRows(row);
    const counts = { created: 0, updated: 0, failed: 0 };
    const errors: ImportRow['row_errors'] = [];
    const save = (processed: number, extra: Partial<ImportRow> = {}) =>
      db
        .update(imports)
        .set({
          processed_rows: processed,
          created_count: counts.created,
          updated_count: counts.updated,
          failed_count: counts.failed,
          row_errors: errors,
          ...extra,
        })
        .where(eq(imports.id, id));
    for (const [index, rowValues] of values.entries()) {
      const number = index + 2; // the heading is row 1, as a spreadsheet numbers them
      try {
        const result = checked[index];
        if (result && 'errors' in result) throw validationError(result.errors);
        counts[await target.apply(rowValues, who)] += 1;
      } catch (error) {
        counts.failed += 1;
        const fields =
          error instanceof HttpError
            ? (error.errors ?? { row: [error.message] })
            : { row: ['Could not be saved.'] };
        if (!(error instanceof HttpError))
          ctx.log.error({ err: error, importId: id, row: number }, 'import row failed');
        if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row: number, errors: fields });
      }
      if ((index + 1) % PROGRESS_EVERY === 0) await save(index + 1);
    }
    // The end of the run and its audit row (the counts) stand or fall together.
    await db.transaction(async (tx) => {
      const [finished] = await tx
        .update(imports)
        .set({
          processed_rows: values.length,
          created_count: counts.created,
          updated_count: counts.updated,
          failed_count: counts.failed,
          row_errors: errors,
          status: 'completed',
          finished_at: new Date(),
        })
        .where(eq(imports.id, id))
        .returning();
      if (finished)
        await recordAudit(tx, who.actor, {
          action: 'import.completed',
          subjectType: 'import',
          subjectId: id,
          before: { status: 'running' },
          after: { ...described(finished), ...outcome(finished) },
        });
    });
  }

  return {
    register(target: ImportTarget) {
      targets.set(target.kind, target);
    },

    async upload(
      user: UserRow,
      actor: Actor,
      kind: ImportKind,
      file: { filename: string; body: Buffer } | undefined,
    ) {
      const target = targetOf(kind);
      if (!file) throw fieldError('file', 'Choose a CSV or Excel file to import.');
      const parsed = await readImportFile(workers, file.body);
      const key = `imports/${randomToken(18)}.${parsed.extension}`;
      await storage.put(key, file.body, parsed.contentType);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(imports)
          .values({
            kind,
            file_name: file.filename.split(/[\\/]/).pop()?.slice(0, 200) ?? 'import',
            storage_key: key,
            headers: parsed.headers,
            mapping: suggestMapping(target, parsed.headers),
            total_rows: parsed.rowCount,
            created_by: user.id,
          })
          .returning();
        if (!inserted) throw new Error('import insert returned no row');
        await recordAudit(tx, actor, {
          action: 'import.uploaded',
          subjectType: 'import',
          subjectId: inserted.id,
          after: {
            ...described(inserted),
            size_bytes: file.body.length,
            headers: inserted.headers,
            uploaded_by: { id: user.id, name: user.name },
          },
        });
        return inserted;
      });
      return toResource(row);
    },

    async get(user: UserRow, id: number) {
      return toResource(await load(id, user.id));
    },

    async list(user: UserRow) {
      const rows = await db
        .select()
        .from(imports)
        .where(eq(imports.created_by, user.id))
        .orderBy(desc(imports.created_at))
        .limit(20);
      return rows.map(toResource);
    },

    /** Our field → one of the file's headings; every required field must be mapped. */
    async setMapping(user: UserRow, actor: Actor, id: number, mapping: Record<string, string>) {
      const row = await load(id, user.id);
      if (row.status !== 'preview') throw fieldError('mapping', ALREADY_RUN);
      const target = targetOf(row.kind);
      const errors: Record<string, string[]> = {};
      for (const [key, heading] of Object.entries(mapping)) {
        if (!target.fields.some((field) => field.key === key))
          errors[`mapping.${key}`] = [`“${key}” is not a field you can import.`];
        else if (!row.headers.includes(heading))
          errors[`mapping.${key}`] = [`The file has no column “${heading}”.`];
      }
      for (const field of target.fields)
        if (field.required && !mapping[field.key])
          errors[`mapping.${field.key}`] = [`Choose the column that holds ${field.label.toLowerCase()}.`];
      if (Object.keys(errors).length > 0) throw validationError(errors);
      // Only while it is a preview: a run that started meanwhile keeps the mapping it started with.
      const updated = await db.transaction(async (tx) => {
        const [saved] = await tx
          .update(imports)
          .set({ mapping })
          .where(and(eq(imports.id, id), eq(imports.status, 'preview')))
          .returning();
        if (!saved) throw fieldError('mapping', ALREADY_RUN);
        await recordAudit(tx, actor, {
          action: 'import.mapped',
          subjectType: 'import',
          subjectId: id,
          before: { mapping: row.mapping ?? {}, columns: columnsOf(row.headers, row.mapping) },
          after: { ...described(saved), mapping, columns: columnsOf(row.headers, mapping) },
        });
        return saved;
      });
      return toResource(updated);
    },

    /** Every row checked against the mapping, without writing: the counts, and the first rows in full. */
    async preview(user: UserRow, id: number, limit = 50): Promise<ImportPreview> {
      const row = await load(id, user.id);
      const { values, checked } = await checkRows(row);
      const preview: ImportPreview = { rows: [], valid_rows: 0, invalid_rows: 0, creates: 0, updates: 0 };
      for (const [index, result] of checked.entries()) {
        const errors = 'errors' in result ? result.errors : {};
        const action = 'action' in result ? result.action : 'skip';
        const valid = action !== 'skip';
        if (valid) preview.valid_rows += 1;
        else preview.invalid_rows += 1;
        if (action === 'create') preview.creates += 1;
        if (action === 'update') preview.updates += 1;
        if (preview.rows.length < limit || !valid)
          if (preview.rows.length < limit + MAX_REPORTED_ERRORS)
            preview.rows.push({ row: index + 2, values: values[index] ?? {}, errors, action });
      }
      return preview;
    },

    /** Starts the import in the background; its progress is read with get(). */
    async run(user: UserRow, actor: Actor, id: number, invite: boolean) {
      const row = await load(id, user.id);
      if (row.status !== 'preview') throw fieldError('id', ALREADY_RUN);
      const target = targetOf(row.kind);
      const missing = target.fields.filter((field) => field.required && !row.mapping?.[field.key]);
      if (missing.length > 0)
        throw fieldError('mapping', 'Map every required field before running the import.');
      // The one request whose update finds it still a preview starts it; the others were too late.
      const started = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(imports)
          .set({ status: 'running' })
          .where(and(eq(imports.id, id), eq(imports.status, 'preview')))
          .returning();
        if (!updated) throw fieldError('id', ALREADY_RUN);
        await recordAudit(tx, actor, {
          action: 'import.started',
          subjectType: 'import',
          subjectId: id,
          before: { status: 'preview' },
          after: {
            ...described(updated),
            status: 'running',
            mapping: updated.mapping ?? {},
            columns: columnsOf(updated.headers, updated.mapping),
            send_invitations: invite,
          },
        });
        return updated;
      });
      running.add(id);
      void work(started, { user, actor, invite })
        .catch(async (error: unknown) => {
          ctx.log.error({ err: error, importId: id }, 'import failed');
          await db
            .transaction(async (tx) => {
              const [failed] = await tx
                .update(imports)
                .set({
                  status: 'failed',
                  error: error instanceof Error ? error.message : String(error),
                  finished_at: new Date(),
                })
                .where(eq(imports.id, id))
                .returning();
              if (failed)
                await recordAudit(tx, actor, {
                  action: 'import.failed',
                  subjectType: 'import',
                  subjectId: id,
                  before: { status: 'running' },
                  after: { ...described(failed), ...outcome(failed) },
                });
            })
            // The database itself may be what failed: this background work must not end the process.
            .catch((saveError: unknown) =>
              ctx.log.error({ err: saveError, importId: id }, 'could not mark the import failed'),
            );
        })
        .finally(() => running.delete(id));
      return toResource(started);
    },

    /** Waits for this node's running imports (tests, and a graceful shutdown). */
    async idle() {
      while (running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
