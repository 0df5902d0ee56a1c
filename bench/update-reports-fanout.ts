// Issue 19 benchmark: publishing an update about an investment held by 10,000 investors stores every
// notification, queues every email and pushes one realtime event per investor within 5 s on PostgreSQL.
// Run from bench/:
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench_fanout npx tsx update-reports-fanout.ts
// The database is dropped and recreated. BENCH_FANOUT_HOLDERS (default 10,000) and BENCH_FANOUT_RUNS
// (default 3 publications) change the run.
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
// the server's own WebSocket client library (apps/server depends on it); Node 20 has no global WebSocket
import { WebSocket } from 'ws';
import { hashPassword } from '../apps/server/src/platform/auth/passwords';
import { recreateDatabase } from './lib/dataset';
import { signIn, startServer } from './lib/server';
import { loadSettings } from './lib/settings';

const log = (message: string) => process.stdout.write(`[bench:fanout] ${message}\n`);
const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw ? Number.parseInt(raw, 10) : fallback;
};

const EMAIL = 'bench-fanout-admin@portico.test';
const HOLDER_PASSWORD = 'bench-fanout-holder-password';
const PASSWORD = 'bench-fanout-password';

/** A Super Admin, one existing investment and `holders` verified investors who each hold it. */
async function load(databaseUrl: string, holders: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, created_at, updated_at)
       values ('Bench Admin', $1, $2, 1, now(), 1000, now(), now())`,
      [EMAIL, await hashPassword(PASSWORD)],
    );
    const {
      rows: [opportunity],
    } = await client.query<{ id: string }>(
      `insert into opportunities (slug, name, company_name, status, target_amount, maximum_amount, minimum_investment, share_price, share_class, tax_relief, completed_at)
       values ('bench-fanout', 'Bench Fanout', 'Bench Fanout Ltd', 5, 100000, 200000, 500, 1, 'Ordinary', 'eis', now() - interval '200 days')
       returning id`,
    );
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, compliance_passed, notification_emails, created_at, updated_at)
       select 'Holder ' || n, 'holder-' || n || '@portico.test', null, 5, now(), 1, 1, true, now(), now()
       from generate_series(1, $1::int) n`,
      [holders],
    );
    // 2,000 investors who do not hold it (they must not be told)
    await client.query(
      `insert into users (name, email, password, role_id, email_verified_at, accepted_terms_version, compliance_passed, created_at, updated_at)
       select 'Other ' || n, 'other-' || n || '@portico.test', null, 5, now(), 1, 1, now(), now()
       from generate_series(1, 2000) n`,
    );
    await client.query(
      `insert into holding_transactions (opportunity_id, user_id, kind, occurred_on, shares, amount, price)
       select $1, u.id, 'allotment', current_date - 200, 1000, 1000, 1
       from users u where u.email like 'holder-%'`,
      [opportunity?.id],
    );
    // the last holder signs in and listens on their channel: the fan-out reaches them last
    await client.query(`update users set password = $1 where email = $2`, [
      await hashPassword(HOLDER_PASSWORD),
      `holder-${holders}@portico.test`,
    ]);
    await client.query('vacuum (analyze)');
    return Number(opportunity?.id);
  } finally {
    await client.end();
  }
}

interface Listener {
  /** when the event of a report's notification reached the socket (performance.now()) */
  arrivalOf(reportId: number): Promise<number>;
  close(): void;
}

/**
 * An investor's browser, as Echo/pusher-js does it: the socket, the channel signed by
 * /broadcasting/auth, and every notification event's arrival time by the report it opens.
 */
