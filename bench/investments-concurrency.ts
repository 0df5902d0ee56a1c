// 200 concurrent POST /api/investments into one opportunity on PostgreSQL (issues 11 and 22): the real
// server, real sign-ins, every request at once. Run from bench/: `npx tsx investments-concurrency.ts`
// (needs PostgreSQL; BENCH_INVESTMENTS_DATABASE_URL names the database it drops and recreates, and drops
// again at the end). Measures the spread from the first answer to the last (issue 22: at most 1.5 s),
// the latencies, the CPU of the server, of PostgreSQL and of everything else on the machine meanwhile,
// and checks what the database holds after: the committed total equals the sum of the accepted answers
// and never passes the maximum, and a refused reservation left no row of any kind. Prints a markdown
// section for docs/benchmarks.md; the exit code is 1 when a check fails.
import { addDecimal, compareDecimal } from '@portico/contracts';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { cpuSampler, type CpuShare } from './lib/cpu';
import { dropDatabase, recreateDatabase } from './lib/dataset';
import { startServer, signIn, type RunningServer, type SignedIn } from './lib/server';
import { loadSettings, splitDatabaseUrl } from './lib/settings';
import { percentile } from './lib/stats';

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const settings = {
  ...loadSettings(),
  databaseUrl:
    process.env.BENCH_INVESTMENTS_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/portico_bench_investments',
  port: int('BENCH_PORT', 3911),
  /** investors, each sending one POST at the same moment */
  requests: int('BENCH_INVESTMENT_REQUESTS', 200),
  /** how many of them the first opportunity's maximum fits */
  fits: int('BENCH_INVESTMENT_FITS', 50),
  /** investors of its own that warm each server up (its JIT, its pool) before the measured rounds */
  warmup: int('BENCH_INVESTMENT_WARMUP', 20),
  /**
   * A checkout of the code to compare with (the baseline), e.g. `git worktree add /tmp/base <commit>` with
   * its node_modules: its server runs beside this tree's on the same database, each with investors and
   * opportunities of its own, and the rounds alternate between the two.
   */
  baselineRoot: process.env.BENCH_BASELINE_ROOT || null,
};
const PASSWORD = 'bench-investor-password';
const DAY_MS = 86_400_000;

interface Opportunity {
  id: number;
  slug: string;
  maximum: string;
}

/** One server's own: its investors' emails and its opportunities (a warm-up, a tight and a roomy one). */
interface Cohort {
  emails: string[];
  warmupEmails: string[];
  warm: Opportunity;
  tight: Opportunity;
  roomy: Opportunity;
}

/**
 * Investors allowed to invest (verified, categorised, terms accepted, cooling-off over) and the raises, for
 * each server measured (`cohorts`: this tree's, and the baseline's when there is one).
 */
