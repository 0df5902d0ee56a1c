import {
  CAP_TABLE_HOLDER_KINDS,
  type CapTableClassKind,
  type CapTableHolderKind,
  type CapTableImportResult,
  type FieldErrors,
} from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { capTableClasses, capTableHolders } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { readImportFile } from '../imports/import-file';
import { classesOf, offPlatformHoldersOf } from './cap-table.repository';
import type { CapTableService } from './cap-table.service';

/*
 * A cap table from a spreadsheet (decision 020): one row per off-platform holder and class, headed
 * Class, Holder, Holder kind, Shares, and optionally Class kind (shares / options), Pre-emption (yes / no)
 * and Note. Read on the worker pool like every import; every row is checked before anything is written,
 * and then it is written in one transaction: a file with any error is a 422 naming each row, and nothing
 * of it is kept. A holder already in the class (same name) has their shares, kind and note replaced.
 */

const REQUIRED = ['Class', 'Holder', 'Holder kind', 'Shares'] as const;
const OPTIONAL = ['Class kind', 'Pre-emption', 'Note'] as const;
/** Errors reported at most (a whole file of bad rows would say the same thing thousands of times). */
const MAX_ROW_ERRORS = 50;
const SHARES = /^\d{1,14}(\.\d{1,6})?$/;

const HOLDER_KINDS: Record<string, CapTableHolderKind> = {
  founder: 'founder',
  investor: 'investor',
  'other investor': 'investor',
  employee: 'employee',
  'option pool': 'option_pool',
  option_pool: 'option_pool',
  pool: 'option_pool',
  other: 'other',
};
const CLASS_KINDS: Record<string, CapTableClassKind> = {
  shares: 'shares',
  issued: 'shares',
  'issued shares': 'shares',
  ordinary: 'shares',
  options: 'options',
  option: 'options',
  warrants: 'options',
  'options / warrants': 'options',
};
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

interface ParsedRow {
  row: number;
  className: string;
  classKind: CapTableClassKind | undefined;
  preEmptive: boolean | undefined;
  name: string;
  kind: CapTableHolderKind;
  shares: string;
  note: string | null;
}