async function listen(baseUrl: string, email: string, password: string): Promise<Listener> {
  const session = await signIn(baseUrl, email, password);
  const token = /XSRF-TOKEN=([^;]+)/.exec(session.cookieHeader)?.[1] ?? '';
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/app/portico-key?protocol=7&client=js&version=8.4.0`,
  );
  const arrivals = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  let established: (socketId: string) => void = () => undefined;
  let subscribed: () => void = () => undefined;
  const socketId = new Promise<string>((resolve) => (established = resolve));
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  socket.on('message', (raw: Buffer) => {
    const at = performance.now();
    const frame = JSON.parse(raw.toString()) as { event: string; data?: string };
    const data = typeof frame.data === 'string' ? (JSON.parse(frame.data) as Record<string, unknown>) : {};
    if (frame.event === 'pusher:connection_established') established(String(data.socket_id));
    else if (frame.event === 'pusher_internal:subscription_succeeded') subscribed();
    else if (typeof data.cta === 'string') {
      const id = Number(/\/reports\/(\d+)$/.exec(data.cta)?.[1]);
      arrivals.set(id, at);
      waiting.get(id)?.(at);
    }
  });
  const userId = await fetch(`${baseUrl}/api/user`, {
    headers: { cookie: session.cookieHeader, accept: 'application/json' },
  }).then(async (response) => (await response.json()) as { id?: number; data?: { id: number } });
  const id = userId.data?.id ?? userId.id;
  const channel = `private-App.Models.User.${id}`;
  const auth = await fetch(`${baseUrl}/broadcasting/auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: session.cookieHeader,
      'x-xsrf-token': decodeURIComponent(token),
    },
    body: JSON.stringify({ socket_id: await socketId, channel_name: channel }),
  });
  if (auth.status !== 200)
    throw new Error(`/broadcasting/auth answered ${auth.status}: ${await auth.text()}`);
  const { auth: signature } = (await auth.json()) as { auth: string };
  socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: signature } }));
  await ready;
  return {
    arrivalOf: (reportId) =>
      arrivals.has(reportId)
        ? Promise.resolve(arrivals.get(reportId) ?? 0)
        : new Promise<number>((resolve, reject) => {
            waiting.set(reportId, resolve);
            setTimeout(
              () => reject(new Error(`no event for report ${reportId} within 30 s`)),
              30_000,
            ).unref();
          }),
    close: () => socket.close(),
  };
}

async function main() {
  const settings = {
    ...loadSettings(),
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portico_bench_fanout',
  };
  const holders = int('BENCH_FANOUT_HOLDERS', 10_000);
  const runs = int('BENCH_FANOUT_RUNS', 3);
  log(`recreating ${settings.databaseUrl}`);
  await recreateDatabase(settings.databaseUrl);
  const opportunityId = await load(settings.databaseUrl, holders);
  log(`loaded ${holders} holders of opportunity ${opportunityId} and 2,000 investors who do not hold it`);

  const server = await startServer(settings);
  const db = new pg.Client({ connectionString: settings.databaseUrl });
  await db.connect();
  const times: number[] = [];
  try {
    const session = await signIn(server.baseUrl, EMAIL, PASSWORD);
    const listener = await listen(server.baseUrl, `holder-${holders}@portico.test`, HOLDER_PASSWORD);
    const token = /XSRF-TOKEN=([^;]+)/.exec(session.cookieHeader)?.[1];
    if (!token) throw new Error('no XSRF-TOKEN in the session');
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          cookie: session.cookieHeader,
          'x-xsrf-token': decodeURIComponent(token),
        },
        body: JSON.stringify(body),
      });

    for (let run = 1; run <= runs; run++) {
      const created = await post('/api/update-reports', {
        title: `Quarterly update ${run}`,
        body: '<p>Revenue grew <strong>40%</strong> this quarter.</p>',
        opportunity_id: opportunityId,
      });
      if (created.status !== 201)
        throw new Error(`create answered ${created.status}: ${await created.text()}`);
      const { data } = (await created.json()) as { data: { id: number } };
      // The answer comes after the transaction (report, version, notifications, outbox emails) has
      // committed and every per-user event has been handed to the realtime fan-out.
      const began = performance.now();
      const published = await post(`/api/update-reports/${data.id}/publish`, {});
      const elapsed = performance.now() - began;
      const pushed = (await listener.arrivalOf(data.id)) - began;
      if (published.status !== 200)
        throw new Error(`publish answered ${published.status}: ${await published.text()}`);
      const counts = await db.query<{ notifications: string; emails: string; recipients: number }>(
        `select (select count(*) from notifications where data->>'cta' like '%/reports/' || $1::text) as notifications,
                (select count(*) from mail_outbox where text_body like '%/reports/' || $1::text || '%') as emails,
                (select recipients from update_reports where id = $1::bigint) as recipients`,
        [data.id],
      );
      const row = counts.rows[0];
      if (
        Number(row?.notifications) !== holders ||
        Number(row?.emails) !== holders ||
        row?.recipients !== holders
      )
        throw new Error(`expected ${holders} of each, got ${JSON.stringify(row)}`);
      times.push(Math.max(elapsed, pushed));
      log(
        `run ${run}: publish answered 200 in ${elapsed.toFixed(0)} ms, the last holder's socket had its event at ${pushed.toFixed(0)} ms; ${row?.notifications} notifications, ${row?.emails} emails, recipients ${row?.recipients}`,
      );
    }
    listener.close();
  } finally {
    await db.end();
    await server.stop();
  }
  const sorted = [...times].sort((a, b) => a - b);
  log(
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB, load average ${loadavg()[0]?.toFixed(2)}: ${holders} holders, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, worst ${sorted.at(-1)?.toFixed(0)} ms (target < 5,000 ms)`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench:fanout] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