async function load(cohorts: number, requests: number, fits: number, warmup: number): Promise<Cohort[]> {
  const hash = await hashPassword(PASSWORD);
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    const investors = async (prefix: string, count: number) => {
      const emails = Array.from({ length: count }, (_, index) => `${prefix}-${index}@portico.test`);
      const { rows: people } = await client.query<{ id: string }>(
        `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version)
         select 'Bench Investor ' || n, e, $2, 5, now(), 1 from unnest($1::text[]) with ordinality as t(e, n)
         returning id`,
        [emails, hash],
      );
      const ids = people.map((row) => row.id);
      await client.query(
        `insert into categorisations (user_id, category, statement_version, statement_text, signed_at, expires_at, status)
         select id, 'restricted', '1', 'I am a restricted investor.', $2, $3, 'approved' from unnest($1::bigint[]) as id`,
        [ids, new Date(now - DAY_MS), new Date(now + 300 * DAY_MS)],
      );
      await client.query(
        `insert into first_investment_warnings (user_id, warning_text, shown_at, cooling_off_ends_at, acknowledged_at)
         select id, 'Bench, this is a high-risk investment.', $2, $3, $2 from unnest($1::bigint[]) as id`,
        [ids, new Date(now - 3 * DAY_MS), new Date(now - 2 * DAY_MS)],
      );
      return emails;
    };
    // Staff hear of every investment: a few who may see live opportunities.
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version)
       select 'Bench Staff ' || n, 'bench-staff-' || n || '@portico.test', null, 1, now(), 1 from generate_series(1, 5) as n`,
    );
    const opportunity = async (slug: string, maximum: string): Promise<Opportunity> => {
      const { rows } = await client.query<{ id: string }>(
        `insert into opportunities (slug, name, company_name, status, target_amount, maximum_amount, minimum_investment,
           share_price, tax_relief, closing_date, published_at)
         values ($1, $1, 'Bench Company Ltd', 2, null, $2, '1000.00', '1.000000', 'eis', current_date + 60, now())
         returning id`,
        [slug, maximum],
      );
      return { id: Number(rows[0]?.id), slug, maximum };
    };
    const made: Cohort[] = [];
    for (let cohort = 0; cohort < cohorts; cohort += 1)
      made.push({
        emails: await investors(`bench-investor-${cohort}`, requests),
        warmupEmails: await investors(`bench-warmup-${cohort}`, warmup),
        warm: await opportunity(`bench-warm-up-${cohort}`, `${warmup * 1000}.00`),
        tight: await opportunity(`bench-oversubscribed-${cohort}`, `${fits * 1000}.00`),
        roomy: await opportunity(`bench-roomy-${cohort}`, `${requests * 1000}.00`),
      });
    await client.query('vacuum (analyze)');
    return made;
  } finally {
    await client.end();
  }
}

type Session = SignedIn & { xsrf: string };

/** Signs every investor in through the server, ten at a time. */
async function signInAll(baseUrl: string, emails: string[]): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let start = 0; start < emails.length; start += 10) {
    const batch = await Promise.all(
      emails.slice(start, start + 10).map(async (email) => {
        const signed = await signIn(baseUrl, email, PASSWORD);
        const xsrf = /XSRF-TOKEN=([^;]+)/.exec(signed.cookieHeader)?.[1];
        if (!xsrf) throw new Error('no XSRF-TOKEN after sign-in');
        return { ...signed, xsrf: decodeURIComponent(xsrf) };
      }),
    );
    sessions.push(...batch);
  }
  return sessions;
}

interface Round {
  label: string;
  maximum: string;
  statuses: Map<number, number>;
  /** from sending the first request to the last answer */
  wallMs: number;
  /** from the first answer to the last (issue 22's figure) */
  spreadMs: number;
  firstAnswerMs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** the sum of the amounts the 201 answers reserved */
  accepted: string;
  committed: string;
  rows: number;
  /** rows of every status, audit entries, notifications and emails the round's reservations left */
  traces: { investments: number; audits: number; notifications: number; mails: number };
  cpu: CpuShare;
  problems: string[];
}

/** Every investor posts at once; answers the statuses, latencies and what the database holds after. */
async function round(
  label: string,
  baseUrl: string,
  serverGroup: number,
  sessions: Session[],
  opportunity: Opportunity,
): Promise<Round> {
  const { id: opportunityId } = opportunity;
  const latencies = new Float64Array(sessions.length);
  const answered = new Float64Array(sessions.length);
  const statuses = new Map<number, number>();
  const amounts: string[] = [];
  const sampler = cpuSampler(serverGroup, splitDatabaseUrl(settings.databaseUrl).name);
  sampler.start();
  const began = performance.now();
  await Promise.all(
    sessions.map(async (session, index) => {
      const start = performance.now();
      const response = await fetch(`${baseUrl}/api/investments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          cookie: session.cookieHeader,
          'x-xsrf-token': session.xsrf,
          'idempotency-key': `bench-${opportunityId}-${index}`,
        },
        body: JSON.stringify({ opportunity_id: opportunityId, amount: '1000.00', holding: { type: 'self' } }),
      });
      const text = await response.text();
      const end = performance.now();
      latencies[index] = end - start;
      answered[index] = end - began;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 201)
        amounts.push((JSON.parse(text) as { data: { amount: string } }).data.amount);
    }),
  );
  const wallMs = performance.now() - began;
  sampler.stop();
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ committed: string; count: string }>(
    `select coalesce(sum(amount), 0)::text as committed, count(*)::text as count from investments
     where opportunity_id = $1 and status in ('reserved', 'awaiting_payment', 'paid')`,
    [opportunityId],
  );
  const { rows: traceRows } = await client.query<{
    investments: number;
    audits: number;
    notifications: number;
    mails: number;
  }>(
    `select (select count(*)::int from investments where opportunity_id = $1) as investments,
            (select count(*)::int from audit_log where action = 'opportunity.investment_reserved'
               and subject_type = 'opportunity' and subject_id = $1) as audits,
            (select count(*)::int from notifications where type = 'App\\Notifications\\InvestmentReserved'
               and data->>'cta' = '/investor/investments/' || $2) as notifications,
            (select count(*)::int from mail_outbox where subject like '%your allocation in ' || $2 || ' is reserved')
              as mails`,
    [opportunityId, opportunity.slug],
  );
  await client.end();
  const sorted = latencies.slice().sort();
  const ends = answered.slice().sort();
  const accepted = amounts.reduce((total, amount) => addDecimal(total, amount), '0.00');
  const committed = rows[0]?.committed ?? '0';
  const traces = traceRows[0] ?? { investments: -1, audits: -1, notifications: -1, mails: -1 };
  const created = statuses.get(201) ?? 0;
  const problems = [
    ...(compareDecimal(committed, accepted) === 0
      ? []
      : [`committed £${committed} is not the £${accepted} the 201 answers reserved`]),
    ...(compareDecimal(committed, opportunity.maximum) <= 0
      ? []
      : [`committed £${committed} passes the maximum £${opportunity.maximum}`]),
    ...Object.entries(traces)
      .filter(([, count]) => count !== created)
      .map(([kind, count]) => `${count} ${kind} for ${created} reservations`),
    ...[...statuses.keys()]
      .filter((code) => code !== 201 && code !== 422)
      .map((code) => `${statuses.get(code)} answers ${code}`),
  ];
  return {
    label,
    maximum: opportunity.maximum,
    statuses,
    wallMs,
    spreadMs: (ends[ends.length - 1] ?? Number.NaN) - (ends[0] ?? Number.NaN),
    firstAnswerMs: ends[0] ?? Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    accepted,
    committed,
    rows: Number(rows[0]?.count ?? 0),
    traces,
    cpu: sampler.share(sessions.length),
    problems,
  };
}

