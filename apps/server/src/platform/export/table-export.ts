import type { ExportFormat, ListColumn } from '@portico/contracts';
import { fieldError } from '../http/errors';
import type { WorkerPool } from '../workers/worker-pool';
import { workerTaskRef } from '../workers/worker-task';
import type { Cell, MoneyCell, writeTableTask } from './table-writer';

export type { Cell, MoneyCell };

/** An amount as a money cell (a number formatted as money in Excel, the plain decimal in a CSV); none is empty. */
export const moneyCell = (value: string | null | undefined, currency = 'GBP'): Cell =>
  value === null || value === undefined || value === '' ? null : { money: value, currency };

/** The record's currency, for its money columns: GBP for a record that has none (deals). */
const currencyOf = (item: unknown): string => {
  const currency = (item as { currency?: unknown } | null)?.currency;
  return typeof currency === 'string' ? currency : 'GBP';
};

/** The most rows an export writes; a longer list is cut there (filter it to export the rest). */
export const EXPORT_CAP = 100_000;
/** Writing the largest export may take this long, its queries included. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

interface TableExport {
  headers: string[];
  rows: AsyncIterable<Cell[][]>;
}

// exceljs loads on the worker threads only.
const writeTable = workerTaskRef<typeof writeTableTask>(
  new URL('./table-writer.ts', import.meta.url),
  'writeTableTask',
);

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A list as a CSV or Excel file, the same columns either way. The file is written on a worker
 * thread, fed the rows batch by batch as the queries answer, so a long list never holds up others.
 */
async function exportTable(
  workers: WorkerPool,
  table: TableExport,
  format: ExportFormat,
  sheetName: string,
): Promise<Buffer> {
  const file = await workers.run(
    writeTable,
    { format, headers: table.headers, sheetName },
    { feed: table.rows, timeoutMs: EXPORT_TIMEOUT_MS },
  );
  return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
}

interface RecordsExport<Row, Item, Key extends string> {
  workers: WorkerPool;
  /** every column of the list, in order (CONTACT_COLUMNS …) */
  columns: readonly ListColumn<Key>[];
  /** the keys asked for; none means every column */
  chosen: readonly string[];
  /** the repository's rows, batch by batch, in the list's order */
  batches: AsyncIterable<Row[]>;
  /** a batch of rows as the records the list shows */
  present: (batch: Row[]) => Item[] | Promise<Item[]>;
  cell: (item: Item, key: Key) => Cell;
  format: ExportFormat;
  sheetName: string;
}

/** The columns asked for, in the list's order; a key the list does not have is a 422 on `columns`. */
function chosenColumns<Key extends string>(
  columns: readonly ListColumn<Key>[],
  chosen: readonly string[],
): ListColumn<Key>[] {
  const unknown = chosen.filter((key) => !columns.some((column) => column.key === key));
  if (unknown.length > 0)
    throw fieldError(
      'columns',
      `This list has no column ${unknown.map((key) => `“${key}”`).join(', ')}: choose from ${columns
        .map((column) => column.key)
        .join(', ')}.`,
    );
  return columns.filter((column) => chosen.length === 0 || chosen.includes(column.key));
}

/** A list's records as a file: the chosen columns, in the list's order, under their labels. */
export function exportRecords<Row, Item, Key extends string>({
  workers,
  columns,
  chosen,
  batches,
  present,
  cell,
  format,
  sheetName,
}: RecordsExport<Row, Item, Key>): Promise<Buffer> {
  const shown = chosenColumns(columns, chosen);
  async function* rows() {
    for await (const batch of batches)
      yield (await present(batch)).map((item) =>
        shown.map((column) => {
          const value = cell(item, column.key);
          return column.money && typeof value === 'string' ? moneyCell(value, currencyOf(item)) : value;
        }),
      );
  }
  return exportTable(
    workers,
    { headers: shown.map((column) => column.label), rows: rows() },
    format,
    sheetName,
  );
}
