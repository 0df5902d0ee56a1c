import pg from 'pg';
import type { CapturedStatement } from './capture';

/** The plan PostgreSQL chose and ran for a statement, with its parameters bound as the server binds them. */
export async function explainAnalyze(databaseUrl: string, statement: CapturedStatement): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Run once first so the plan is measured on a warm cache, as in the load runs.
    await client.query(statement.text, [...statement.params]);
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      [...statement.params],
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

/**
 * The plan PostgreSQL would run without an index: the index is dropped inside a transaction that is
 * rolled back, so the database is left as it was (DROP INDEX is transactional; it locks the table
 * meanwhile, so this runs before the server starts).
 */
export async function explainWithoutIndex(
  databaseUrl: string,
  statement: CapturedStatement,
  index: string,
): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(index)) throw new Error(`unexpected index name ${index}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`drop index "${index}"`);
    await client.query(statement.text, [...statement.params]);
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      [...statement.params],
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/**
 * The median time of a statement over `runs` runs after one warm-up, from the client, optionally
 * without an index (dropped in a transaction that is rolled back). Unlike EXPLAIN ANALYZE, whose
 * per-row clock reads weigh on a plan that passes 100,000 rows, this is what the statement costs.
 */
export async function medianRun(
  databaseUrl: string,
  statement: CapturedStatement,
  options: { runs?: number; withoutIndex?: string } = {},
): Promise<number> {
  const { runs = 9, withoutIndex } = options;
  if (withoutIndex !== undefined && !/^[a-z0-9_]+$/.test(withoutIndex))
    throw new Error(`unexpected index name ${withoutIndex}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (withoutIndex) {
      await client.query('begin');
      await client.query(`drop index "${withoutIndex}"`);
    }
    await client.query(statement.text, [...statement.params]);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await client.query(statement.text, [...statement.params]);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)] ?? Number.NaN;
  } finally {
    if (withoutIndex) await client.query('rollback').catch(() => undefined);
    await client.end();
  }
}

/** The statement with its parameters written in, for reading (never executed). */
export function inlineParams(statement: CapturedStatement): string {
  return statement.text.replace(/\$(\d+)/g, (match, index: string) => {
    const value = statement.params[Number(index) - 1];
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
    return match;
  });
}

/** Facts about the machine and the database server for the report. */
export async function serverVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}
