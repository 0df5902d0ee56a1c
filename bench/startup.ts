// Issue 22: start-up and memory at rest of the compiled server on the embedded database (PGlite).
// Run from the repository root after `npm run build`:
//   npx tsx bench/startup.ts [--out FILE]
// Each run starts the server as `npm run serve` does (node --enable-source-maps --max-old-space-size=1536
// apps/server/dist/main.js, from apps/server) and times it from the spawn to the first 200 from /health:
// BENCH_STARTUP_RUNS times (default 3) on a fresh DATA_DIR (initdb, migrations, the demo seed: what
// `npm start` does the first time) and as many on the data directory the first run left (every later
// start). Once up, the server rests BENCH_REST_SECONDS (default 10), then reports its memory (RSS, V8's
// heap by space, external and ArrayBuffer memory, where PGlite's WebAssembly memory lives). One more
// start through `npm run serve` shows what npm adds. Before each start it waits (up to BENCH_QUIET_WAIT
// s) for a quiet machine and records the load it met. The report goes to its own section of
// docs/benchmarks.md (or --out FILE).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSnapshot, waitForQuiet } from './lib/cpu';
import { writeSection } from './lib/report';
import { int } from './lib/settings';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
const MAIN = path.join(SERVER_DIR, 'dist/main.js');
const PROBE = fileURLToPath(new URL('./lib/startup-probe.mjs', import.meta.url));
const SECTION_ID = 'startup-memory-issue-22';
const NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=1536'];

const log = (message: string) => process.stdout.write(`[bench:startup] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

interface Probe {
  usage: NodeJS.MemoryUsage;
  spaces: Record<string, number>;
  proc: { rss: number; anon: number; file: number; peak: number; threads: number } | null;
}

interface Start {
  kind: 'fresh' | 'existing' | 'npm run serve';
  /** from the spawn to the first 200 from /health */
  ms: number;
  memory: Probe | null;
  /** cores other processes kept busy during the start, and the load average before it */
  otherCores: number;
  load: number;
}

function parseOut(argv: string[]) {
  const at = argv.findIndex((arg) => arg === '--out' || arg.startsWith('--out='));
  if (at < 0) return path.join(REPO_ROOT, 'docs/benchmarks.md');
  const arg = argv[at] ?? '';
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1];
  if (!value) throw new Error('--out needs a file');
  return path.resolve(value);
}

async function startOnce(kind: Start['kind'], dataDir: string, port: number, restSeconds: number) {
  const probeFile = path.join(dataDir, `..`, `probe-${process.pid}-${port}.json`);
  rmSync(probeFile, { force: true });
  const [command, args] =
    kind === 'npm run serve'
      ? ['npm', ['run', 'serve', '--silent']]
      : [process.execPath, [...NODE_FLAGS, MAIN]];
  const taken = await fetch(`http://127.0.0.1:${port}/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} already answers: choose another with BENCH_PORT`);
  const quietBusy = await waitForQuiet(int('BENCH_QUIET_WAIT', 20));
  const load = loadavg()[0] ?? 0;
  const before = cpuSnapshot(null, '-');
  const began = performance.now();
  const child = spawn(command, args, {
    cwd: kind === 'npm run serve' ? REPO_ROOT : SERVER_DIR,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: `--import=${PROBE}`,
      BENCH_STARTUP_PROBE: probeFile,
      DATABASE_URL: '',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const group = child.pid;
  if (group === undefined) throw new Error('could not start the server');
  try {
    let ms = Number.NaN;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !exited) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) {
        ms = performance.now() - began;
        break;
      }
      await sleep(20);
    }
    if (Number.isNaN(ms)) throw new Error(`the server did not answer /health:\n${stderr}`);
    // The server's process group (npm, its shell, node) was born in this run: all its CPU is the start's.
    const after = cpuSnapshot(group, '-');
    const serverCpu = [...after.server.values()].reduce((sum, seconds) => sum + seconds, 0);
    const wall = after.wall - before.wall;
    const otherCores = Math.max(
      0,
      (after.machine - before.machine - (after.bench - before.bench) - serverCpu) / wall,
    );
    log(
      `${kind}: /health 200 after ${Math.round(ms)} ms (other processes ${otherCores.toFixed(2)} cores, ${quietBusy.toFixed(2)} before; load ${load.toFixed(1)})`,
    );
    await sleep(restSeconds * 1000);
    const server = serverPid(probeFile);
    if (server !== null) process.kill(server, 'SIGUSR2');
    await sleep(1000);
    const memory = existsSync(probeFile) ? (JSON.parse(readFileSync(probeFile, 'utf8')) as Probe) : null;
    return { kind, ms, memory, otherCores, load } satisfies Start;
  } finally {
    // The server itself first (npm's own group does not hold it), then what is left of the group.
    const server = serverPid(probeFile);
    if (server !== null) {
      process.kill(server, 'SIGTERM');
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && serverPid(probeFile) !== null) await sleep(100);
      if (serverPid(probeFile) !== null) process.kill(server, 'SIGKILL');
    }
    if (!exited) {
      process.kill(-group, 'SIGTERM');
      const stopped = await Promise.race([
        new Promise((resolve) => child.once('exit', () => resolve(true))),
        sleep(15_000).then(() => false),
      ]);
      if (!stopped) process.kill(-group, 'SIGKILL');
    }
    rmSync(probeFile, { force: true });
  }
}

