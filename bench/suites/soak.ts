import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, recreateDatabase } from '../lib/dataset';
import { serverVersion } from '../lib/explain';
import {
  change,
  highest,
  mb,
  memoryAt,
  readMemorySamples,
  type MemorySample,
  type Moment,
} from '../lib/memory-samples';
import { seconds, writeSection } from '../lib/report';
import { startServer } from '../lib/server';
import { int, loadSettings, splitDatabaseUrl } from '../lib/settings';
import { loadSoakData, runMix, SOAK_STAFF, Tally } from '../lib/soak-mix';

const PROBE = fileURLToPath(new URL('../lib/memory-probe.mjs', import.meta.url));
const SERVER_PACKAGE = new URL('../../apps/server/package.json', import.meta.url);

/** The server's start script, as production runs it (`npm run serve`). */
const startScript = () =>
  (JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { scripts: { start: string } }).scripts.start;

function soakSettings() {
  const start = process.env.BENCH_SOAK_START ?? 'script';
  if (start !== 'script' && start !== 'npx') throw new Error('BENCH_SOAK_START is script or npx');
  return {
    ...loadSettings(),
    databaseUrl:
      process.env.BENCH_SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portico_bench_soak',
    port: int('BENCH_PORT', 3921),
    durationSeconds: int('BENCH_SOAK_SECONDS', 300),
    /** how often the server's memory is sampled */
    sampleSeconds: Math.max(1, int('BENCH_SOAK_SAMPLE_SECONDS', 5)),
    visitors: Math.max(2, int('BENCH_SOAK_VISITORS', 8)),
    thinkMs: int('BENCH_SOAK_THINK_MS', 100),
    /**
     * script: as production starts it (`npm run serve`, the start script's Node flags); npx: `npx tsx
     * apps/server/src/main.ts`, V8's default heap settings (what ran before issue 17), its own section
     */
    start,
    /** more Node flags for the server, space-separated (experiments: --max-semi-space-size=…, a preload) */
    nodeArgs: (process.env.BENCH_SOAK_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== ''),
    /** where the raw memory samples are kept (JSON lines); a temporary file, removed, when unset */
    memoryLog: process.env.BENCH_SOAK_MEMORY_LOG ?? '',
    /** a directory for two heap snapshots (after the first minute and at the end); none when unset */
    snapshotDir: process.env.BENCH_SOAK_SNAPSHOTS ?? '',
  };
}

