import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { WarnLog } from '../platform/logging';
import { createPostgresPool } from './postgres-pool';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either: a query joins the caller's transaction when given one. */
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /** PostgreSQL only: the server's address (the job queue opens its own small pool to it) */
  readonly url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (test snapshots) */
  dump?(): Promise<Blob>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Numeric and bigint columns arrive as strings from both drivers; ids use mode 'number'.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export interface DatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded PGlite directory */
  url?: string | undefined;
  /** PGlite data directory; "memory://" keeps it in memory */
  dataDir?: string;
  /** open PGlite from a dumped data directory (tests) */
  loadDataDir?: Blob | File;
  /** connection pool size for PostgreSQL */
  poolSize?: number;
  /** where lost PostgreSQL connections are reported */
  log?: WarnLog | undefined;
}

/** Closing twice (a shutdown path and a test's clean-up) is harmless. */
function once(close: () => Promise<void>) {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = createPostgresPool({ url: options.url, max: options.poolSize ?? 10, log: options.log });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      url: options.url,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: once(() => pool.end()),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: once(() => client.close()),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/** The rows of a raw `db.execute` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