/**
 * The process that runs dist/main.js for this start, found by the probe file in its environment: under
 * `npm run serve` the nested npm starts the server in a process group of its own.
 */
function serverPid(probeFile: string): number | null {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!cmdline.some((arg) => arg.endsWith('dist/main.js'))) continue;
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (environ.includes(`BENCH_STARTUP_PROBE=${probeFile}`)) return Number(name);
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function memoryLine(start: Start): string {
  const memory = start.memory;
  if (!memory) return 'not read';
  const { usage, spaces, proc } = memory;
  const v8Heap = usage.heapTotal;
  const outside = (proc?.rss ?? usage.rss) - v8Heap - usage.external;
  const topSpaces = Object.entries(spaces)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${mb(bytes)}`)
    .join(', ');
  return `RSS ${mb(proc?.rss ?? usage.rss)} (anonymous ${mb(proc?.anon ?? Number.NaN)}, files mapped ${mb(proc?.file ?? Number.NaN)}; peak ${mb(proc?.peak ?? Number.NaN)}): V8 heap ${mb(v8Heap)} reserved, ${mb(usage.heapUsed)} used after a full collection (${topSpaces}); outside V8's heap ${mb(usage.external)} external (WebAssembly memory, PGlite's, is counted here; ${mb(usage.arrayBuffers)} of it ArrayBuffers); the rest, ${mb(outside)}, is compiled code (PGlite's WebAssembly among it), native libraries and the stacks and heaps of ${proc?.threads ?? 'its'} threads`;
}

async function main() {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  const out = parseOut(process.argv.slice(2));
  const runs = Math.max(1, int('BENCH_STARTUP_RUNS', 3));
  const restSeconds = int('BENCH_REST_SECONDS', 10);
  const port = int('BENCH_PORT', 3977);
  const began = performance.now();
  const root = mkdtempSync(path.join(tmpdir(), 'portico-startup-'));
  const starts: Start[] = [];
  try {
    const reused = path.join(root, 'data-0');
    for (let run = 0; run < runs; run++) {
      const fresh = path.join(root, `data-${run}`);
      starts.push(await startOnce('fresh', fresh, port, restSeconds));
    }
    for (let run = 0; run < runs; run++) starts.push(await startOnce('existing', reused, port, restSeconds));
    starts.push(await startOnce('npm run serve', reused, port, restSeconds));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const of = (kind: Start['kind']) => starts.filter((start) => start.kind === kind);
  const times = (kind: Start['kind']) => of(kind).map((start) => Math.round(start.ms));
  const cores = cpus();
  const lines = [
    `<!-- bench:${SECTION_ID}:start -->`,
    `<!-- Written by bench/startup.ts; edits between these markers are replaced on the next run. -->`,
    '',
    '## Start-up and memory at rest (issue 22)',
    '',
    `- Date: ${new Date().toISOString().slice(0, 10)}`,
    `- Command: \`npx tsx bench/startup.ts\` after \`npm run build\` (the compiled server, decision 025)`,
    `- Settings: ${runs} starts on a fresh DATA_DIR and ${runs} on the data directory the first left, one through \`npm run serve\`; the server as \`npm run serve\` runs it (\`node ${NODE_FLAGS.join(' ')} dist/main.js\` from apps/server), NODE_ENV=production, LOG_LEVEL=warn, no DATABASE_URL (embedded PGlite), SEED_DEMO at its default (on: a fresh directory gets the demo data, as \`npm start\` gives it); /health polled every 20 ms; memory read after ${restSeconds} s at rest and a full collection`,
    `- Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; shared with other agents' builds and tests (the load met by each start is below)`,
    '',
    '| start | spawn to /health 200 (ms) | median (ms) | other load during the starts (cores) | load average before |',
    '| --- | --- | ---: | --- | --- |',
    ...(['fresh', 'existing', 'npm run serve'] as const).map(
      (kind) =>
        `| ${kind === 'fresh' ? 'fresh DATA_DIR (initdb, migrations, demo seed)' : kind === 'existing' ? 'existing DATA_DIR' : 'existing DATA_DIR through `npm run serve`'} | ${times(kind).join(', ')} | ${Math.round(median(of(kind).map((start) => start.ms)))} | ${of(
          kind,
        )
          .map((start) => start.otherCores.toFixed(2))
          .join(', ')} | ${of(kind)
          .map((start) => start.load.toFixed(1))
          .join(', ')} |`,
    ),
    '',
    `Memory at rest, each start's server process after ${restSeconds} s:`,
    '',
    ...starts
      .filter((start) => start.memory)
      .map((start, index) => `- ${start.kind} ${index + 1}: ${memoryLine(start)}.`),
    '',
    `The run took ${Math.round((performance.now() - began) / 1000)} s; its data directories were removed.`,
    '',
    `<!-- bench:${SECTION_ID}:end -->`,
  ];
  await writeSection(out, SECTION_ID, lines.join('\n'));
  log(`wrote ${out}`);
}

// Leave once written: the last start's sockets and timers would keep the event loop alive a while.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `[bench:startup] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
