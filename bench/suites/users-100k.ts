import { cpus, totalmem } from 'node:os';
import { captureCurrentUser, captureStaffList } from '../lib/capture';
import { loadUsers, recreateDatabase } from '../lib/dataset';
import { explainAnalyze, inlineParams, serverVersion } from '../lib/explain';
import { measureEndpoint, type Endpoint } from '../lib/measure';
import { explainReading } from '../lib/reading';
import { renderSection, seconds, writeSection, type EndpointReport, type PlanReport } from '../lib/report';
import { startServer, signIn } from '../lib/server';
import { loadSettings, splitDatabaseUrl } from '../lib/settings';

const SECTION_ID = 'users-100k';

const listPath = (query: Record<string, string>) =>
  `/api/admin-accounts?${new URLSearchParams(query).toString()}`;

/** 100,000 users: GET /api/user and the staff accounts list (section users-100k). */
export async function runUsersBench(log: (message: string) => void, command = 'npm run bench') {
  const settings = loadSettings();
  const began = performance.now();
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name} and applying migrations`);
  await recreateDatabase(settings.databaseUrl);
  log(`generating ${(settings.investors + settings.staff).toLocaleString('en-US')} users`);
  const load = await loadUsers(settings);
  const generation = `${seconds(load.totalMs)} in all: one argon2id hash ${seconds(load.hashMs)}, building the rows ${seconds(load.generateMs)}, inserting in batches of ${settings.batchSize.toLocaleString('en-US')} ${seconds(load.insertMs)}, VACUUM ANALYZE and a checkpoint ${seconds(load.analyzeMs)}`;
  log(`generation took ${generation}`);

  log('starting the server');
  const server = await startServer(settings);
  const endpoints: EndpointReport[] = [];
  const plans: PlanReport[] = [];
  try {
    const session = await signIn(server.baseUrl, settings.adminEmail, settings.adminPassword);
    log(`signed in as ${settings.adminEmail}`);
    const deepQuery = {
      'filter[role_id]': '3,11',
      sort: '-created_at',
      per_page: '25',
      page: String(settings.deepPage),
    };
    const searchQuery = { 'filter[search]': settings.searchTerm, sort: 'name', per_page: '25', page: '1' };
    const deep = await captureStaffList(settings.databaseUrl, deepQuery);
    const search = await captureStaffList(settings.databaseUrl, searchQuery);
    const current = await captureCurrentUser(settings.databaseUrl, session.sessionToken);

    for (const [title, statements] of [
      [`Deep page (filter[role_id]=3,11, sort=-created_at, page ${settings.deepPage})`, deep.statements],
      [`Search (filter[search]=${settings.searchTerm}, sort=name, page 1)`, search.statements],
    ] as const)
      for (const [index, statement] of statements.entries())
        plans.push({
          title: `${title}: ${index === 0 ? 'page query' : 'count query'}`,
          sql: inlineParams(statement),
          plan: await explainAnalyze(settings.databaseUrl, statement),
        });

    const list: Endpoint[] = [
      {
        label: 'GET /api/user',
        rawLabel: 'the session by key from kv_entries, then the user by id (2 statements)',
        path: '/api/user',
        statements: current,
      },
      {
        label: `staff list, filter role_id 3,11, sort -created_at, page ${settings.deepPage} of 25`,
        rawLabel: 'its page query and count query (2 statements)',
        path: listPath(deepQuery),
        statements: deep.statements,
        expectRows: 25,
      },
      {
        label: `staff list, search "${settings.searchTerm}", sort name, page 1 of 25`,
        rawLabel: 'its page query and count query (2 statements)',
        path: listPath(searchQuery),
        statements: search.statements,
        expectRows: 25,
      },
    ];
    for (const endpoint of list) {
      log(`measuring ${endpoint.label}`);
      endpoints.push(await measureEndpoint(settings, server, endpoint, session.cookieHeader, log));
    }
  } finally {
    log('stopping the server');
    await server.stop();
  }

  const cores = cpus();
  const pgVersion = await serverVersion(settings.databaseUrl);
  const section = renderSection(SECTION_ID, '100,000 users: GET /api/user and the staff accounts list', {
    date: new Date().toISOString().slice(0, 10),
    command,
    machine: `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${pgVersion} on the same machine; autocannon, the server and PostgreSQL share the cores`,
    dataset: `${load.rows.toLocaleString('en-US')} users: ${settings.investors.toLocaleString('en-US')} investors (role 5) and ${settings.staff.toLocaleString('en-US')} staff over roles 1, 2, 3, 7, 8, 9, 10, 11, 12, created over the last 3 years; some unverified, invited (no password) or deactivated`,
    generation,
    method: `Each endpoint is driven by autocannon with ${settings.connections} connections for ${settings.durationSeconds} s after a ${settings.warmupSeconds} s warm-up, signed in as a Super Admin through the real API (GET /sanctum/csrf-cookie, POST /login), against the real server (\`npx tsx apps/server/src/main.ts\`, NODE_ENV=production, LOG_LEVEL=warn) on PostgreSQL. Beside it, the same SQL runs through \`pg\` with no HTTP, from ${settings.connections} concurrent workers on a pool of ${settings.connections} for the same time: the statements are captured from the server's own code (session store, session user, staff-accounts repository) through drizzle's logger, so they are exactly what a request runs. Other people's builds and tests share this machine: before each measured run the bench waits (up to ${settings.quietSeconds} s) for a quiet second, and it repeats a run (up to ${settings.attempts} times) when other processes kept more than 0.3 cores busy during it, keeping the least disturbed one.`,
    durationSeconds: settings.durationSeconds,
    cores: cores.length,
    endpoints,
    plans,
    reading: explainReading(endpoints, plans, cores.length),
    cleanup: `The run leaves the database \`${name}\` in place for inspection; drop it with \`dropdb -h 127.0.0.1 -U postgres ${name}\` (or \`psql -h 127.0.0.1 -U postgres -c 'drop database ${name}'\`). The whole run took ${seconds(performance.now() - began)}.`,
  });
  await writeSection(settings.reportFile, SECTION_ID, section);
  log(`wrote ${settings.reportFile}`);
}