const ms = (value: number) => value.toFixed(1);
const cores = (value: number) => value.toFixed(2);

async function main() {
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name} and applying migrations`);
  await recreateDatabase(settings.databaseUrl);
  const codes = settings.baselineRoot
    ? [
        { label: 'before', root: settings.baselineRoot },
        { label: 'after', root: undefined },
      ]
    : [{ label: 'this tree', root: undefined }];
  const cohorts = await load(codes.length, settings.requests, settings.fits, settings.warmup);
  const servers: Array<{ label: string; server: RunningServer; cohort: Cohort; sessions: Session[] }> = [];
  try {
    for (const [index, code] of codes.entries()) {
      const port = settings.port + index;
      log(`starting the ${code.label} server (${code.root ?? 'this tree'}) on port ${port}`);
      const server = await startServer({ ...settings, port }, code.root ? { root: code.root } : {});
      const cohort = cohorts[index];
      if (!cohort) throw new Error('no cohort for a server');
      servers.push({ label: code.label, server, cohort, sessions: [] });
    }
    for (const entry of servers) {
      entry.sessions = await signInAll(entry.server.baseUrl, entry.cohort.emails);
      const warm = await round(
        'warm-up',
        entry.server.baseUrl,
        entry.server.pid,
        await signInAll(entry.server.baseUrl, entry.cohort.warmupEmails),
        entry.cohort.warm,
      );
      if (warm.problems.length > 0)
        throw new Error(`the ${entry.label} warm-up failed: ${warm.problems.join('; ')}`);
      log(`${entry.label}: ${entry.sessions.length} investors signed in, server warmed up`);
    }
    const loadAtStart = loadavg()[0] ?? 0;
    log('firing');
    const rounds: Round[] = [];
    const kinds = [
      { key: 'tight', label: `${settings.requests} at once, the maximum fits ${settings.fits}` },
      { key: 'roomy', label: `${settings.requests} at once, room for all` },
    ] as const;
    // Alternate the two servers round by round, so both meet much the same load from the rest of the machine.
    for (const kind of kinds)
      for (const entry of servers) {
        const opportunity = entry.cohort[kind.key];
        const r = await round(
          servers.length > 1 ? `${entry.label}: ${kind.label}` : kind.label,
          entry.server.baseUrl,
          entry.server.pid,
          entry.sessions,
          opportunity,
        );
        if (r.committed !== opportunity.maximum)
          r.problems.push(`committed £${r.committed}, not the expected £${opportunity.maximum}`);
        rounds.push(r);
      }
    const lines = [
      `<!-- investments-concurrency -->`,
      `## Concurrent investments into one opportunity (issues 11 and 22)`,
      '',
      `${new Date().toISOString().slice(0, 10)}, \`cd bench && ${settings.baselineRoot ? 'BENCH_BASELINE_ROOT=… ' : ''}npx tsx investments-concurrency.ts\`, on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB, load average ${loadAtStart.toFixed(2)} before the first round and ${loadavg()[0]?.toFixed(2)} at the end. The real server (production mode, one Node process, its default pool of 10 connections) on PostgreSQL${settings.baselineRoot ? ': two of them on one database, the code before (a checkout at BENCH_BASELINE_ROOT) and after, each with investors and opportunities of its own, the rounds alternating between them' : ''}; ${settings.requests} investors, each signed in, each sending one \`POST /api/investments\` of £1,000.00 at the same moment (with an Idempotency-Key), after ${settings.warmup} others warmed the server up. "first → last answer" is the time from the first answer to the last.`,
      '',
      '| round | 201 | 422 | other | first answer ms | first → last answer ms | wall ms | p50 ms | p95 ms | p99 ms | max ms | accepted | committed after | committed rows |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rounds.map((r) => {
        const other = [...r.statuses].filter(([code]) => code !== 201 && code !== 422);
        return `| ${r.label} | ${r.statuses.get(201) ?? 0} | ${r.statuses.get(422) ?? 0} | ${other.map(([code, count]) => `${count}×${code}`).join(', ') || 0} | ${ms(r.firstAnswerMs)} | ${ms(r.spreadMs)} | ${ms(r.wallMs)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.accepted} | ${r.committed} | ${r.rows} |`;
      }),
      '',
      'Where the CPU went during each round (milliseconds per request; cores busy on average over the round):',
      '',
      '| round | server ms/req | PostgreSQL ms/req | bench ms/req | cores busy (these three) | cores busy (everything else) | busiest others | load average before → after |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
      ...rounds.map(
        (r) =>
          `| ${r.label} | ${ms(r.cpu.serverMs)} | ${ms(r.cpu.postgresMs)} | ${ms(r.cpu.benchMs)} | ${cores(r.cpu.coresBusy)} | ${cores(r.cpu.otherCores)} | ${r.cpu.otherPrograms} | ${r.cpu.loadBefore.toFixed(2)} → ${r.cpu.loadAfter.toFixed(2)} |`,
      ),
      '',
      ...rounds.map((r) =>
        r.problems.length === 0
          ? `- ${r.label}: committed £${r.committed} = the sum of the ${r.statuses.get(201) ?? 0} accepted answers, within the maximum £${r.maximum}; the round holds exactly ${r.traces.investments} investments, ${r.traces.audits} reservation audit entries, ${r.traces.notifications} investor notifications and ${r.traces.mails} confirmation emails (one each per accepted answer, none for a refusal).`
          : `- ${r.label}: FAILED: ${r.problems.join('; ')}.`,
      ),
      `<!-- /investments-concurrency -->`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (rounds.some((r) => r.problems.length > 0)) process.exitCode = 1;
  } finally {
    for (const entry of servers) await entry.server.stop();
    if (process.env.BENCH_KEEP_DATABASE !== '1') {
      log(`dropping database ${name}`);
      await dropDatabase(settings.databaseUrl);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
