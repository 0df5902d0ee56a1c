// Issue 11 benchmarks (and issue 20's returns and history): GET /api/portfolio for an investor with 500 holdings (p99 on PostgreSQL, target
// ≤ 50 ms), and XIRR over 1,000 cash flows (target ≤ 1 ms). Issue 20: the investor also holds commitments
// to BENCH_PORTFOLIO_FUNDS funds (default 3) of 2,000 commitments each, half called and paid, with NAVs
// (the funds feature on). Run from bench/:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench_portfolio npx tsx portfolio.ts
// The database is dropped and recreated. BENCH_PORTFOLIO_HOLDINGS, BENCH_CONNECTIONS (default 1: one
// investor's page loads, not a queue), BENCH_DURATION and BENCH_WARMUP change the run; each run first waits
// up to BENCH_QUIET_WAIT seconds (default 20) for a quiet machine and logs the load it met.
import { xirr, type CashFlow } from '@portico/contracts';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { cpuSampler, waitForQuiet } from './lib/cpu';
import { recreateDatabase } from './lib/dataset';
import { driveHttp } from './lib/http-driver';
import { signIn, startServer } from './lib/server';
import { loadSettings, splitDatabaseUrl } from './lib/settings';
import { percentile } from './lib/stats';

const log = (message: string) => process.stdout.write(`[bench:portfolio] ${message}\n`);
const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw ? Number.parseInt(raw, 10) : fallback;
};

/** Above this many cores kept busy by other processes the machine is not quiet (as bench/lib/measure.ts). */
const DISTURBED = 0.3;
const EMAIL = 'bench-portfolio@portico.test';
const ADMIN_EMAIL = 'bench-portfolio-admin@portico.test';
const PASSWORD = 'bench-portfolio-password';

/**
 * One investor holding `holdings` existing investments (an allotment each; every 3rd a follow-on, every
 * 5th a dividend, every 10th a partial exit), twelve quarterly share prices per investment, and 50 other
 * investors holding in every one of them, so the investor's rows sit among 13 times as many.
 */
