import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import type { CpuShare } from './cpu';
import type { HttpResult } from './http-driver';
import type { RawResult } from './raw-driver';
import { round } from './stats';

export interface EndpointReport {
  label: string;
  /** what the raw column runs */
  rawLabel: string;
  http: HttpResult;
  httpCpu: CpuShare;
  /** how many measured runs it took to get one that other work did not disturb */
  httpAttempts: number;
  raw: RawResult;
  rawCpu: CpuShare;
  rawAttempts: number;
}

export interface PlanReport {
  title: string;
  sql: string;
  plan: string;
}

export interface BenchReport {
  date: string;
  command: string;
  /** the settings the run really used (describeSettings) */
  settings?: string;
  machine: string;
  dataset: string;
  generation: string;
  method: string;
  durationSeconds: number;
  cores: number;
  endpoints: EndpointReport[];
  plans: PlanReport[];
  reading: string[];
  /** the sentence before the plans (by default, for the staff list) */
  plansIntro?: string;
  /** paragraphs after the reading, before the plans (comparisons, notes) */
  notes?: string[];
  cleanup: string;
}

const HEADER = `# Benchmarks

Load and scale benchmarks of Portico, run with \`npm run bench\` (never part of \`npm test\`). Each
section is written by its benchmark between its own HTML comment markers: a rerun replaces only its own
section, and a new benchmark appends a new one. The numbers are from one machine and one run; compare
ratios and orders of magnitude rather than single digits.
`;

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const whole = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * The same ratio per CPU second the bench's own processes spent (raw CPU per operation over HTTP CPU per
 * request): other people's work takes a different share of the cores in each run, and this ratio does
 * not depend on the share left.
 */
const perCpu = (e: EndpointReport) =>
  (e.rawCpu.postgresMs + e.rawCpu.benchMs) / (e.httpCpu.serverMs + e.httpCpu.postgresMs + e.httpCpu.benchMs);

function resultsTable(endpoints: EndpointReport[]): string {
  const lines = [
    '| endpoint | HTTP req/s | HTTP p50 ms | HTTP p99 ms | raw SQL ops/s | raw p50 ms | raw p99 ms | HTTP/raw throughput | HTTP/raw per CPU second | HTTP non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const e of endpoints) {
    lines.push(
      `| ${e.label} | ${whole(e.http.requestsPerSecond)} | ${fixed(e.http.p50, 2)} | ${fixed(e.http.p99, 2)} | ${whole(
        e.raw.opsPerSecond,
      )} | ${fixed(e.raw.p50, 2)} | ${fixed(e.raw.p99, 2)} | ${fixed(e.http.requestsPerSecond / e.raw.opsPerSecond, 2)} | ${fixed(
        perCpu(e),
        2,
      )} | ${e.http.non2xx + e.http.errors} |`,
    );
  }
  return lines.join('\n');
}

function cpuTable(endpoints: EndpointReport[]): string {
  const lines = [
    '| endpoint | run | server (Node) CPU ms | PostgreSQL CPU ms | load generator CPU ms | cores busy | other load (cores) | load average | busiest other programs (cores) | attempts |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const e of endpoints) {
    const row = (run: string, cpu: CpuShare, server: boolean, attempts: number) =>
      `| ${e.label} | ${run} | ${server ? fixed(cpu.serverMs, 2) : '–'} | ${fixed(cpu.postgresMs, 2)} | ${fixed(
        cpu.benchMs,
        2,
      )} | ${fixed(cpu.coresBusy, 2)} | ${fixed(cpu.otherCores, 2)} | ${fixed(cpu.loadBefore)} → ${fixed(
        cpu.loadAfter,
      )} | ${cpu.otherPrograms} | ${attempts} |`;
    lines.push(row('HTTP', e.httpCpu, true, e.httpAttempts), row('raw SQL', e.rawCpu, false, e.rawAttempts));
  }
  return lines.join('\n');
}

function plansBlock(plans: PlanReport[]): string {
  return plans
    .map(
      (p) =>
        `<details><summary>${p.title}</summary>\n\n\`\`\`sql\n${p.sql}\n\`\`\`\n\n\`\`\`text\n${p.plan}\n\`\`\`\n\n</details>`,
    )
    .join('\n\n');
}

export function renderSection(id: string, title: string, report: BenchReport): string {
  return [
    `<!-- bench:${id}:start -->`,
    `<!-- Written by bench/run.ts; edits between these markers are replaced on the next run. -->`,
    '',
    `## ${title}`,
    '',
    `- Date: ${report.date}`,
    `- Command: \`${report.command}\``,
    ...(report.settings ? [`- Settings: ${report.settings}`] : []),
    `- Machine: ${report.machine}`,
    `- Dataset: ${report.dataset}`,
    `- Generation: ${report.generation}`,
    '',
    report.method,
    '',
    resultsTable(report.endpoints),
    '',
    'Raw SQL per operation: ' +
      report.endpoints.map((e) => `${e.label}: ${e.rawLabel}`).join('; ') +
      '. Latencies are per request (HTTP) or per operation (raw), nearest-rank percentiles of every sample. "Per CPU second" divides the CPU the raw run spent per operation (PostgreSQL and the client) by what a request spent (server, PostgreSQL and autocannon), from the table below: unlike throughput, it does not depend on how much of the machine other work left each run.',
    '',
    '### Where the time goes',
    '',
    `CPU time per request (HTTP) or per operation (raw SQL), sampled from /proc every half second over each measured run (${report.durationSeconds} s); "cores busy" is the sum of all three over wall time, out of ${report.cores}; "other load" is whatever else kept the machine's cores busy meanwhile (other people's builds and tests share this machine, and it lowers the numbers), with the busiest of those programs by name and the one-minute load average at the start and end of the run. PostgreSQL counts only the backends connected to the bench database and their parallel workers:`,
    '',
    cpuTable(report.endpoints),
    '',
    ...report.reading.flatMap((paragraph) => [paragraph, '']),
    ...(report.notes ?? []).flatMap((paragraph) => [paragraph, '']),
    '### Query plans at this size',
    '',
    report.plansIntro ??
      'EXPLAIN (ANALYZE, BUFFERS) of the statements the staff list runs, with the parameters bound as the server binds them:',
    '',
    plansBlock(report.plans),
    '',
    report.cleanup,
    '',
    `<!-- bench:${id}:end -->`,
  ].join('\n');
}

/**
 * Replaces this benchmark's section in the file, or appends it; other sections are kept as they are.
 * The result is formatted with the repository's prettier settings, so `prettier --check` stays clean.
 */
export async function writeSection(file: string, id: string, section: string) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(next, { ...options, filepath: file }));
}

export const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${round(ms / 1000, 1)} s`);
