// 200 concurrent POST /api/investments into one opportunity on PostgreSQL (issue 11): the real server,
// real sign-ins, every request at once. Run from bench/: `npx tsx investments-concurrency.ts` (needs
// PostgreSQL; BENCH_INVESTMENTS_DATABASE_URL names the database it drops and recreates). Prints a
// markdown section for docs/benchmarks.md.
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { recreateDatabase } from './lib/dataset';
import { startServer, signIn, type SignedIn } from './lib/server';
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
};
const PASSWORD = 'bench-investor-password';
const DAY_MS = 86_400_000;

/** Investors allowed to invest (verified, categorised, terms accepted, cooling-off over) and two raises. */
async function load(requests: number, fits: number) {
  const hash = await hashPassword(PASSWORD);
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const now = Date.now();
    const emails = Array.from({ length: requests }, (_, index) => `bench-investor-${index}@portico.test`);
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
    // Staff hear of every investment: a few who may see live opportunities.
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version)
       select 'Bench Staff ' || n, 'bench-staff-' || n || '@portico.test', null, 1, now(), 1 from generate_series(1, 5) as n`,
    );
    const opportunity = async (slug: string, maximum: string) => {
      const { rows } = await client.query<{ id: string }>(
        `insert into opportunities (slug, name, company_name, status, target_amount, maximum_amount, minimum_investment,
           share_price, tax_relief, closing_date, published_at)
         values ($1, $1, 'Bench Company Ltd', 2, null, $2, '1000.00', '1.000000', 'eis', current_date + 60, now())
         returning id`,
        [slug, maximum],
      );
      return Number(rows[0]?.id);
    };
    const tight = await opportunity('bench-oversubscribed', `${fits * 1000}.00`);
    const roomy = await opportunity('bench-roomy', `${requests * 1000}.00`);
    await client.query('vacuum (analyze)');
    return { emails, tight, roomy };
  } finally {
    await client.end();
  }
}

interface Round {
  label: string;
  statuses: Map<number, number>;
  wallMs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  committed: string;
  rows: number;
}

/** Every investor posts at once; answers the statuses, latencies and what the database holds after. */
async function round(
  label: string,
  baseUrl: string,
  sessions: Array<SignedIn & { xsrf: string }>,
  opportunityId: number,
): Promise<Round> {
  const latencies = new Float64Array(sessions.length);
  const statuses = new Map<number, number>();
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
      await response.arrayBuffer();
      latencies[index] = performance.now() - start;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }),
  );
  const wallMs = performance.now() - began;
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ committed: string; count: string }>(
    `select coalesce(sum(amount), 0)::text as committed, count(*)::text as count from investments
     where opportunity_id = $1 and status in ('reserved', 'awaiting_payment', 'paid')`,
    [opportunityId],
  );
  await client.end();
  const sorted = latencies.slice().sort();
  return {
    label,
    statuses,
    wallMs,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    committed: rows[0]?.committed ?? '0',
    rows: Number(rows[0]?.count ?? 0),
  };
}

const ms = (value: number) => value.toFixed(1);

async function main() {
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name} and applying migrations`);
  await recreateDatabase(settings.databaseUrl);
  const data = await load(settings.requests, settings.fits);
  log(`${settings.requests} investors ready; starting the server on port ${settings.port}`);
  const server = await startServer(settings);
  try {
    const sessions: Array<SignedIn & { xsrf: string }> = [];
    for (let start = 0; start < data.emails.length; start += 10) {
      const batch = await Promise.all(
        data.emails.slice(start, start + 10).map(async (email) => {
          const signed = await signIn(server.baseUrl, email, PASSWORD);
          const xsrf = /XSRF-TOKEN=([^;]+)/.exec(signed.cookieHeader)?.[1];
          if (!xsrf) throw new Error('no XSRF-TOKEN after sign-in');
          return { ...signed, xsrf: decodeURIComponent(xsrf) };
        }),
      );
      sessions.push(...batch);
    }
    log(`${sessions.length} investors signed in; firing`);
    const rounds = [
      await round(
        `${settings.requests} at once, the maximum fits ${settings.fits}`,
        server.baseUrl,
        sessions,
        data.tight,
      ),
      await round(`${settings.requests} at once, room for all`, server.baseUrl, sessions, data.roomy),
    ];
    const expected = [`${settings.fits * 1000}.00`, `${settings.requests * 1000}.00`];
    const lines = [
      `<!-- investments-concurrency -->`,
      `## Concurrent investments into one opportunity (issue 11)`,
      '',
      `${new Date().toISOString().slice(0, 10)}, \`cd bench && npx tsx investments-concurrency.ts\`, on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB, load average ${loadavg()[0]?.toFixed(2)} at the end. The real server (production mode, one Node process, its default pool) on PostgreSQL; ${settings.requests} investors, each signed in, each sending one \`POST /api/investments\` of £1,000.00 at the same moment (with an Idempotency-Key). Every reservation takes the opportunity's row lock, sums the committed money and inserts in one transaction.`,
      '',
      '| round | 201 | 422 | other | wall ms | p50 ms | p95 ms | p99 ms | max ms | committed after | committed rows |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rounds.map((r) => {
        const other = [...r.statuses].filter(([code]) => code !== 201 && code !== 422);
        return `| ${r.label} | ${r.statuses.get(201) ?? 0} | ${r.statuses.get(422) ?? 0} | ${other.map(([code, count]) => `${count}×${code}`).join(', ') || 0} | ${ms(r.wallMs)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.committed} | ${r.rows} |`;
      }),
      '',
      rounds
        .map((r, index) =>
          r.committed === expected[index]
            ? `${r.label}: committed £${r.committed}, exactly the expected ${expected[index]}.`
            : `${r.label}: committed £${r.committed}, NOT the expected ${expected[index]}.`,
        )
        .join(' '),
      `<!-- /investments-concurrency -->`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (rounds.some((r, index) => r.committed !== expected[index])) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