export function createCapTableImport(ctx: AppContext, capTable: CapTableService) {
  const { db, workers } = ctx;

  async function parse(file: UploadedFile) {
    const { headers } = await readImportFile(workers, file.body);
    const byLower = new Map(headers.map((heading) => [heading.trim().toLowerCase(), heading]));
    const missing = REQUIRED.filter((heading) => !byLower.has(heading.toLowerCase()));
    if (missing.length > 0)
      throw fieldError(
        'file',
        `The file needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (headings on the first row: ${[...REQUIRED, ...OPTIONAL].join(', ')}).`,
      );
    const wanted = [...REQUIRED, ...OPTIONAL];
    const columns = wanted.map((heading) => byLower.get(heading.toLowerCase()) ?? heading);
    const present = wanted.map((heading) => byLower.has(heading.toLowerCase()));
    const table = await readImportFile(workers, file.body, columns);
    if (table.rows.length === 0) throw fieldError('file', 'The file has no rows to import.');

    const errors: FieldErrors = {};
    let reported = 0;
    const fail = (row: number, field: string, message: string) => {
      if (reported >= MAX_ROW_ERRORS) return;
      reported += 1;
      (errors[`rows.${row}.${field}`] ??= []).push(`Row ${row}: ${message}`);
    };
    const rows: ParsedRow[] = [];
    const seen = new Map<string, number>();
    const classes = new Map<string, { kind?: CapTableClassKind; preEmptive?: boolean; row: number }>();
    table.rows.forEach((cells, index) => {
      const row = index + 2; // the heading is row 1
      const cell = (column: number) => (present[column] ? (cells[column] ?? '').trim() : '');
      const [className, name, kindText, sharesText, classKindText, preEmptionText, note] = [
        0, 1, 2, 3, 4, 5, 6,
      ].map(cell) as [string, string, string, string, string, string, string];
      let ok = true;
      const kind = HOLDER_KINDS[kindText.toLowerCase()];
      if (!className || className.length > 100) {
        fail(
          row,
          'class',
          className ? 'The class must not be longer than 100 characters.' : 'The class is required.',
        );
        ok = false;
      }
      if (!name || name.length > 200) {
        fail(
          row,
          'holder',
          name ? 'The holder must not be longer than 200 characters.' : 'The holder is required.',
        );
        ok = false;
      }
      if (!kind) {
        fail(
          row,
          'holder_kind',
          `The holder kind must be one of ${CAP_TABLE_HOLDER_KINDS.join(', ').replace('option_pool', 'option pool')}.`,
        );
        ok = false;
      }
      const shares = sharesText.replace(/,/g, '');
      if (!SHARES.test(shares) || !/[1-9]/.test(shares)) {
        fail(row, 'shares', 'The shares must be a number of shares above zero, with up to 6 decimals.');
        ok = false;
      }
      const classKind = classKindText ? CLASS_KINDS[classKindText.toLowerCase()] : undefined;
      if (classKindText && !classKind) {
        fail(row, 'class_kind', 'The class kind must be shares or options.');
        ok = false;
      }
      const preEmptive = preEmptionText
        ? YES.has(preEmptionText.toLowerCase())
          ? true
          : NO.has(preEmptionText.toLowerCase())
            ? false
            : null
        : undefined;
      if (preEmptive === null) {
        fail(row, 'pre_emption', 'The pre-emption column must be yes or no.');
        ok = false;
      }
      if (classKind === 'options' && preEmptive === true) {
        fail(row, 'pre_emption', 'Options and warrants carry no pre-emption right.');
        ok = false;
      }
      if (note.length > 1000) {
        fail(row, 'note', 'The note must not be longer than 1000 characters.');
        ok = false;
      }
      if (!ok || !kind) return;
      const classKey = className.toLowerCase();
      const known = classes.get(classKey);
      if (known) {
        if (
          (classKind && known.kind && classKind !== known.kind) ||
          (preEmptive !== undefined && known.preEmptive !== undefined && preEmptive !== known.preEmptive)
        ) {
          fail(row, 'class', `The class ${className} is described differently on row ${known.row}.`);
          return;
        }
        known.kind ??= classKind;
        known.preEmptive ??= preEmptive ?? undefined;
      } else classes.set(classKey, { kind: classKind, preEmptive: preEmptive ?? undefined, row });
      const holderKey = `${classKey}\u0000${name.toLowerCase()}`;
      const earlier = seen.get(holderKey);
      if (earlier !== undefined) {
        fail(
          row,
          'holder',
          `${name} already holds ${className} on row ${earlier}: one row per holder and class.`,
        );
        return;
      }
      seen.set(holderKey, row);
      rows.push({
        row,
        className,
        classKind,
        preEmptive: preEmptive ?? undefined,
        name,
        kind,
        shares,
        note: note || null,
      });
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return { rows, classes };
  }

  return {
    /**
     * POST /api/existing-investments/{id}/cap-table/import: all the file's rows, or none of them.
     */
    async run(actor: Actor, id: number, file: UploadedFile | undefined): Promise<CapTableImportResult> {
      if (!file) throw fieldError('file', 'Choose a CSV or Excel file to import.');
      await capTable.loadExisting(db, id);
      const { rows, classes } = await parse(file);
      return db
        .transaction(async (tx) => {
          await capTable.loadExisting(tx, id, true);
          const recorded = new Map((await classesOf(tx, id)).map((row) => [row.name.toLowerCase(), row]));
          let classesAdded = 0;
          for (const [key, info] of classes) {
            const first = rows.find((row) => row.className.toLowerCase() === key);
            if (!first) continue;
            const existing = recorded.get(key);
            const kind = info.kind ?? existing?.kind ?? 'shares';
            const preEmptive =
              info.preEmptive ??
              (info.kind ? kind === 'shares' : (existing?.pre_emptive ?? kind === 'shares'));
            if (kind === 'options' && preEmptive)
              throw validationError({
                [`rows.${first.row}.pre_emption`]: [
                  `Row ${first.row}: Options and warrants carry no pre-emption right.`,
                ],
              });
            if (existing) {
              if (existing.kind !== kind || existing.pre_emptive !== preEmptive) {
                const [after] = await tx
                  .update(capTableClasses)
                  .set({ kind, pre_emptive: preEmptive, updated_at: ctx.clock.now() })
                  .where(eq(capTableClasses.id, existing.id))
                  .returning();
                if (after) recorded.set(key, after);
              }
              continue;
            }
            const [inserted] = await tx
              .insert(capTableClasses)
              .values({
                opportunity_id: id,
                name: first.className,
                kind,
                pre_emptive: preEmptive,
                created_by: actor.userId,
              })
              .returning();
            if (!inserted) throw new Error('cap_table_classes insert returned no row');
            recorded.set(key, inserted);
            classesAdded += 1;
          }
          const holders = new Map(
            (await offPlatformHoldersOf(tx, id)).map((row) => [
              `${row.class_id}\u0000${row.name.toLowerCase()}`,
              row,
            ]),
          );
          let added = 0;
          let updated = 0;
          for (const row of rows) {
            const shareClass = recorded.get(row.className.toLowerCase());
            if (!shareClass) throw new Error(`class ${row.className} was not written`);
            const existing = holders.get(`${shareClass.id}\u0000${row.name.toLowerCase()}`);
            if (existing) {
              await tx
                .update(capTableHolders)
                .set({ kind: row.kind, shares: row.shares, note: row.note, updated_at: ctx.clock.now() })
                .where(and(eq(capTableHolders.id, existing.id), eq(capTableHolders.opportunity_id, id)));
              updated += 1;
            } else {
              await tx.insert(capTableHolders).values({
                opportunity_id: id,
                class_id: shareClass.id,
                name: row.name,
                kind: row.kind,
                shares: row.shares,
                note: row.note,
                created_by: actor.userId,
              });
              added += 1;
            }
          }
          await recordAudit(tx, actor, {
            action: 'opportunity.cap_table_imported',
            subjectType: 'opportunity',
            subjectId: id,
            after: {
              file: file.filename.split(/[\\/]/).pop()?.slice(0, 200) ?? 'import',
              rows: rows.length,
              classes_added: classesAdded,
              holders_added: added,
              holders_updated: updated,
            },
          });
          await capTable.refuseUnkeptRounds(tx, id);
          return { classes_added: classesAdded, holders_added: added, holders_updated: updated };
        })
        .catch((error: unknown) => {
          // another writer added the same class or holder meanwhile: nothing of the file was kept
          if (isUniqueViolation(error))
            throw fieldError('file', 'The cap table changed while the file was imported: import it again.');
          throw error;
        });
    },
  };
}

export type CapTableImport = ReturnType<typeof createCapTableImport>;
