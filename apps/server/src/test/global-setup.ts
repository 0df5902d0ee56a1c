import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { SNAPSHOT_FILE, TEMPLATE_DATABASE, testDatabaseUrl, usePostgres, withDatabase } from './database';

/**
 * Migrates once per run: a PGlite data directory dumped to a file (opening a copy takes ~0.4 s,
 * initdb ~3 s), or a PostgreSQL template database that each test file clones.
 */
export default async function setup() {
  if (!usePostgres()) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const snapshot = await database.dump?.();
    if (!snapshot) throw new Error('PGlite could not dump its data directory');
    writeFileSync(SNAPSHOT_FILE, Buffer.from(await snapshot.arrayBuffer()));
    await database.close();
    return;
  }
  const server = testDatabaseUrl();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = await openDatabase({ url: withDatabase(server, TEMPLATE_DATABASE), poolSize: 1 });
  await template.migrate();
  await template.close();
}
