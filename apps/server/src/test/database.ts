import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/**
 * Each checkout of the project its own snapshot and template, so two checkouts can run their tests at once;
 * PORTICO_TEST_TAG (letters, digits, _) separates two runs in one checkout.
 */
const CHECKOUT = createHash('sha256')
  .update(import.meta.url + (process.env.PORTICO_TEST_TAG ?? ''))
  .digest('hex')
  .slice(0, 8);

/** Where global set-up leaves the migrated PGlite data directory, and the PostgreSQL template's name. */
export const SNAPSHOT_FILE = path.join(
  os.tmpdir(),
  `portico-test-snapshot-${process.getuid?.() ?? 0}-${CHECKOUT}.tar.gz`,
);
export const TEMPLATE_DATABASE = `portico_test_template_${CHECKOUT}`;

export const usePostgres = () => process.env.TEST_DATABASE_DRIVER === 'postgres';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_DRIVER=postgres needs TEST_DATABASE_URL');
  return url;
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export type TestDatabase = Database & { drop(): Promise<void> };

/**
 * A database of its own for one test file: a PGlite copy of the snapshot, or a PostgreSQL clone of the
 * template. `through` rewrites the address the app connects to (a test's proxy in front of the server).
 */
export async function openTestDatabase(
  options: { through?: (url: string) => string } = {},
): Promise<TestDatabase> {
  if (!usePostgres()) {
    if (!existsSync(SNAPSHOT_FILE))
      throw new Error(`no test snapshot at ${SNAPSHOT_FILE}: run through vitest`);
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(SNAPSHOT_FILE)]) });
    return { ...database, drop: () => database.close() };
  }
  const server = testDatabaseUrl();
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = withDatabase(server, name);
  const database = await openDatabase({ url: options.through?.(url) ?? url, poolSize: 4 });
  return {
    ...database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
