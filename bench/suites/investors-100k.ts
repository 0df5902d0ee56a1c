import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { captureInvestorsExport, captureInvestorsList, type LabelledStatement } from '../lib/capture';
import { recreateDatabase } from '../lib/dataset';
import { explainAnalyze, inlineParams, serverVersion } from '../lib/explain';
import { loadInvestors } from '../lib/investor-dataset';
import { measureEndpoint, type Endpoint } from '../lib/measure';
import { executionTime, httpSentence, planSentence } from '../lib/reading';
import { renderSection, seconds, writeSection, type EndpointReport, type PlanReport } from '../lib/report';
import { signIn, startServer } from '../lib/server';
import { loadInvestorSettings, splitDatabaseUrl } from '../lib/settings';

const SECTION_ID = 'investors-100k';
/** The export should hold about this many rows: an owner's book of investors. */
const EXPORT_ROWS = 5_000;

type Log = (message: string) => void;

/** One measured case: the list (or export) request and the statements the server runs for it. */
interface Case {
  key: string;
  label: string;
  path: string;
  statements: LabelledStatement[];
  rawLabel: string;
  expectRows: number;
  format?: 'csv';
  /** matching rows (the list's total, or the export's rows) */
  total: number;
}

const listPath = (query: Record<string, string>) => `/api/investors?${new URLSearchParams(query).toString()}`;

/** Long id lists (an export batch's 2,000 ids) are cut for reading; the plans keep their shape. */
function shorten(text: string): string {
  return text
    .replace(/\((\d+(?:, \d+){11,})\)/g, (_, list: string) => {
      const ids = list.split(', ');
      return `(${ids.slice(0, 5).join(', ')}, … ${ids.length - 5} more ids)`;
    })
    .replace(/'\{(\d+(?:,\d+){11,})\}'/g, (_, list: string) => {
      const ids = list.split(',');
      return `'{${ids.slice(0, 5).join(',')},… ${ids.length - 5} more}'`;
    });
}

/** The parameters the queries need from the generated data, read back from the database. */
async function pickParameters(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const status = await client.query<{ id: string }>(
      `select id from lead_statuses where name = 'Qualified'`,
    );
    const owner = await client.query<{ owner_id: string; investors: string }>(
      `select owner_id, count(*) as investors from investor_profiles where owner_id is not null
       group by owner_id order by abs(count(*) - $1), owner_id limit 1`,
      [EXPORT_ROWS],
    );
    const leadStatusId = status.rows[0]?.id;
    const ownerId = owner.rows[0]?.owner_id;
    if (!leadStatusId || !ownerId) throw new Error('the generated data has no lead status or owner');
    return { leadStatusId, ownerId, ownerInvestors: Number(owner.rows[0]?.investors) };
  } finally {
    await client.end();
  }
}

function sumTimes(plans: PlanReport[]) {
  return plans.reduce((sum, plan) => sum + executionTime(plan.plan), 0);
}

