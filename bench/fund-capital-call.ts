// A capital call across 2,000 commitments on PostgreSQL (issue 20: at most 1 s): the real server, a signed-in
// admin, POST /api/funds/{id}/capital-calls of 25% four times over, then the fund measures
// (GET /api/funds/{id}/kpis). Run from bench/: `npx tsx fund-capital-call.ts` (needs PostgreSQL;
// BENCH_FUNDS_DATABASE_URL names the database it drops and recreates). Prints a markdown section for
// docs/benchmarks.md.
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { recreateDatabase } from './lib/dataset';
import { signIn, startServer } from './lib/server';
import { int, loadSettings, splitDatabaseUrl } from './lib/settings';
import { percentile } from './lib/stats';

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

const settings = {
  ...loadSettings(),
  databaseUrl:
    process.env.BENCH_FUNDS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portico_bench_funds',
  port: int('BENCH_PORT', 3912),
  commitments: int('BENCH_FUND_COMMITMENTS', 2000),
  kpiRequests: int('BENCH_FUND_KPI_REQUESTS', 50),
};
const PASSWORD = 'bench-admin-password';

/** An admin, `count` investors each with a commitment to one fund's opportunity, and the fund. */
async function load(count: number) {
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version)
       values ('Bench Admin', 'bench-admin@portico.test', $1, 1, now(), 1)`,
      [await hashPassword(PASSWORD)],
    );
    const { rows: people } = await client.query<{ id: string }>(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version)
       select 'Bench Investor ' || n, 'bench-investor-' || n || '@portico.test', null, 5, now(), 1
       from generate_series(1, $1::int) as n returning id`,
      [count],
    );
    const { rows: fund } = await client.query<{ id: string }>(
      `insert into funds (name, currency, target_size, status) values ('Bench Fund', 'GBP', '100000000.00', 2) returning id`,
    );
    const fundId = Number(fund[0]?.id);
    const { rows: round } = await client.query<{ id: string }>(
      `insert into opportunities (slug, name, company_name, status, maximum_amount, minimum_investment, tax_relief,
         closing_date, published_at, fund_id, bank_account_name, bank_sort_code, bank_account_number)
       values ('bench-fund', 'Bench Fund', 'Bench Fund', 2, '100000000.00', '1000.00', 'none', current_date + 60, now(), $1,
         'Bench Fund Client Account', '123456', '12345678')
       returning id`,
      [fundId],
    );
    // commitments of £10,000 to £59,999.99, so the split has remainders to place
    await client.query(
      `insert into investments (opportunity_id, user_id, amount, payment_reference)
       select $1, id::bigint, (10000 + (id::bigint * 7919) % 5000000 / 100.0)::numeric(14, 2), 'BENCH-' || id
       from unnest($2::text[]) as id`,
      [Number(round[0]?.id), people.map((row) => row.id)],
    );
    await client.query('vacuum (analyze)');
    return fundId;
  } finally {
    await client.end();
  }
}

const ms = (value: number) => value.toFixed(1);

async function main() {
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name} and applying migrations`);
  await recreateDatabase(settings.databaseUrl);
  const fundId = await load(settings.commitments);
  log(`${settings.commitments} commitments ready; starting the server on port ${settings.port}`);
  const server = await startServer(settings, { startScript: true });
  try {
    const admin = await signIn(server.baseUrl, 'bench-admin@portico.test', PASSWORD);
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(admin.cookieHeader)?.[1] ?? '');
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: admin.cookieHeader,
      'x-xsrf-token': xsrf,
    };
    const features = await fetch(`${server.baseUrl}/api/features`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ enableFunds: true }),
    });
    if (features.status !== 200) throw new Error(`PATCH /api/features answered ${features.status}`);
    const today = new Date().toISOString().slice(0, 10);
    const calls: Array<{ ms: number; status: number; total: string; lines: number; sum: string }> = [];
    for (let index = 0; index < 4; index += 1) {
      const start = performance.now();
      const response = await fetch(`${server.baseUrl}/api/funds/${fundId}/capital-calls`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bench-call-${index}` },
        body: JSON.stringify({ percent: '25.00', due_date: today }),
      });
      const body = (await response.json()) as {
        data?: { total: string; lines: Array<{ amount: string }> };
      };
      const elapsed = performance.now() - start;
      const lines = body.data?.lines ?? [];
      const pence = lines.reduce((sum, line) => sum + BigInt(line.amount.replace('.', '')), 0n);
      calls.push({
        ms: elapsed,
        status: response.status,
        total: body.data?.total ?? '-',
        lines: lines.length,
        sum: `${pence / 100n}.${String(pence % 100n).padStart(2, '0')}`,
      });
      log(`call ${index + 1}: ${response.status} in ${ms(elapsed)} ms`);
    }
    const kpi = new Float64Array(settings.kpiRequests);
    for (let index = 0; index < settings.kpiRequests; index += 1) {
      const start = performance.now();
      const response = await fetch(`${server.baseUrl}/api/funds/${fundId}/kpis`, { headers });
      await response.arrayBuffer();
      kpi[index] = performance.now() - start;
    }
    const sorted = kpi.slice().sort();
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ over: string; called: string; committed: string }>(
      `select count(*) filter (where called_amount > amount)::text as over, sum(called_amount)::text as called,
         sum(amount)::text as committed from investments`,
    );
    await client.end();
    const lines = [
      '<!-- fund-capital-call -->',
      '## A capital call across 2,000 commitments (issue 20)',
      '',
      `${today}, \`cd bench && npx tsx fund-capital-call.ts\`, on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB, load average ${loadavg()[0]?.toFixed(2)} at the end. The compiled server (\`npm run serve\`) on PostgreSQL; ${settings.commitments} commitments of £10,000 to £60,000 to one fund; one admin calls 25% four times in a row. Each call locks the fund and its commitments, splits one total (decision 024), writes the call and its lines, moves each commitment to awaiting payment, and writes an audit row, a notification and an email per investor, in one transaction.`,
      '',
      '| call | status | ms | total | lines | lines sum |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...calls.map(
        (call, index) =>
          `| ${index + 1} × 25% | ${call.status} | ${ms(call.ms)} | ${call.total} | ${call.lines} | ${call.sum} |`,
      ),
      '',
      `After: ${rows[0]?.called} called of ${rows[0]?.committed} committed; commitments called past their amount: ${rows[0]?.over}.`,
      '',
      `\`GET /api/funds/{id}/kpis\` (every commitment's measures), ${settings.kpiRequests} requests one after another: p50 ${ms(percentile(sorted, 0.5))} ms, p95 ${ms(percentile(sorted, 0.95))} ms, p99 ${ms(percentile(sorted, 0.99))} ms.`,
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await server.stop();
  }
}

await main();
