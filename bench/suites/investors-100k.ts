import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import {
  captureInvestorsExport,
  captureInvestorsList,
  captureJoinedPage,
  type CapturedStatement,
  type LabelledStatement,
} from '../lib/capture';
import { dropDatabase, recreateDatabase } from '../lib/dataset';
import { explainAnalyze, explainWithoutIndex, inlineParams, medianRun, serverVersion } from '../lib/explain';
import { loadInvestors } from '../lib/investor-dataset';
import { measureEndpoint, type Endpoint } from '../lib/measure';
import { executionTime, httpSentence, planSentence } from '../lib/reading';
import { renderSection, seconds, writeSection, type EndpointReport, type PlanReport } from '../lib/report';
import { signIn, startServer } from '../lib/server';
import { describeSettings, loadInvestorSettings, splitDatabaseUrl } from '../lib/settings';

const SECTION_ID = 'investors-100k';
/** The export should hold about this many rows: an owner's book of investors. */
const EXPORT_ROWS = 5_000;
const INVESTOR_ID_INDEX = 'users_investor_id_index';
/** How often each statement of a change runs, before and after, for its median time. */
const MEDIAN_RUNS = 9;
const CREATED_AT_INDEX = 'users_role_id_created_at_index';

type Log = (message: string) => void;

/** The cases by name, in the order they run; `--case` takes these names or their letters. */
export const INVESTOR_CASES = ['default', 'search', 'filters', 'name', 'deep', 'export'] as const;
const CASE_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** The letters of the cases asked for (every case when none is named). */
function chosenCases(names: string[]): Set<string> {
  if (names.length === 0) return new Set(CASE_KEYS);
  return new Set(
    names.map((name) => {
      const index = INVESTOR_CASES.findIndex((known) => known === name);
      if (index >= 0) return CASE_KEYS[index] ?? name;
      if ((CASE_KEYS as readonly string[]).includes(name)) return name;
      throw new Error(`unknown case ${name}; choose from ${INVESTOR_CASES.join(', ')} (or a to f)`);
    }),
  );
}

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
  /** the list's count on its own (run only for a page past the end), for the plans and the changes */
  countStatement?: LabelledStatement;
}

/** A change made for this benchmark: the same work before and after it, read with EXPLAIN ANALYZE. */
interface Change {
  title: string;
  why: string;
  measured: string;
  before: PlanReport;
  after: PlanReport;
  /** what is timed: the statement before and after, and the index dropped for "before" */
  runs: { before: CapturedStatement; after: CapturedStatement; withoutIndex?: string };
}

/** A change with the median times of its statement before and after it. */
type TimedChange = Change & { beforeMs: number; afterMs: number };

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

/** What a plan does, without its title: "12.3 ms, an index scan of …". */
const planFacts = (plan: PlanReport) => planSentence(plan).slice(plan.title.length + 2);

/** What a plan does, without its title or time: "an index scan of …, 25 rows returned". */
const planShape = (plan: PlanReport) => planFacts(plan).replace(/^[\d.]+ ms, /, '');

function changeParagraph(change: TimedChange): string {
  const ratio = change.beforeMs / change.afterMs;
  return `**${change.title}.** ${change.why} Measured on ${change.measured} (the median of ${MEDIAN_RUNS} runs, one client, warm cache): ${change.beforeMs.toFixed(1)} ms before, ${change.afterMs.toFixed(1)} ms after (${Number.isFinite(ratio) ? `${ratio.toFixed(1)}×` : 'n/a'}). Before: ${planShape(change.before)}. After: ${planShape(change.after)}.`;
}

/**
 * 100,000 investors: the investors list's default page, search, filter, sort, deep page and CSV export,
 * each over HTTP and as raw SQL, with the plans, and the changes made for it measured before and after.
 */
