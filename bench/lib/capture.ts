import { investorsListQuery, parseListQuery, staffAccountsListQuery } from '@portico/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { loadSessionUser } from '../../apps/server/src/platform/auth/session-user';
import { createSessionManager } from '../../apps/server/src/platform/auth/sessions';
import { createDatabaseStore } from '../../apps/server/src/platform/store/database-store';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  allInvestors,
  countInvestorsMatching,
  investorsPlan,
  listInvestors,
  organisationsOf,
} from '../../apps/server/src/modules/investors/investors.repository';
import { listStaff } from '../../apps/server/src/modules/staff-accounts/staff-accounts.repository';

/** One statement exactly as drizzle sent it to PostgreSQL. */
export interface CapturedStatement {
  readonly text: string;
  readonly params: readonly unknown[];
}

/**
 * Runs the server's own code (repository, session manager, store) on a drizzle instance that records
 * each statement, so the raw-SQL driver replays exactly what a request runs, and follows the code when
 * it changes.
 */
async function recording<T>(databaseUrl: string, work: (db: Db) => Promise<T>) {
  const statements: CapturedStatement[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, params) => statements.push({ text, params: [...params] }) },
  }) as unknown as Db;
  try {
    const result = await work(db);
    return { result, statements };
  } finally {
    await pool.end();
  }
}

/** What GET /api/user reads per request: the session by its key, then the user by id. */
export async function captureCurrentUser(databaseUrl: string, sessionToken: string) {
  const { result, statements } = await recording(databaseUrl, async (db) => {
    const sessions = createSessionManager(createDatabaseStore(db), 120);
    const session = await sessions.load(sessionToken);
    const userId = session?.data.user_id;
    if (userId === undefined || userId === null) throw new Error('the bench session has no user');
    return loadSessionUser(db, userId);
  });
  if (!result) throw new Error('the bench user was not found');
  return statements;
}

/** The staff list's page query and count query for a query string, as the repository issues them. */
export async function captureStaffList(databaseUrl: string, query: Record<string, string>) {
  const { result, statements } = await recording(databaseUrl, (db) =>
    listStaff(db, parseListQuery(staffAccountsListQuery, query)),
  );
  return { statements, rows: result.rows.length, total: result.total };
}

/** A captured statement with what it is, for the query plans. */
export interface LabelledStatement extends CapturedStatement {
  readonly label: string;
}

const labelled = (statements: CapturedStatement[], labels: string[]): LabelledStatement[] =>
  statements.map((statement, index) => ({ ...statement, label: labels[index] ?? `statement ${index + 1}` }));

/**
 * What GET /api/investors runs after the session: the repository's `listInvestors`, as the service calls
 * it (the page, its total and its rows' organisations in one statement; the count on its own only for a
 * page past the end). The standalone count (`countStatement`) is captured beside it for the plans and
 * the before-and-after measurements of the count's index; it is not part of a request.
 */
export async function captureInvestorsList(databaseUrl: string, query: Record<string, string>) {
  const parsed = parseListQuery(investorsListQuery, query);
  const { result, statements } = await recording(databaseUrl, (db) => listInvestors(db, parsed));
  const labels = statements.length === 1 ? ['page query'] : ['page query', 'count query'];
  const counted = await recording(databaseUrl, (db) => countInvestorsMatching(db, parsed));
  const countStatement = counted.statements[0];
  if (!countStatement) throw new Error('the count query was not captured');
  return {
    statements: labelled(statements, labels),
    countStatement: { ...countStatement, label: 'count query' },
    rows: result.rows.length,
    total: result.total,
  };
}

/** The service's export cap (investors.service.ts): an export holds at most this many rows. */
const EXPORT_CAP = 100_000;

/**
 * What GET /api/investors/export runs after the session: the repository's export queries (`allInvestors`)
 * and the organisations of each batch, as the service writes the file.
 */
export async function captureInvestorsExport(databaseUrl: string, query: Record<string, string>) {
  const { result, statements } = await recording(databaseUrl, async (db) => {
    const parsed = parseListQuery(investorsListQuery, { ...query, page: undefined, per_page: undefined });
    let rows = 0;
    for await (const batch of allInvestors(db, parsed, EXPORT_CAP)) {
      rows += batch.length;
      await organisationsOf(
        db,
        batch.map((row) => row.user.id),
      );
    }
    return rows;
  });
  // Named by what each statement reads, so the labels follow the repository when it changes.
  let batches = 0;
  const labels = statements.map((statement) => {
    if (/from "organisation_links"/.test(statement.text)) return `organisations of batch ${batches}`;
    if (/^select "users"\."id" from/.test(statement.text)) return "ids in the list's order";
    batches++;
    return `rows of batch ${batches}`;
  });
  return { statements: labelled(statements, labels), rows: result };
}

/**
 * The investors page query as it was before the ids-first change (for the report's comparison): one
 * statement that joins the profile, lead status, owner and adviser of every row up to the page, then
 * applies OFFSET and LIMIT. The where clause and order are the repository's own.
 */
export async function captureJoinedPage(databaseUrl: string, query: Record<string, string>) {
  const { statements } = await recording(databaseUrl, async (db) => {
    const plan = investorsPlan(parseListQuery(investorsListQuery, query));
    const { users, investorProfiles, leadStatuses } = schema;
    const owner = alias(users, 'owner');
    const adviser = alias(users, 'adviser');
    return db
      .select({
        user: users,
        profile: investorProfiles,
        lead_status: { id: leadStatuses.id, name: leadStatuses.name, colour: leadStatuses.colour },
        owner: { id: owner.id, name: owner.name },
        adviser: { id: adviser.id, name: adviser.name },
      })
      .from(users)
      .leftJoin(investorProfiles, eq(investorProfiles.user_id, users.id))
      .leftJoin(leadStatuses, eq(leadStatuses.id, investorProfiles.lead_status_id))
      .leftJoin(owner, eq(owner.id, investorProfiles.owner_id))
      .leftJoin(adviser, eq(adviser.id, investorProfiles.adviser_id))
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
  });
  const [statement] = statements;
  if (!statement) throw new Error('the joined page query was not captured');
  return statement;
}
