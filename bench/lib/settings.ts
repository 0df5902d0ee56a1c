import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What a run uses; every value can be changed through the environment. */
export interface BenchSettings {
  /** the PostgreSQL database the run drops, recreates and fills */
  databaseUrl: string;
  port: number;
  investors: number;
  staff: number;
  batchSize: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** the longest wait, before each measured run, for other work on the machine to settle (0: no wait) */
  quietSeconds: number;
  /** how many times a measured run is repeated when other work on the machine disturbed it */
  attempts: number;
  /** the deep page of the staff list (filter role_id 3,11, sort -created_at, 25 a page) */
  deepPage: number;
  /** a common fragment of names for the search benchmark */
  searchTerm: string;
  adminEmail: string;
  adminPassword: string;
  appKey: string;
  /** the markdown file the results go to (--out, BENCH_REPORT) */
  reportFile: string;
  /** leave the generated database in place at the end (--keep-database, BENCH_KEEP_DATABASE=1) */
  keepDatabase: boolean;
}

/** A whole number from the environment, or `fallback` when unset or empty. */
export function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got ${raw})`);
  return value;
}

const text = (name: string, fallback: string) => process.env[name] || fallback;

/** The investors list benchmark: its own database, dataset and queries. */
export interface InvestorBenchSettings extends BenchSettings {
  /** investors (role 5) to generate, each with a profile */
  rows: number;
  organisations: number;
  /** the deep page of the list sorted by name, 25 a page */
  investorDeepPage: number;
  /** a common fragment of names for the search benchmark */
  investorSearch: string;
  /** the cases to run (--case, BENCH_CASES); empty: every case */
  cases: string[];
}

export function loadInvestorSettings(): InvestorBenchSettings {
  return {
    ...loadSettings(),
    databaseUrl: text(
      'BENCH_INVESTORS_DATABASE_URL',
      'postgres://postgres@127.0.0.1:5432/portico_bench_investors',
    ),
    rows: int('BENCH_INVESTOR_ROWS', 100_000),
    organisations: int('BENCH_ORGANISATIONS', 2_000),
    investorDeepPage: int('BENCH_INVESTOR_DEEP_PAGE', 2_000),
    investorSearch: text('BENCH_INVESTOR_SEARCH', 'son'),
    cases: (process.env.BENCH_CASES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  };
}

export function loadSettings(): BenchSettings {
  return {
    databaseUrl: text('BENCH_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/portico_bench'),
    port: int('BENCH_PORT', 3901),
    investors: int('BENCH_INVESTORS', 75_000),
    staff: int('BENCH_STAFF', 25_000),
    batchSize: int('BENCH_BATCH_SIZE', 1_000),
    connections: int('BENCH_CONNECTIONS', 10),
    durationSeconds: int('BENCH_DURATION', 10),
    warmupSeconds: int('BENCH_WARMUP', 5),
    quietSeconds: int('BENCH_QUIET_WAIT', 20),
    attempts: Math.max(1, int('BENCH_ATTEMPTS', 3)),
    deepPage: int('BENCH_DEEP_PAGE', 100),
    searchTerm: text('BENCH_SEARCH', 'son'),
    adminEmail: 'bench-admin@portico.test',
    adminPassword: 'bench-admin-password',
    appKey: 'bench-app-key-0123456789-abcdefghijklmnop',
    reportFile: text('BENCH_REPORT', new URL('../../docs/benchmarks.md', import.meta.url).pathname),
    keepDatabase: process.env.BENCH_KEEP_DATABASE === '1',
  };
}

/** The database's name and a URL to the server's maintenance database, for DROP and CREATE. */
export function splitDatabaseUrl(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name "${name}" in ${databaseUrl}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  return { name, adminUrl: admin.toString() };
}

/** The settings a run really used, for its report: every value, whether from the environment or a default. */
export function describeSettings(settings: BenchSettings, extra: Record<string, string | number> = {}) {
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  const entries: Array<[string, string | number]> = [
    ['database', name],
    ['port', String(settings.port)],
    ['connections', settings.connections],
    ['duration', `${settings.durationSeconds} s`],
    ['warm-up', `${settings.warmupSeconds} s`],
    ['quiet wait', `${settings.quietSeconds} s`],
    ['attempts', settings.attempts],
    ['batch size', settings.batchSize],
    ...Object.entries(extra),
    ['report', path.relative(REPO_ROOT, settings.reportFile) || settings.reportFile],
    ['database kept', settings.keepDatabase ? 'yes' : 'no (dropped at the end)'],
  ];
  return entries
    .map(([key, value]) => `${key} ${typeof value === 'number' ? value.toLocaleString('en-US') : value}`)
    .join(', ');
}
