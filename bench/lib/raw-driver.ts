import pg from 'pg';
import type { CapturedStatement } from './capture';
import { percentile, Samples } from './stats';

const { types } = pg;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** drizzle's node-postgres driver keeps dates and intervals as text and maps them itself. */
const TEXT_TYPES = new Set([
  types.builtins.TIMESTAMPTZ,
  types.builtins.TIMESTAMP,
  types.builtins.DATE,
  types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const keepText = (value: string) => value;
const defaultParser = (typeId: number, format?: 'text' | 'binary') =>
  types.getTypeParser(typeId, format) as (value: string) => unknown;
const parsers: pg.CustomTypesConfig = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? keepText : defaultParser(typeId, format),
};

export interface RawResult {
  operations: number;
  opsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface RawOptions {
  databaseUrl: string;
  connections: number;
  durationSeconds: number;
  /** the statements one operation runs, one after another, as the server runs them */
  statements: readonly CapturedStatement[];
  /** called when the clock starts and when the last worker stops (before the pool closes) */
  onStart?: () => void;
  onStop?: () => void;
}

/** "now" moves on, as it does for the server: a captured timestamp parameter is replaced per query. */
const freshParams = (params: readonly unknown[]) =>
  params.map((value) =>
    typeof value === 'string' && ISO_TIME.test(value) ? new Date().toISOString() : value,
  );

/**
 * Runs the operation from `connections` concurrent workers on a pool of the same size as the server's,
 * with the same query shape drizzle sends (unnamed extended-protocol queries, array rows), and records
 * every operation's latency.
 */
export async function driveRaw(options: RawOptions): Promise<RawResult> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.connections });
  const samples = new Samples();
  let errors = 0;
  try {
    // Open every connection before the clock starts, as the server's pool is warm by then.
    const clients = await Promise.all(Array.from({ length: options.connections }, () => pool.connect()));
    for (const client of clients) client.release();

    options.onStart?.();
    const started = performance.now();
    const deadline = started + options.durationSeconds * 1000;
    const worker = async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          for (const statement of options.statements) {
            await pool.query(
              { text: statement.text, rowMode: 'array', types: parsers },
              freshParams(statement.params),
            );
          }
          samples.push(performance.now() - begin);
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, worker));
    const elapsed = (performance.now() - started) / 1000;
    options.onStop?.();
    const sorted = samples.sorted();
    return {
      operations: samples.count,
      opsPerSecond: samples.count / elapsed,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      errors,
    };
  } finally {
    await pool.end();
  }
}
