import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { createPeople, seededRandom, type Random } from '../../apps/server/src/seed/names';
import { splitDatabaseUrl, type BenchSettings } from './settings';

const INVESTOR = 5;
const SUPER_ADMIN = 1;
/** Staff roles with how common each is among 25,000 staff accounts. */
const STAFF_ROLE_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [1, 3],
  [2, 24],
  [3, 12],
  [7, 5],
  [8, 10],
  [9, 16],
  [10, 10],
  [11, 10],
  [12, 10],
];
const DAY_MS = 86_400_000;
const SPAN_MS = 3 * 365 * DAY_MS;

/** One row of `users`, as the columns the generator fills. */
interface UserRowValues {
  name: string;
  email: string;
  password: string | null;
  role_id: number;
  email_verified_at: Date | null;
  accepted_terms_version: number;
  compliance_passed: number;
  last_login_at: Date | null;
  invited_at: Date | null;
  invited_by: number | null;
  deactivated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

function weightedRole(random: Random): number {
  const total = STAFF_ROLE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [role, weight] of STAFF_ROLE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return role;
  }
  return SUPER_ADMIN;
}

const between = (random: Random, from: number, to: number) => new Date(from + random.next() * (to - from));

/** 100,000 people (by default): sign-ups grow over three years, so recent months hold more of them. */
export function generateUsers(settings: BenchSettings, passwordHash: string, now = Date.now()) {
  const random = seededRandom(20_240_601);
  const person = createPeople(random);
  const start = now - SPAN_MS;
  const rows: UserRowValues[] = [];

  const make = (staff: boolean): UserRowValues => {
    const { name, email } = person(staff);
    const created = start + Math.sqrt(random.next()) * SPAN_MS;
    const createdAt = new Date(created);
    const invited = staff && random.chance(0.08);
    const deactivated = random.chance(staff ? 0.06 : 0.02) ? between(random, created, now) : null;
    const verified = invited
      ? null
      : random.chance(staff ? 0.97 : 0.85)
        ? between(random, created, created + DAY_MS)
        : null;
    const lastLogin = invited || random.chance(0.2) ? null : between(random, created, now);
    return {
      name,
      email,
      password: invited ? null : passwordHash,
      role_id: staff ? weightedRole(random) : INVESTOR,
      email_verified_at: verified,
      accepted_terms_version: staff ? 0 : random.chance(0.6) ? 2 : 1,
      compliance_passed: !staff && verified && random.chance(0.7) ? 1 : 0,
      last_login_at: lastLogin,
      invited_at: invited ? createdAt : null,
      invited_by: invited ? 1 : null,
      deactivated_at: deactivated,
      created_at: createdAt,
      updated_at: new Date(Math.max(created, lastLogin?.getTime() ?? 0, deactivated?.getTime() ?? 0)),
    };
  };

  for (let i = 0; i < settings.staff - 1; i++) rows.push(make(true));
  for (let i = 0; i < settings.investors; i++) rows.push(make(false));
  // Ids follow sign-up order, as they would in production.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  const firstDay = new Date(start - DAY_MS);
  // The one account the benchmark signs in with: the platform's first Super Admin.
  rows.unshift({
    name: 'Bench Admin',
    email: settings.adminEmail,
    password: passwordHash,
    role_id: SUPER_ADMIN,
    email_verified_at: firstDay,
    accepted_terms_version: 0,
    compliance_passed: 0,
    last_login_at: null,
    invited_at: null,
    invited_by: null,
    deactivated_at: null,
    created_at: firstDay,
    updated_at: firstDay,
  });
  return rows;
}

const COLUMNS: ReadonlyArray<readonly [keyof UserRowValues, string]> = [
  ['name', 'text'],
  ['email', 'text'],
  ['password', 'text'],
  ['role_id', 'smallint'],
  ['email_verified_at', 'timestamptz'],
  ['accepted_terms_version', 'integer'],
  ['compliance_passed', 'smallint'],
  ['last_login_at', 'timestamptz'],
  ['invited_at', 'timestamptz'],
  ['invited_by', 'bigint'],
  ['deactivated_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

/** One INSERT of a whole batch: each column travels as one array parameter. */
const INSERT_SQL = `insert into users (${COLUMNS.map(([name]) => name).join(', ')}) select * from unnest(${COLUMNS.map(
  ([, type], index) => `$${index + 1}::${type}[]`,
).join(', ')})`;

const toParam = (value: UserRowValues[keyof UserRowValues]) =>
  value instanceof Date ? value.toISOString() : value;

/** Drops the database, closing anything still connected to it. */
export async function dropDatabase(databaseUrl: string) {
  const { name, adminUrl } = splitDatabaseUrl(databaseUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** Drops and recreates the database, then applies the app's migrations with the app's own code. */
export async function recreateDatabase(databaseUrl: string) {
  const { name, adminUrl } = splitDatabaseUrl(databaseUrl);
  await dropDatabase(databaseUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

export interface LoadTimings {
  hashMs: number;
  generateMs: number;
  insertMs: number;
  analyzeMs: number;
  totalMs: number;
  rows: number;
}

/** Generates the people, inserts them in batches, then VACUUM ANALYZE and a checkpoint. */
export async function loadUsers(settings: BenchSettings): Promise<LoadTimings> {
  const started = performance.now();
  const passwordHash = await hashPassword(settings.adminPassword);
  const hashed = performance.now();
  const rows = generateUsers(settings, passwordHash);
  const generated = performance.now();

  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    for (let offset = 0; offset < rows.length; offset += settings.batchSize) {
      const batch = rows.slice(offset, offset + settings.batchSize);
      await client.query(
        INSERT_SQL,
        COLUMNS.map(([column]) => batch.map((row) => toParam(row[column]))),
      );
    }
    const inserted = performance.now();
    // ANALYZE for the planner's statistics; VACUUM sets the visibility map and hint bits, as autovacuum
    // would have long since done on a production table, and keeps autovacuum out of the measured runs.
    await client.query('vacuum (analyze)');
    await client.query('checkpoint');
    const analyzed = performance.now();
    return {
      hashMs: hashed - started,
      generateMs: generated - hashed,
      insertMs: inserted - generated,
      analyzeMs: analyzed - inserted,
      totalMs: analyzed - started,
      rows: rows.length,
    };
  } finally {
    await client.end();
  }
}
