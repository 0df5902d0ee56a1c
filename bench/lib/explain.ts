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