/** 100,000 investors: the investors list's search, filters, deep page, default page and CSV export. */
export async function runInvestorsBench(log: Log, command = 'npm run bench') {
  const settings = loadInvestorSettings();
  const began = performance.now();
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name} and applying migrations`);
  await recreateDatabase(settings.databaseUrl);
  log(`generating ${settings.rows.toLocaleString('en-US')} investors with profiles and organisations`);
  const load = await loadInvestors(settings);
  const generation = `${seconds(load.totalMs)} in all: one argon2id hash ${seconds(load.hashMs)}, building the rows ${seconds(load.generateMs)}, inserting users, profiles, organisations and links in batches of ${settings.batchSize.toLocaleString('en-US')} ${seconds(load.insertMs)}, VACUUM ANALYZE and a checkpoint ${seconds(load.analyzeMs)}`;
  log(`generation took ${generation}`);
  const { leadStatusId, ownerId, ownerInvestors } = await pickParameters(settings.databaseUrl);

  const queries = {
    search: { 'filter[search]': settings.investorSearch, sort: 'name', per_page: '25', page: '1' },
    filters: {
      'filter[lead_status_id]': leadStatusId,
      'filter[category]': 'sophisticated',
      'filter[onboarding_state]': 'complete',
      sort: '-created_at',
      per_page: '25',
      page: '1',
    },
    deep: { sort: 'name', per_page: '25', page: String(settings.investorDeepPage) },
    default: { sort: '-created_at', per_page: '25', page: '1' },
    export: { 'filter[owner_id]': ownerId, sort: '-created_at', format: 'csv' },
  };

  const cases: Case[] = [];
  const listCase = async (key: string, label: string, query: Record<string, string>) => {
    const captured = await captureInvestorsList(settings.databaseUrl, query);
    cases.push({
      key,
      label,
      path: listPath(query),
      statements: captured.statements,
      rawLabel: `its page query, count query and the organisations of the page (${captured.statements.length} statements)`,
      expectRows: captured.rows,
      total: captured.total,
    });
  };
  await listCase('a', `(a) search "${settings.investorSearch}", sort name, page 1 of 25`, queries.search);
  await listCase(
    'b',
    '(b) lead status Qualified + category sophisticated + onboarding complete, sort -created_at, page 1 of 25',
    queries.filters,
  );
  await listCase(
    'c',
    `(c) sort name, page ${settings.investorDeepPage.toLocaleString('en-US')} of 25`,
    queries.deep,
  );
  await listCase('d', '(d) default list: no filter, sort -created_at, page 1 of 25', queries.default);
  const exported = await captureInvestorsExport(settings.databaseUrl, queries.export);
  cases.push({
    key: 'e',
    label: `(e) CSV export, one owner's investors (${exported.rows.toLocaleString('en-US')} rows), sort -created_at`,
    path: `/api/investors/export?${new URLSearchParams(queries.export).toString()}`,
    statements: exported.statements,
    rawLabel: `${exported.statements.map((statement) => statement.label).join(', ')} (${exported.statements.length} statements; building the file is not SQL)`,
    expectRows: exported.rows,
    format: 'csv',
    total: exported.rows,
  });
  log(
    `matching rows: ${cases.map((c) => `${c.key} ${c.total.toLocaleString('en-US')}`).join(', ')} (owner ${ownerId} has ${ownerInvestors})`,
  );

  const plans: PlanReport[] = [];
  const plansOf = new Map<string, PlanReport[]>();
  for (const c of cases) {
    const own: PlanReport[] = [];
    for (const statement of c.statements) {
      const plan: PlanReport = {
        title: `${c.label}: ${statement.label}`,
        sql: shorten(inlineParams(statement)),
        plan: shorten(await explainAnalyze(settings.databaseUrl, statement)),
      };
      own.push(plan);
      plans.push(plan);
    }
    plansOf.set(c.key, own);
  }

  log('starting the server');
  const server = await startServer(settings);
  const endpoints: EndpointReport[] = [];
  try {
    const session = await signIn(server.baseUrl, settings.adminEmail, settings.adminPassword);
    log(`signed in as ${settings.adminEmail}`);
    for (const c of cases) {
      const endpoint: Endpoint = {
        label: c.label,
        rawLabel: c.rawLabel,
        path: c.path,
        statements: c.statements,
        expectRows: c.expectRows,
        ...(c.format ? { format: c.format, timeoutSeconds: 60 } : {}),
      };
      log(`measuring ${c.label}`);
      endpoints.push(await measureEndpoint(settings, server, endpoint, session.cookieHeader, log));
    }
  } finally {
    log('stopping the server');
    await server.stop();
  }

  const cores = cpus();
  const pgVersion = await serverVersion(settings.databaseUrl);
  const busiest = Math.max(...endpoints.flatMap((e) => [e.httpCpu.otherCores, e.rawCpu.otherCores]));
  const reading = [
    ...endpoints.map((e) => httpSentence(e, cores.length)),
    `In EXPLAIN ANALYZE (one run, warm cache) the statements of each case take: ${cases
      .map((c) => {
        const own = plansOf.get(c.key) ?? [];
        return `${c.key}) ${sumTimes(own).toFixed(1)} ms (${own
          .map((plan) => `${plan.title.slice(c.label.length + 2)} ${executionTime(plan.plan).toFixed(1)}`)
          .join(', ')})`;
      })
      .join(
        '; ',
      )}. A list request runs its page query, then its count query over every matching row, then the organisations of the page; the export runs the statements named under the results table, then builds the file in the server.`,
    `The plans, one by one: ${plans.map(planSentence).join('; ')}.`,
    ...(busiest > 0.3
      ? [
          `Other work kept up to ${busiest.toFixed(2)} of the ${cores.length} cores busy during some runs (see "other load"); those rows understate what the machine can do.`,
        ]
      : []),
  ];

  const section = renderSection(SECTION_ID, '100,000 investors: the investors list and its CSV export', {
    date: new Date().toISOString().slice(0, 10),
    command,
    machine: `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${pgVersion} on the same machine; autocannon, the server and PostgreSQL share the cores`,
    dataset: load.summary,
    generation,
    method: `Each request is driven by autocannon with ${settings.connections} connections for ${settings.durationSeconds} s after a ${settings.warmupSeconds} s warm-up, signed in as a Super Admin through the real API (GET /sanctum/csrf-cookie, POST /login), against the real server (\`npx tsx apps/server/src/main.ts\`, NODE_ENV=production, LOG_LEVEL=warn) on PostgreSQL (database \`${name}\`). Beside it, the same SQL runs through \`pg\` with no HTTP, from ${settings.connections} concurrent workers on a pool of ${settings.connections} for the same time: the statements are captured from the server's own code (investors repository: \`listInvestors\`, \`organisationsOf\`, and \`allInvestors\` for the export) through drizzle's logger, so they are exactly what a request runs after its two session statements. Before it is measured, each request must answer 200 with the rows the captured statements return. Other people's builds and tests share this machine: before each measured run the bench waits (up to ${settings.quietSeconds} s) for a quiet second, and it repeats a run (up to ${settings.attempts} times) when other processes kept more than 0.3 cores busy during it, keeping the least disturbed one.`,
    durationSeconds: settings.durationSeconds,
    cores: cores.length,
    endpoints,
    plans,
    reading,
    plansIntro: `EXPLAIN (ANALYZE, BUFFERS) of every statement the cases run (after the session), with the parameters bound as the server binds them; matching rows: ${cases
      .map((c) => `(${c.key}) ${c.total.toLocaleString('en-US')}`)
      .join(', ')}. Long id lists are shortened for reading:`,
    cleanup: `The run leaves the database \`${name}\` in place for inspection; drop it with \`dropdb -h 127.0.0.1 -U postgres ${name}\`. This benchmark took ${seconds(performance.now() - began)}.`,
  });
  await writeSection(settings.reportFile, SECTION_ID, section);
  log(`wrote ${settings.reportFile}`);
}
