// Loaded into the compiled server by bench/startup.ts through NODE_OPTIONS (`--import …/startup-probe.mjs`),
// so plain JavaScript. On SIGUSR2 it writes what the process holds to BENCH_STARTUP_PROBE: V8's heap
// (by space), the memory outside it (`external`: WebAssembly memory, PGlite's, is counted there), and the kernel's view (/proc/self/status, smaps_rollup). Only the server writes: npm and
// its shell load it too, but they never get the signal. The server's code is unchanged.
import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.BENCH_STARTUP_PROBE;

function procStatus() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
    const threads = Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile'), peak: kb('VmHWM'), threads };
  } catch {
    return null; // not Linux
  }
}

if (file && (process.argv[1] ?? '').endsWith('main.js')) {
  process.on('SIGUSR2', () => {
    // A full collection first, so the heap is what the process still holds (gc without --expose-gc).
    v8.setFlagsFromString('--expose-gc');
    /** @type {() => void} */ (vm.runInNewContext('gc'))();
    const usage = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
    );
    writeFileSync(file, JSON.stringify({ usage, spaces, proc: procStatus() }));
  });
}
