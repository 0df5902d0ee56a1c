import type { CapturedStatement } from './capture';
import { cpuSampler, waitForQuiet, type CpuShare } from './cpu';
import { driveHttp, type HttpResult } from './http-driver';
import { driveRaw, type RawResult } from './raw-driver';
import type { EndpointReport } from './report';
import type { RunningServer } from './server';
import { splitDatabaseUrl, type BenchSettings } from './settings';

/** Above this many cores kept busy by other processes, a measured run counts as disturbed. */
const DISTURBED = 0.3;

export interface Endpoint {
  label: string;
  rawLabel: string;
  path: string;
  statements: CapturedStatement[];
  /** the number of rows the response must hold before it is measured */
  expectRows?: number;
  /** a JSON list (the default) or a CSV file, whose rows are its lines after the header */
  format?: 'json' | 'csv';
  /** how long one response may take (a whole export under 10 connections takes seconds) */
  timeoutSeconds?: number;
}

type Log = (message: string) => void;

/**
 * Measures CPU around a run, sampling /proc through it: the server's process group, the bench
 * database's backends (and their parallel workers), this process, and everything else by name.
 */
function cpuProbe(serverGroup: number | null, database: string) {
  const sampler = cpuSampler(serverGroup, database);
  return {
    onStart: () => sampler.start(),
    onStop: () => sampler.stop(),
    share: (operations: number): CpuShare => sampler.share(operations),
  };
}

/**
 * Other people's builds and tests share this machine. Each run waits for a quiet moment, and a run that
 * other work disturbed anyway is repeated (up to `attempts` times); the least disturbed one is kept.
 */
async function leastDisturbed<T>(
  settings: BenchSettings,
  log: Log,
  run: (attempt: number) => Promise<{ result: T; cpu: CpuShare }>,
) {
  let best: { result: T; cpu: CpuShare; attempts: number } | undefined;
  for (let attempt = 1; attempt <= settings.attempts; attempt++) {
    if (settings.quietSeconds > 0) await waitForQuiet(settings.quietSeconds, DISTURBED);
    const { result, cpu } = await run(attempt);
    if (!best || cpu.otherCores < best.cpu.otherCores) best = { result, cpu, attempts: attempt };
    else best.attempts = attempt;
    if (cpu.otherCores < DISTURBED) break;
    log(
      `    other processes kept ${cpu.otherCores.toFixed(2)} cores busy during that run (${cpu.otherPrograms})`,
    );
  }
  if (!best) throw new Error('BENCH_ATTEMPTS must be at least 1');
  return best;
}

/** Every endpoint must answer 200 (and a list its full page) before it is measured. */
async function checkEndpoint(baseUrl: string, endpoint: Endpoint, cookie: string, log: Log) {
  const response = await fetch(`${baseUrl}${endpoint.path}`, {
    headers: { cookie, accept: 'application/json' },
  });
  if (endpoint.format === 'csv') {
    const text = await response.text();
    const rows = text.split('\r\n').filter((line) => line !== '').length - 1;
    if (response.status !== 200 || (endpoint.expectRows !== undefined && rows !== endpoint.expectRows))
      throw new Error(
        `${endpoint.path} answered ${response.status} with ${rows} CSV rows; expected 200 with ${endpoint.expectRows}`,
      );
    log(`  check ${endpoint.path}: 200, ${rows} CSV rows, ${Math.round(text.length / 1024)} kB`);
    return;
  }
  const body = (await response.json()) as { data?: unknown; meta?: { total?: number; last_page?: number } };
  const rows = Array.isArray(body.data) ? body.data.length : undefined;
  const expected = endpoint.expectRows;
  if (response.status !== 200 || (expected !== undefined && rows !== expected))
    throw new Error(
      `${endpoint.path} answered ${response.status} with ${rows} rows; expected 200 with ${expected}`,
    );
  const detail = body.meta ? `, ${rows} rows of ${body.meta.total} (last page ${body.meta.last_page})` : '';
  log(`  check ${endpoint.path}: 200${detail}`);
}

const describeHttp = (r: HttpResult) =>
  `HTTP ${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
const describeRaw = (r: RawResult) =>
  `raw  ${Math.round(r.opsPerSecond)} ops/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, errors ${r.errors}`;

/** The endpoint through HTTP with autocannon, then its statements through `pg`, each after a warm-up. */
export async function measureEndpoint(
  settings: BenchSettings,
  server: RunningServer,
  endpoint: Endpoint,
  cookie: string,
  log: Log,
): Promise<EndpointReport> {
  await checkEndpoint(server.baseUrl, endpoint, cookie, log);
  const database = splitDatabaseUrl(settings.databaseUrl).name;
  const { connections, durationSeconds, warmupSeconds } = settings;

  const http = await leastDisturbed(settings, log, async (attempt) => {
    const probe = cpuProbe(server.pid, database);
    const url = `${server.baseUrl}${endpoint.path}`;
    const result = await driveHttp(
      {
        url,
        cookieHeader: cookie,
        connections,
        durationSeconds,
        timeoutSeconds: endpoint.timeoutSeconds,
        ...probe,
      },
      attempt === 1 ? warmupSeconds : 0,
    );
    log(`  ${describeHttp(result)}`);
    return { result, cpu: probe.share(result.requests) };
  });

  const rawOptions = { databaseUrl: settings.databaseUrl, connections, statements: endpoint.statements };
  const raw = await leastDisturbed(settings, log, async (attempt) => {
    if (attempt === 1 && warmupSeconds > 0) await driveRaw({ ...rawOptions, durationSeconds: warmupSeconds });
    const probe = cpuProbe(null, database);
    const result = await driveRaw({ ...rawOptions, durationSeconds, ...probe });
    log(`  ${describeRaw(result)}`);
    return { result, cpu: probe.share(result.operations) };
  });

  if (http.result.non2xx > 0 || http.result.errors > 0 || raw.result.errors > 0)
    throw new Error(`${endpoint.label}: failed requests during the run`);
  return {
    label: endpoint.label,
    rawLabel: endpoint.rawLabel,
    http: http.result,
    httpCpu: http.cpu,
    httpAttempts: http.attempts,
    raw: raw.result,
    rawCpu: raw.cpu,
    rawAttempts: raw.attempts,
  };
}