async function loadPortfolio(databaseUrl: string, holdings: number, funds: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    const now = new Date();
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, compliance_passed, created_at, updated_at)
       values ($1, $2, $3, 5, $4, 1000, 1, $4, $4)`,
      ['Bench Portfolio', EMAIL, hash, now],
    );
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, created_at, updated_at)
       values ('Bench Admin', $1, $2, 1, $3, 1, $3, $3)`,
      [ADMIN_EMAIL, hash, now],
    );
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, compliance_passed, created_at, updated_at)
       select 'Other ' || n, 'other-' || n || '@portico.test', null, 5, now(), 1, 1, now(), now()
       from generate_series(1, 50) n`,
    );
    await client.query(
      `insert into opportunities (slug, name, company_name, status, target_amount, maximum_amount, minimum_investment, share_price, share_class, tax_relief, completed_at)
       select 'bench-' || n, 'Bench round ' || n, 'Bench Company ' || n || ' Ltd', case when n % 7 = 0 then 6 else 5 end,
         100000, 200000, 500, 1 + (n % 40) / 10.0, 'Ordinary', 'eis', now() - (n % 900 || ' days')::interval
       from generate_series(1, $1::int) n`,
      [holdings],
    );
    // twelve quarterly prices per investment, some up, some down
    await client.query(
      `insert into share_prices (opportunity_id, price, effective_on, kind)
       select o.id, round(o.share_price * (1 + ((o.id * 7 + q * 13) % 21 - 8) / 20.0), 6), (o.completed_at::date + q * 91), case when q = 0 then 'round' else 'valuation' end
       from opportunities o, generate_series(0, 11) q
       where o.completed_at::date + q * 91 <= current_date`,
    );
    await client.query(
      `insert into holding_transactions (opportunity_id, user_id, kind, occurred_on, shares, amount, price)
       select o.id, u.id, 'allotment', o.completed_at::date, 2000, round(2000 * o.share_price, 2), o.share_price
       from opportunities o cross join users u where u.role_id = 5`,
    );
    const me = `(select id from users where email = '${EMAIL}')`;
    await client.query(
      `insert into holding_transactions (opportunity_id, user_id, kind, occurred_on, shares, amount, price)
       select o.id, ${me}, 'follow_on', o.completed_at::date + 120, 500, round(500 * o.share_price, 2), o.share_price
       from opportunities o where o.id % 3 = 0 and o.completed_at::date + 120 <= current_date`,
    );
    await client.query(
      `insert into holding_transactions (opportunity_id, user_id, kind, occurred_on, shares, amount)
       select o.id, ${me}, 'dividend', o.completed_at::date + 200, null, 40
       from opportunities o where o.id % 5 = 0 and o.completed_at::date + 200 <= current_date`,
    );
    await client.query(
      `insert into holding_transactions (opportunity_id, user_id, kind, occurred_on, shares, amount, price)
       select o.id, ${me}, 'exit', o.completed_at::date + 300, 800, round(800 * o.share_price * 1.5, 2), o.share_price * 1.5
       from opportunities o where o.id % 10 = 0 and o.completed_at::date + 300 <= current_date`,
    );
    await loadFunds(client, funds, me);
    await client.query('vacuum (analyze)');
    const counts = await client.query<{ transactions: string; prices: string }>(
      `select (select count(*) from holding_transactions) as transactions, (select count(*) from share_prices) as prices`,
    );
    return counts.rows[0];
  } finally {
    await client.end();
  }
}

/**
 * `count` funds, each raising through one opportunity with 2,000 commitments of other investors and one of
 * the bench investor's; half of every commitment called in one capital call and paid; quarterly NAVs.
 */
async function loadFunds(client: pg.Client, count: number, me: string) {
  if (count === 0) return;
  await client.query(
    `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, compliance_passed, created_at, updated_at)
     select 'Fund investor ' || n, 'fund-investor-' || n || '@portico.test', null, 5, now(), 1, 1, now(), now()
     from generate_series(1, 2000) n`,
  );
  for (let fund = 1; fund <= count; fund++) {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `insert into funds (name, currency, target_size, status) values ($1, 'GBP', '100000000.00', 2) returning id`,
      [`Bench Fund ${fund}`],
    );
    const fundId = rows[0]?.id;
    const { rows: round } = await client.query<{ id: string }>(
      `insert into opportunities (slug, name, company_name, status, maximum_amount, minimum_investment, tax_relief, fund_id)
       values ($1, $1, $1, 4, '100000000.00', '1000.00', 'none', $2) returning id`,
      [`bench-fund-${fund}`, fundId],
    );
    const roundId = round[0]?.id;
    await client.query(
      `insert into investments (opportunity_id, user_id, amount, payment_reference, created_at)
       select $1, u.id, (10000 + (u.id * 7919) % 5000000 / 100.0)::numeric(14, 2), 'BF-' || u.id, now() - interval '3 years'
       from users u where u.email like 'fund-investor-%' or u.id = ${me} order by u.id`,
      [roundId],
    );
    const { rows: call } = await client.query<{ id: string }>(
      `insert into fund_capital_calls (fund_id, percent, total, due_date, request_key)
       select $1, 50, sum(round(amount / 2, 2)), current_date - 900, 'bench' from investments where opportunity_id = $2
       returning id`,
      [fundId, roundId],
    );
    await client.query(
      `insert into fund_capital_call_lines (call_id, investment_id, user_id, amount)
       select $1, id, user_id, round(amount / 2, 2) from investments where opportunity_id = $2`,
      [call[0]?.id, roundId],
    );
    await client.query(
      `insert into investment_payments (investment_id, opportunity_id, user_id, kind, amount, paid_delta, received_on)
       select id, opportunity_id, user_id, 'payment', called_amount, called_amount, current_date - 880
       from investments where opportunity_id = $1`,
      [roundId],
    );
    await client.query(
      `update investments set paid_amount = called_amount, status = 'awaiting_payment' where opportunity_id = $1`,
      [roundId],
    );
    await client.query(
      `insert into fund_navs (fund_id, nav, effective_on)
       select $1, (select sum(called_amount) from investments where opportunity_id = $2) * (1 + q / 20.0), current_date - 90 * q
       from generate_series(0, 9) q`,
      [fundId, roundId],
    );
    await client.query('commit');
  }
}

/** XIRR over `flows` cash flows, `runs` times: mean and p99 per call in milliseconds. */
function benchXirr(flows: number, runs: number) {
  const start = Date.UTC(2015, 0, 1);
  const cash: CashFlow[] = Array.from({ length: flows }, (_, index) => ({
    date: new Date(start + index * 3 * 86_400_000).toISOString().slice(0, 10),
    amount: index === flows - 1 ? '1850000.00' : index % 4 === 3 ? '250.00' : '-1000.00',
  }));
  for (let index = 0; index < 200; index++) xirr(cash); // warm-up
  const times = new Float64Array(runs);
  for (let index = 0; index < runs; index++) {
    const began = performance.now();
    xirr(cash);
    times[index] = performance.now() - began;
  }
  times.sort();
  const mean = times.reduce((sum, time) => sum + time, 0) / runs;
  return { rate: xirr(cash), mean, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

async function main() {
  const settings = {
    ...loadSettings(),
    databaseUrl:
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portico_bench_portfolio',
    connections: int('BENCH_CONNECTIONS', 1),
  };
  const database = splitDatabaseUrl(settings.databaseUrl).name;
  const holdings = int('BENCH_PORTFOLIO_HOLDINGS', 500);
  const funds = int('BENCH_PORTFOLIO_FUNDS', 3);

  const x = benchXirr(1000, int('BENCH_XIRR_RUNS', 2000));
  log(
    `XIRR, 1,000 flows: mean ${x.mean.toFixed(3)} ms, p50 ${x.p50.toFixed(3)} ms, p99 ${x.p99.toFixed(3)} ms (rate ${x.rate})`,
  );

  log(`recreating ${settings.databaseUrl}`);
  await recreateDatabase(settings.databaseUrl);
  const counts = await loadPortfolio(settings.databaseUrl, holdings, funds);
  log(
    `loaded ${holdings} holdings and ${funds} funds of 2,001 commitments: ${counts?.transactions} holding transactions, ${counts?.prices} share prices`,
  );
  const server = await startServer(settings);
  try {
    if (funds > 0) {
      // the funds feature on, as staff switch it
      const admin = await signIn(server.baseUrl, ADMIN_EMAIL, PASSWORD);
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(admin.cookieHeader)?.[1] ?? '');
      const on = await fetch(`${server.baseUrl}/api/features`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          cookie: admin.cookieHeader,
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify({ enableFunds: true }),
      });
      if (on.status !== 200) throw new Error(`PATCH /api/features answered ${on.status}`);
    }
    const session = await signIn(server.baseUrl, EMAIL, PASSWORD);
    const check = await fetch(`${server.baseUrl}/api/portfolio`, {
      headers: { cookie: session.cookieHeader, accept: 'application/json' },
    });
    const body = (await check.json()) as { data?: { holdings: unknown[]; totals: Record<string, unknown> } };
    if (check.status !== 200 || body.data?.holdings.length !== holdings + funds)
      throw new Error(
        `GET /api/portfolio answered ${check.status} with ${body.data?.holdings.length} holdings`,
      );
    log(
      `check: 200, ${holdings} direct and ${funds} fund holdings, totals ${JSON.stringify(body.data.totals)}`,
    );
    // the portfolio, the returns since the first investment and over the last tax year (issue 20), the chart
    const today = new Date().toISOString().slice(0, 10);
    const year = Number(today.slice(0, 4)) - (today.slice(5) < '04-06' ? 1 : 0);
    const lastTaxYear = `from=${year - 1}-04-06&to=${year}-04-05`;
    for (const path of [
      '/api/portfolio',
      '/api/portfolio/returns',
      `/api/portfolio/returns?${lastTaxYear}`,
      '/api/portfolio/history',
    ]) {
      // As the other benches do: wait (bounded, BENCH_QUIET_WAIT) for a quiet second, then record
      // the load the run met, ours (server, its PostgreSQL backends, this process) apart from others'.
      const quiet =
        settings.quietSeconds > 0 ? await waitForQuiet(settings.quietSeconds, DISTURBED) : Number.NaN;
      const sampler = cpuSampler(server.pid, database);
      const result = await driveHttp(
        {
          url: `${server.baseUrl}${path}`,
          cookieHeader: session.cookieHeader,
          connections: settings.connections,
          durationSeconds: settings.durationSeconds,
          onStart: () => sampler.start(),
          onStop: () => sampler.stop(),
        },
        settings.warmupSeconds,
      );
      const cpu = sampler.share(result.requests);
      log(
        `GET ${path} (${holdings} holdings and ${funds} funds, ${settings.connections} connection${settings.connections === 1 ? '' : 's'}, ${settings.durationSeconds} s): ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
      );
      log(
        `  load: ${Number.isNaN(quiet) ? 'no quiet wait' : `${quiet < DISTURBED ? 'quiet' : `not quiet after ${settings.quietSeconds} s`} (${quiet.toFixed(2)} cores busy before)`}; during the run the bench's own processes kept ${cpu.coresBusy.toFixed(2)} cores busy (server ${cpu.serverMs.toFixed(2)} ms, PostgreSQL ${cpu.postgresMs.toFixed(2)} ms, client ${cpu.benchMs.toFixed(2)} ms of CPU a request), other processes ${cpu.otherCores.toFixed(2)} (${cpu.otherPrograms}); load average ${cpu.loadBefore.toFixed(1)} → ${cpu.loadAfter.toFixed(1)}`,
      );
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`failed requests during the run of ${path}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench:portfolio] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