/** A five-minute mixed load on PostgreSQL, with the server's memory sampled throughout (section soak). */
export async function runSoakBench(log: (message: string) => void, command = 'npm run bench -- soak') {
  const settings = soakSettings();
  const began = performance.now();
  const { name } = splitDatabaseUrl(settings.databaseUrl);
  log(`recreating database ${name}; the server seeds the demo data on start-up`);
  await recreateDatabase(settings.databaseUrl);
  const memoryLog = settings.memoryLog || path.join(tmpdir(), `portico-soak-memory-${process.pid}.jsonl`);
  rmSync(memoryLog, { force: true });
  if (settings.snapshotDir) mkdirSync(settings.snapshotDir, { recursive: true });
  const server = await startServer(settings, {
    startScript: settings.start === 'script',
    nodeArgs: [
      `--import=${PROBE}`,
      ...(settings.snapshotDir
        ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.resolve(settings.snapshotDir)}`]
        : []),
      ...settings.nodeArgs,
    ],
    env: {
      SEED_DEMO: '1',
      BENCH_MEMORY_LOG: memoryLog,
      BENCH_MEMORY_EVERY_MS: String(settings.sampleSeconds * 1000),
    },
  });
  const tally = new Tally();
  const errors: string[] = [];
  const loadBefore = loadavg();
  const startedAt = Date.now();
  let pgVersion: string;
  try {
    pgVersion = await serverVersion(settings.databaseUrl);
    const data = await loadSoakData(settings.databaseUrl);
    const pid = readMemorySamples(memoryLog)[0]?.pid ?? 0;
    if (pid === 0) throw new Error('the memory probe wrote nothing: is it loaded?');
    log(`load for ${settings.durationSeconds} s: ${settings.visitors} visitors, server pid ${pid}`);
    const snapshot = () => settings.snapshotDir && process.kill(pid, 'SIGUSR2');
    const minute = setTimeout(snapshot, 60_000);
    const progress = setInterval(() => {
      const now = memoryAt(readMemorySamples(memoryLog), Date.now());
      log(
        `${Math.round((Date.now() - startedAt) / 1000)} s: ${tally.total} requests, RSS ${mb(now.rss)} MB, heap ${mb(now.heap)} MB, after full GC ${mb(now.live)} MB`,
      );
    }, 30_000);
    await runMix({
      baseUrl: server.baseUrl,
      data,
      visitors: settings.visitors,
      thinkMs: settings.thinkMs,
      until: startedAt + settings.durationSeconds * 1000,
      tally,
      onError: (error) => {
        if (errors.length < 20) errors.push(error instanceof Error ? error.message : String(error));
      },
    });
    clearTimeout(minute);
    clearInterval(progress);
    // One more sample at the very end of the load.
    await new Promise((resolve) => setTimeout(resolve, settings.sampleSeconds * 1000));
    if (settings.snapshotDir) {
      snapshot();
      // The server writes the snapshot on its main thread: /health answers once it is written.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await fetch(`${server.baseUrl}/health`);
    }
  } finally {
    await server.stop();
    await dropDatabase(settings.databaseUrl);
  }
  const endedAt = Date.now();
  const samples = readMemorySamples(memoryLog).filter((s) => s.t >= startedAt - 1000);
  if (!settings.memoryLog) rmSync(memoryLog, { force: true });
  const run = { settings, command, tally, errors, samples, startedAt, endedAt, loadBefore, pgVersion };
  const id = settings.start === 'script' ? 'soak' : 'soak-v8-defaults';
  const took = `The run took ${seconds(performance.now() - began)}; it dropped \`${name}\` at the end.`;
  await writeSection(settings.reportFile, id, report(id, run, took));
  log(`wrote ${settings.reportFile}`);
}

interface SoakRun {
  settings: ReturnType<typeof soakSettings>;
  command: string;
  tally: Tally;
  errors: string[];
  samples: MemorySample[];
  startedAt: number;
  endedAt: number;
  loadBefore: number[];
  pgVersion: string;
}

function memoryTable(run: SoakRun) {
  const { samples, startedAt, endedAt } = run;
  const start = memoryAt(samples, startedAt);
  const minute = memoryAt(samples, startedAt + 60_000);
  const end = memoryAt(samples, endedAt);
  const after = startedAt + 60_000;
  const row = (label: string, pick: (m: Moment) => number, top: number) =>
    `| ${label} | ${mb(pick(start))} | ${mb(pick(minute))} | ${mb(pick(end))} | ${mb(top)} | ${change(pick(minute), top)} |`;
  return [
    `| MB | start of the load | after 1 min | end | highest after 1 min | highest after 1 min against 1 min |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row(
      'RSS',
      (m) => m.rss,
      highest(samples, after, 'sample', (s) => s.rss),
    ),
    row('RSS high water (VmHWM)', (m) => m.peakRss, end.peakRss),
    row(
      'heap used',
      (m) => m.heap,
      highest(samples, after, 'sample', (s) => s.heapUsed),
    ),
    row(
      'heap after the last full GC',
      (m) => m.live,
      highest(samples, after, 'major-gc', (s) => s.heapUsed),
    ),
    row(
      'heap reserved by V8',
      (m) => m.heapTotal,
      highest(samples, after, 'sample', (s) => s.heapTotal),
    ),
    row(
      'external (buffers, native)',
      (m) => m.external,
      highest(samples, after, 'sample', (s) => s.external),
    ),
  ];
}

function report(id: string, run: SoakRun, took: string) {
  const { settings, tally, samples, startedAt, endedAt } = run;
  const elapsed = (endedAt - startedAt) / 1000;
  const cores = cpus();
  const series: string[] = [];
  for (let t = 0; t <= elapsed; t += 30) {
    const m = memoryAt(samples, startedAt + t * 1000);
    series.push(
      `| ${t} | ${mb(m.rss)} | ${mb(m.heap)} | ${mb(m.live)} | ${mb(m.heapTotal)} | ${mb(m.external)} |`,
    );
  }
  const statuses = (counts: Map<number, number>) =>
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count}×${status}`)
      .join(', ');
  const started =
    settings.start === 'script'
      ? `as production starts it, \`npm run serve\` (the server's start script: \`${startScript()}\`)`
      : "`npx tsx apps/server/src/main.ts`, with V8's default heap settings (how it ran before issue 17)";
  const title =
    settings.start === 'script'
      ? 'Soak: memory under five minutes of mixed load (issue 17)'
      : "Soak with V8's default heap settings (before issue 17's fix)";
  return [
    `<!-- bench:${id}:start -->`,
    '<!-- Written by bench/run.ts; edits between these markers are replaced on the next run. -->',
    '',
    `## ${title}`,
    '',
    `- Date: ${new Date(startedAt).toISOString().slice(0, 10)}`,
    `- Command: \`${settings.start === 'npx' ? 'BENCH_SOAK_START=npx ' : ''}${run.command}\``,
    `- Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, PostgreSQL ${run.pgVersion} on the same machine; load average (1 min) ${run.loadBefore[0]?.toFixed(2)} before the load and ${loadavg()[0]?.toFixed(2)} at its end (other people's builds and tests share the machine)`,
    `- Dataset: the demo data the server seeds on an empty database (SEED_DEMO=1): 202 investors, 13 opportunities, their CRM records`,
    '',
    `The real server on PostgreSQL (NODE_ENV=production, LOG_LEVEL=warn, API_RATE_LIMIT=0), started ${started}, with \`bench/lib/memory-probe.mjs\` loaded through NODE_OPTIONS: it appends \`process.memoryUsage()\` and the kernel's VmHWM to a file every ${settings.sampleSeconds} s, and the heap right after each full (mark-sweep) collection, which is what the process still holds. ${settings.visitors} visitors for ${settings.durationSeconds} s, half staff and half investors, each pausing up to ${settings.thinkMs} ms between requests. A staff visit signs in (one of ${SOAK_STAFF.join(', ')}), reads the overview, three investor lists with a random filter, sort, page and page size, each followed by an investor's record, activity and notes, a filtered opportunities list and an opportunity, contacts, the search and tasks, writes a note on an investor (and deletes half of them), and signs out. An investor visit signs in as any of the investors, reads their profile, onboarding, notifications, opportunities, portfolio, history, investments and documents; one in four is the demo investor who may invest, and reserves an allocation and withdraws it. ${tally.total.toLocaleString('en-US')} requests in ${elapsed.toFixed(0)} s (${(tally.total / elapsed).toFixed(0)} a second).`,
    '',
    ...memoryTable(run),
    '',
    '<details><summary>Memory every 30 s</summary>',
    '',
    '| s | RSS MB | heap used MB | heap after the last full GC MB | heap reserved MB | external MB |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...series,
    '',
    '</details>',
    '',
    '<details><summary>Answers by request</summary>',
    '',
    '| request | answers |',
    '| --- | --- |',
    ...[...tally.byAction]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, counts]) => `| \`${label}\` | ${statuses(counts)} |`),
    '',
    '</details>',
    '',
    ...(run.errors.length > 0
      ? [`Visits cut short by an error (first ${run.errors.length}): ${run.errors.join('; ')}.`, '']
      : []),
    took,
    '',
    `<!-- bench:${id}:end -->`,
  ].join('\n');
}