export async function runInvestorsBench(log: Log, command = 'npm run bench') {
  const settings = loadInvestorSettings();
  const chosen = chosenCases(settings.cases);
  const everyCase = chosen.size === CASE_KEYS.length;
  const began = performance.now();
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name} and applying migrations`);
  await recreateDatabase(settings.databaseUrl);
  log(`generating ${settings.rows.toLocaleString('en-US')} investors with profiles and organisations`);
  const load = await loadInvestors(settings);
  const generation = `${seconds(load.totalMs)} in all: one argon2id hash ${seconds(load.hashMs)}, building the rows ${seconds(load.generateMs)}, inserting users, profiles, categorisations, organisations and links in batches of ${settings.batchSize.toLocaleString('en-US')} ${seconds(load.insertMs)}, VACUUM ANALYZE and a checkpoint ${seconds(load.analyzeMs)}`;
  log(`generation took ${generation}`);
  const { leadStatusId, ownerId, ownerInvestors } = await pickParameters(settings.databaseUrl);

  const deepPage = settings.investorDeepPage;
  const queries = {
    default: { sort: '-created_at', per_page: '25', page: '1' },
    search: { 'filter[search]': settings.investorSearch, sort: 'name', per_page: '25', page: '1' },
    filters: {
      'filter[lead_status_id]': leadStatusId,
      'filter[category]': 'sophisticated',
      sort: '-created_at',
      per_page: '25',
      page: '1',
    },
    name: { sort: 'name', per_page: '25', page: '1' },
    deep: { sort: 'name', per_page: '25', page: String(deepPage) },
    export: { 'filter[owner_id]': ownerId, sort: '-created_at', format: 'csv' },
    category: { sort: 'category', per_page: '25', page: '1' },
    deepDefault: { sort: '-created_at', per_page: '25', page: String(deepPage) },
  };

  const cases: Case[] = [];
  const listCase = async (key: string, label: string, query: Record<string, string>) => {
    if (!chosen.has(key)) return;
    const captured = await captureInvestorsList(settings.databaseUrl, query);
    cases.push({
      key,
      label,
      path: listPath(query),
      statements: captured.statements,
      rawLabel:
        captured.statements.length === 1
          ? "its one statement: the page with its total and its rows' organisations"
          : `${captured.statements.map((statement) => statement.label).join(', ')} (${captured.statements.length} statements)`,
      countStatement: captured.countStatement,
      expectRows: captured.rows,
      total: captured.total,
    });
  };
  await listCase('a', '(a) default list: no filter, sort -created_at, page 1 of 25', queries.default);
  await listCase(
    'b',
    `(b) search "${settings.investorSearch}" (name or email, trigram), sort name, page 1 of 25`,
    queries.search,
  );
  await listCase(
    'c',
    '(c) filter lead status Qualified + category sophisticated, sort -created_at, page 1 of 25',
    queries.filters,
  );
  await listCase('d', '(d) sort name, page 1 of 25', queries.name);
  await listCase(
    'e',
    `(e) deep page: sort name, page ${deepPage.toLocaleString('en-US')} of 25`,
    queries.deep,
  );
  const exported = chosen.has('f')
    ? await captureInvestorsExport(settings.databaseUrl, queries.export)
    : null;
  if (exported)
    cases.push({
      key: 'f',
      label: `(f) CSV export of a filtered list: one owner's investors (${exported.rows.toLocaleString('en-US')} rows), sort -created_at`,
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

  const explain = async (title: string, statement: CapturedStatement, withoutIndex?: string) => ({
    title,
    sql: shorten(inlineParams(statement)),
    plan: shorten(
      withoutIndex
        ? await explainWithoutIndex(settings.databaseUrl, statement, withoutIndex)
        : await explainAnalyze(settings.databaseUrl, statement),
    ),
  });

  const plans: PlanReport[] = [];
  const plansOf = new Map<string, PlanReport[]>();
  const countPlans = new Map<string, PlanReport>();
  for (const c of cases) {
    const own: PlanReport[] = [];
    for (const statement of c.statements)
      own.push(await explain(`${c.label}: ${statement.label}`, statement));
    plans.push(...own);
    plansOf.set(c.key, own);
    if (c.countStatement)
      countPlans.set(
        c.key,
        await explain(`${c.label}: count query alone (for a page past the end)`, c.countStatement),
      );
  }

  plans.push(...countPlans.values());

  // The changes made for this benchmark, each measured on the same data with and without it. They
  // compare statements of cases (a), (c) and (e): a run of some cases leaves them out.
  const measureChanges = async () => {
    log('measuring the changes: the same statements before and after');
    const statementOf = (key: string, label: string) => {
      const own = cases.find((c) => c.key === key);
      const found =
        label === 'count query'
          ? own?.countStatement
          : own?.statements.find((statement) => statement.label === label);
      if (!found) throw new Error(`no ${label} in case ${key}`);
      return found;
    };
    const planOf = (key: string, label: string) => {
      const found =
        label === 'count query'
          ? countPlans.get(key)
          : plansOf.get(key)?.find((plan) => plan.title.endsWith(`: ${label}`));
      if (!found) throw new Error(`no plan of ${label} in case ${key}`);
      return found;
    };
    const caseLabel = (key: string) => cases.find((c) => c.key === key)?.label ?? key;
    const joinedDeep = await captureJoinedPage(settings.databaseUrl, queries.deep);
    const deepDefault = await captureInvestorsList(settings.databaseUrl, queries.deepDefault);
    const deepDefaultPage = deepDefault.statements[0];
    if (!deepDefaultPage) throw new Error('the deep page in the default order was not captured');
    const deepDefaultLabel = `sort -created_at, page ${deepPage.toLocaleString('en-US')} of 25`;
    const changes: Change[] = [
      {
        title: 'The page query reads the ids first (investors.repository.ts, `listInvestors`)',
        why: `The ids of the page come from \`users\` alone (and \`investor_profiles\` only when a filter or sort names one of its columns), in a subquery with the list's order, OFFSET and LIMIT; the profile, lead status, owner and adviser are then joined for those 25 ids only. Before, one statement joined all four to every row up to the page, so page ${deepPage.toLocaleString('en-US')} joined ${((deepPage - 1) * 25).toLocaleString('en-US')} rows only to throw them away. The export does the same in two steps: the ids in the list's order in one narrow query, then the rows in batches of 2,000 by \`id = any($1)\` (one array parameter, not 2,000).`,
        measured: `${caseLabel('e')}, page query`,
        before: await explain(`Before: ${caseLabel('e')}: one joined statement with OFFSET`, joinedDeep),
        after: planOf('e', 'page query'),
        runs: { before: joinedDeep, after: statementOf('e', 'page query') },
      },
      {
        title: `\`${CREATED_AT_INDEX}\` on users (role_id, created_at desc, id) (migration 0005)`,
        why: `The list's default order (newest first, the id breaking ties) is this index's order, and it holds the role, so a page (or the ids of an export) is read from the index alone. Without it, the nearest index is \`users_created_at_index\` (created_at only): every row passed over must be read from the table to check its role, and ties are sorted by id. On the first page that costs next to nothing; it shows on a deep page, whose OFFSET is skipped inside the index.`,
        measured: `${deepDefaultLabel}, page query`,
        before: await explain(
          `Before: ${deepDefaultLabel}: page query without ${CREATED_AT_INDEX}`,
          deepDefaultPage,
          CREATED_AT_INDEX,
        ),
        after: await explain(`${deepDefaultLabel}: page query`, deepDefaultPage),
        runs: { before: deepDefaultPage, after: deepDefaultPage, withoutIndex: CREATED_AT_INDEX },
      },
      {
        title: `\`${INVESTOR_ID_INDEX}\` on users (id) where role_id = 5 (migration 0006)`,
        why: `Every list request also counts its matches (the paginator's total). With a filter on the profile, PostgreSQL now checks that each matching profile is an investor's with one probe of this small partial index (a nested loop), where before it read the whole \`users\` table into a hash join; without a filter, it counts the investors from this index alone (an index-only scan about a tenth the size of the table).`,
        measured: `${caseLabel('c')}, count query`,
        before: await explain(
          `Before: ${caseLabel('c')}: count query without ${INVESTOR_ID_INDEX}`,
          statementOf('c', 'count query'),
          INVESTOR_ID_INDEX,
        ),
        after: planOf('c', 'count query'),
        runs: {
          before: statementOf('c', 'count query'),
          after: statementOf('c', 'count query'),
          withoutIndex: INVESTOR_ID_INDEX,
        },
      },
      {
        title: `\`${INVESTOR_ID_INDEX}\`, the unfiltered count`,
        why: 'The same index, for the total of a list without filters (the default list and every sort of it).',
        measured: `${caseLabel('a')}, count query`,
        before: await explain(
          `Before: ${caseLabel('a')}: count query without ${INVESTOR_ID_INDEX}`,
          statementOf('a', 'count query'),
          INVESTOR_ID_INDEX,
        ),
        after: planOf('a', 'count query'),
        runs: {
          before: statementOf('a', 'count query'),
          after: statementOf('a', 'count query'),
          withoutIndex: INVESTOR_ID_INDEX,
        },
      },
    ];
    const timed: TimedChange[] = [];
    for (const change of changes) {
      const { before, after, withoutIndex } = change.runs;
      timed.push({
        ...change,
        beforeMs: await medianRun(settings.databaseUrl, before, {
          runs: MEDIAN_RUNS,
          ...(withoutIndex ? { withoutIndex } : {}),
        }),
        afterMs: await medianRun(settings.databaseUrl, after, { runs: MEDIAN_RUNS }),
      });
    }
    for (const change of changes) {
      plans.push(change.before);
      if (!plans.includes(change.after)) plans.push(change.after);
    }
    const categorySort = await captureInvestorsList(settings.databaseUrl, queries.category);
    const categoryPlan = await explain(
      'Not changed: sort category, page 1 of 25: page query',
      categorySort.statements[0] ?? statementOf('d', 'page query'),
    );
    plans.push(categoryPlan);
    const categoryMs = categorySort.statements[0]
      ? await medianRun(settings.databaseUrl, categorySort.statements[0], { runs: MEDIAN_RUNS })
      : Number.NaN;
    return { timed, categoryPlan, categoryMs };
  };
  const changed = everyCase ? await measureChanges() : null;

  log('starting the server');
  const server = await startServer(settings);
  const serverCommand = server.command;
  const endpoints: EndpointReport[] = [];
  const loadBefore = loadavg()[0] ?? 0;
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
  const loadAfter = loadavg()[0] ?? 0;

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
      )}. A list request runs one statement: the page's ids in the list's order, their rows with profile, lead status, owner and adviser, each row's organisations (an index lookup per row), and the total (the count over every matching row, run once as an uncorrelated subquery); the count runs on its own only for a page past the end. The export runs the statements named under the results table, then builds the file in the server.`,
    `The plans, one by one: ${plans
      .filter((plan) => !plan.title.startsWith('Before:') && !plan.title.startsWith('Not changed:'))
      .map(planSentence)
      .join('; ')}.`,
  ];

  const notes = [
    ...(changed
      ? [
          '### What was changed for this benchmark, and why',
          ...changed.timed.map(changeParagraph),
          `**Left as it is.** The count of a search reads every match: a trigram index finds the candidates, but each must be checked again with ILIKE ("${settings.investorSearch}" matches ${cases.find((c) => c.key === 'b')?.total.toLocaleString('en-US') ?? 'many'} investors), while its page stops after 25 rows in name order. A deep page still skips its OFFSET's index entries (an index-only scan, no rows joined). Sorting by a profile column (category, onboarding state) sorts every investor, because an investor without a profile row must still be listed (the first page sorted by category: ${changed.categoryMs.toFixed(1)} ms, the median of ${MEDIAN_RUNS} runs; ${planShape(changed.categoryPlan)}). These are measured in the plans below; none is on a path staff take on every visit.`,
        ]
      : [
          `Only the cases asked for ran (${[...chosen].map((key) => `(${key})`).join(', ')}); the before-and-after measurements of the changes, which compare cases (a), (c) and (e), run with every case.`,
        ]),
    `**The machine was shared.** Other people's builds and tests ran on this 2-core machine during the benchmark (load average ${loadBefore.toFixed(1)} when the HTTP runs began, ${loadAfter.toFixed(1)} when they ended). Each measured run waited for a quiet second and was repeated when disturbed; in the runs kept, other processes used at most ${busiest.toFixed(2)} cores (the "other load" column, with the programs that used them: the bench's own processes, which are the server, its PostgreSQL backends and their parallel workers, and this process, are never counted there)${busiest > 0.3 ? ', so those rows understate what the machine can do' : ''}. The before and after times above come from one client running one statement at a time, and are less affected.`,
  ];

  // A run of some cases writes a section of its own, so it never replaces the full run's.
  const caseList = [...chosen].sort().join('');
  const sectionId = everyCase ? SECTION_ID : `${SECTION_ID}-cases-${caseList}`;
  const title = everyCase
    ? 'Investors list at 100,000 investors'
    : `Investors list at 100,000 investors: case${chosen.size > 1 ? 's' : ''} ${[...chosen]
        .sort()
        .map((key) => `(${key})`)
        .join(', ')}`;
  if (!settings.keepDatabase) {
    log(`dropping database ${name}`);
    await dropDatabase(settings.databaseUrl);
  }
  const section = renderSection(sectionId, title, {
    date: new Date().toISOString().slice(0, 10),
    command,
    settings: describeSettings(settings, {
      investors: settings.rows,
      organisations: settings.organisations,
      'deep page': settings.investorDeepPage,
      search: `"${settings.investorSearch}"`,
      cases: everyCase ? 'every case (a to f)' : [...chosen].sort().join(', '),
      server: `\`${serverCommand}\``,
    }),
    machine: `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${pgVersion} on the same machine; autocannon, the server and PostgreSQL share the cores, and other work ran beside them (see below)`,
    dataset: load.summary,
    generation,
    method: `Each request is driven by autocannon with ${settings.connections} connections for ${settings.durationSeconds} s after a ${settings.warmupSeconds} s warm-up, signed in as a Super Admin through the real API (GET /sanctum/csrf-cookie, POST /login), against the real server (\`${serverCommand}\`, NODE_ENV=production, LOG_LEVEL=warn) on PostgreSQL (database \`${name}\`, created by the bench and ${settings.keepDatabase ? 'kept at the end (--keep-database)' : 'dropped at the end'}). Beside it, the same SQL runs through \`pg\` with no HTTP, from ${settings.connections} concurrent workers on a pool of ${settings.connections} for the same time: the statements are captured from the server's own code (investors repository: \`listInvestors\` for a page, \`allInvestors\` and \`organisationsOf\` for the export) through drizzle's logger, so they are exactly what a request runs after its two session statements. Before it is measured, each request must answer 200 with the rows the captured statements return. Before each measured run the bench waits (up to ${settings.quietSeconds} s) for a quiet second, and it repeats a run (up to ${settings.attempts} times) when other processes kept more than 0.3 cores busy during it, keeping the least disturbed one.`,
    durationSeconds: settings.durationSeconds,
    cores: cores.length,
    endpoints,
    plans,
    reading: [
      ...reading,
      ...(busiest > 0.3
        ? [
            `Other work kept up to ${busiest.toFixed(2)} of the ${cores.length} cores busy during some runs (see "other load"); those rows understate what the machine can do.`,
          ]
        : []),
    ],
    notes,
    plansIntro: `EXPLAIN (ANALYZE, BUFFERS) of every statement the cases run (after the session), with the parameters bound as the server binds them, then the "before" plans of the changes above (an index dropped inside a transaction that is rolled back, or the former joined page query) and the category sort; matching rows: ${cases
      .map((c) => `(${c.key}) ${c.total.toLocaleString('en-US')}`)
      .join(', ')}. Long id lists are shortened for reading:`,
    cleanup: `${settings.keepDatabase ? `The run left the database \`${name}\` in place (--keep-database); drop it with \`dropdb -h 127.0.0.1 -U postgres ${name}\`.` : `The run dropped the database \`${name}\` at the end (--keep-database keeps it).`} This benchmark took ${seconds(performance.now() - began)}.`,
  });
  await writeSection(settings.reportFile, sectionId, section);
  log(`wrote ${settings.reportFile}`);
}
