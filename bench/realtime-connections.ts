// Issue 22 benchmark: 5,000 WebSocket connections on one node stay under 300 MB above its resting size,
// and a broadcast costs its channel's subscribers, not every connection.
// Build the server first (`npm run build -w @portico/server`), then from bench/:
//   BENCH_REALTIME_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portico_bench_realtime npx tsx realtime-connections.ts
// The compiled server (apps/server/dist/main.js, started as its start script does) runs on PostgreSQL
// (the database is dropped, recreated and dropped again at the end) with REDIS_URL, so each broadcast
// comes in as another node's would: one publish on Redis. Each connection subscribes to its own private
// channel, signed with the app's secret as /broadcasting/auth signs it. Settings: BENCH_REALTIME_CONNECTIONS
// (5,000), BENCH_REALTIME_FEW (10), BENCH_REALTIME_REDIS_URL, BENCH_REALTIME_PORT (8137),
// BENCH_REALTIME_BASELINE_SERVER (another build's main.js, e.g. the previous implementation, measured
// the same way in the same run).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
// the server's own WebSocket client library (apps/server depends on it); Node 20 has no global WebSocket
import { WebSocket } from 'ws';
import { signChannel } from '../apps/server/src/platform/realtime/pusher-server';
import { dropDatabase, recreateDatabase } from './lib/dataset';
import { int } from './lib/settings';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const log = (message: string) => process.stdout.write(`[bench:realtime] ${message}\n`);
const text = (name: string, fallback: string) => process.env[name] || fallback;

const APP = { key: 'bench-realtime-key', secret: 'bench-realtime-secret-0123456789' };
/** the Redis channel every node listens on (platform/realtime/fanout.ts) */
const FANOUT_CHANNEL = 'portico#broadcasts';

const settings = {
  databaseUrl: text(
    'BENCH_REALTIME_DATABASE_URL',
    'postgres://postgres@127.0.0.1:5432/portico_bench_realtime',
  ),
  redisUrl: text('BENCH_REALTIME_REDIS_URL', 'redis://127.0.0.1:6379'),
  port: int('BENCH_REALTIME_PORT', 8137),
  connections: int('BENCH_REALTIME_CONNECTIONS', 5_000),
  few: int('BENCH_REALTIME_FEW', 10),
  baseline: process.env.BENCH_REALTIME_BASELINE_SERVER ?? '',
};
// Channel names no test or other bench uses: Redis pub/sub is shared by every database number.
const RUN = randomUUID().slice(0, 8);
const channelOf = (index: number) => `private-bench-realtime-${RUN}-${index}`;

const load = () => loadavg().map((value) => value.toFixed(2));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** The start script's Node flags (apps/server/package.json), so the server runs as `npm start` runs it. */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

interface Server {
  pid: number;
  rss(): number;
  stop(): Promise<void>;
}

/** Starts a compiled server (node <flags> main.js) and waits for /health. */
async function startServer(main: string): Promise<Server> {
  const baseUrl = `http://127.0.0.1:${settings.port}`;
  const child = spawn(process.execPath, [...startFlags(), main], {
    cwd: path.dirname(path.dirname(main)),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: settings.databaseUrl,
      REDIS_URL: settings.redisUrl,
      PORT: String(settings.port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      APP_KEY: 'bench-realtime-app-key-at-least-32-characters',
      PUSHER_APP_KEY: APP.key,
      PUSHER_APP_SECRET: APP.secret,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '0',
    },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the server');
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let running = true;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (running = false));
  const server: Server = {
    pid,
    rss() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
    },
    async stop() {
      if (!running) return;
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
      if (timedOut && running) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`the server exited during start-up:\n${stderr}`);
    const ok = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    await sleep(250);
  }
  await server.stop();
  throw new Error(`the server did not answer /health within 60 s:\n${stderr}`);
}

/** The resident size a few seconds after the last change: the median of three samples a second apart. */
async function settledRss(server: Server) {
  await sleep(3_000);
  const samples: number[] = [];
  for (let sample = 0; sample < 3; sample++) {
    samples.push(server.rss());
    await sleep(1_000);
  }
  return median(samples);
}

interface Connection {
  socket: WebSocket;
  /** resolves when `count` frames of `event` have arrived since the call */
  expect(event: string, count: number): Promise<number>;
}

/** One browser: connects, subscribes to its channel, and counts the frames of each event it hears. */
function connect(index: number): Promise<Connection> {
  const socket = new WebSocket(
    `ws://127.0.0.1:${settings.port}/app/${APP.key}?protocol=7&client=js&version=8.4.0`,
  );
  const waiting = new Map<string, { left: number; resolve: (at: number) => void }>();
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString('utf8')) as { event: string; data: string };
      if (frame.event === 'pusher:connection_established') {
        const { socket_id } = JSON.parse(frame.data) as { socket_id: string };
        const channel = channelOf(index);
        socket.send(
          JSON.stringify({
            event: 'pusher:subscribe',
            data: { channel, auth: signChannel(APP, socket_id, channel) },
          }),
        );
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        resolve({
          socket,
          expect: (event, count) =>
            new Promise<number>((done) => waiting.set(event, { left: count, resolve: done })),
        });
      } else if (frame.event === 'pusher:subscription_error') {
        reject(new Error(`subscription refused: ${frame.data}`));
      } else {
        const wait = waiting.get(frame.event);
        if (!wait) return;
        wait.left -= 1;
        if (wait.left === 0) {
          waiting.delete(frame.event);
          wait.resolve(performance.now());
        }
      }
    });
  });
}

/** Opens connections [from, to), a hundred at a time. */
async function open(connections: Connection[], from: number, to: number) {
  for (let start = from; start < to; start += 100) {
    const batch = Array.from({ length: Math.min(100, to - start) }, (_, offset) => connect(start + offset));
    connections.push(...(await Promise.all(batch)));
  }
}

/** What each node's fan-out publishes: the messages and a node id that is not the server's own. */
const envelope = (messages: Array<{ channel: string; event: string; data: string }>) =>
  JSON.stringify({ node: `bench-${RUN}`, messages });

interface Timings {
  /** one event to one channel, publish to arrival, median of 50 */
  one: number;
  /** 1,000 events to one channel in one publish, until the last arrives, median of 5 */
  burst: number;
  /** one event to every connection's channel in one publish, until every socket has it, median of 3 */
  everyone: number;
}

async function time(redis: Redis, connections: Connection[]): Promise<Timings> {
  const target = connections[connections.length >> 1];
  if (!target) throw new Error('no connections');
  const channel = channelOf(connections.indexOf(target));
  // Round 0 of each kind warms the code up and is not counted.
  const one: number[] = [];
  for (let round = 0; round <= 50; round++) {
    const arrived = target.expect('one', 1);
    const began = performance.now();
    await redis.publish(FANOUT_CHANNEL, envelope([{ channel, event: 'one', data: `{"round":${round}}` }]));
    if (round > 0) one.push((await arrived) - began);
    else await arrived;
  }
  const burst: number[] = [];
  const messages = Array.from({ length: 1_000 }, (_, n) => ({ channel, event: 'burst', data: `{"n":${n}}` }));
  for (let round = 0; round <= 5; round++) {
    const arrived = target.expect('burst', messages.length);
    const began = performance.now();
    await redis.publish(FANOUT_CHANNEL, envelope(messages));
    const at = await arrived;
    if (round > 0) burst.push(at - began);
  }
  const everyone: number[] = [];
  const toAll = connections.map((_, index) => ({ channel: channelOf(index), event: 'all', data: '{}' }));
  for (let round = 0; round <= 3; round++) {
    const arrived = Promise.all(connections.map((connection) => connection.expect('all', 1)));
    const began = performance.now();
    await redis.publish(FANOUT_CHANNEL, envelope(toAll));
    const last = Math.max(...(await arrived));
    if (round > 0) everyone.push(last - began);
  }
  return { one: median(one), burst: median(burst), everyone: median(everyone) };
}

interface Result {
  label: string;
  rest: number;
  withFew: number;
  withMany: number;
  few: Timings;
  many: Timings;
  load: { before: string[]; after: string[] };
}

async function measure(label: string, main: string, redis: Redis): Promise<Result> {
  log(`${label}: starting ${path.relative(REPO_ROOT, main)}`);
  const before = load();
  const server = await startServer(main);
  const connections: Connection[] = [];
  try {
    const rest = await settledRss(server);
    log(`${label}: at rest ${mb(rest)} (load ${load().join(' ')})`);
    await open(connections, 0, settings.few);
    const withFew = await settledRss(server);
    const few = await time(redis, connections);
    log(`${label}: ${settings.few} connected, ${mb(withFew)}; ${JSON.stringify(few)}`);
    const opening = performance.now();
    await open(connections, settings.few, settings.connections);
    log(
      `${label}: ${connections.length} connected and subscribed in ${((performance.now() - opening) / 1000).toFixed(1)} s`,
    );
    const withMany = await settledRss(server);
    const many = await time(redis, connections);
    log(`${label}: ${connections.length} connected, ${mb(withMany)}; ${JSON.stringify(many)}`);
    return { label, rest, withFew, withMany, few, many, load: { before, after: load() } };
  } finally {
    for (const connection of connections) connection.socket.terminate();
    await server.stop();
  }
}

async function main() {
  log(`recreating ${settings.databaseUrl}`);
  await recreateDatabase(settings.databaseUrl);
  const redis = new Redis(settings.redisUrl);
  const results: Result[] = [];
  try {
    const servers: Array<[string, string]> = [
      ['this tree', path.join(REPO_ROOT, 'apps/server/dist/main.js')],
    ];
    if (settings.baseline) servers.push(['baseline', path.resolve(settings.baseline)]);
    for (const [label, main] of servers) results.push(await measure(label, main, redis));
  } finally {
    redis.disconnect();
    await dropDatabase(settings.databaseUrl);
    log(`dropped ${settings.databaseUrl}`);
  }
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB`;
  const lines = [
    `${new Date().toISOString().slice(0, 16)}Z, ${machine}, Node ${process.version}`,
    '',
    `| server | load before → after (1/5/15 min) | RSS at rest | with ${settings.few} | with ${settings.connections} | above rest | one event, ${settings.few} / ${settings.connections} connected | 1,000 events to one channel | one event to every channel |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.load.before.join(' ')} → ${r.load.after.join(' ')} | ${mb(r.rest)} | ${mb(r.withFew)} | ${mb(r.withMany)} | ${mb(r.withMany - r.rest)} | ${ms(r.few.one)} / ${ms(r.many.one)} | ${ms(r.few.burst)} / ${ms(r.many.burst)} | ${ms(r.few.everyone)} / ${ms(r.many.everyone)} |`,
    ),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench:realtime] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
