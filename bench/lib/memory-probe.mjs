// Loaded into the server by the soak through NODE_OPTIONS (`--import …/memory-probe.mjs`), so plain
// JavaScript: npm, the shell and tsx's launcher load it too, and only the server's own process (the
// one running main.ts) writes. It appends the process's memory to the file named by BENCH_MEMORY_LOG
// every BENCH_MEMORY_EVERY_MS, and the heap left after each full (mark-sweep) collection, which is
// what the process still holds. A file rather than an endpoint: nothing of it reaches the network,
// and the server's code is unchanged.
import { appendFileSync, readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_MEMORY_LOG;
const every = Number(process.env.BENCH_MEMORY_EVERY_MS ?? 1000);
const isServer = (process.argv[1] ?? '').endsWith('main.ts');

/** The process's peak resident size so far (the kernel's VmHWM), in bytes. */
function peakRss() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
  } catch {
    return Number.NaN; // not Linux
  }
}

/** @param {'sample' | 'major-gc'} kind */
function write(kind) {
  if (!file) return;
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  const line = { t: Date.now(), kind, pid: process.pid, rss, peakRss: peakRss(), heapUsed, heapTotal };
  appendFileSync(file, `${JSON.stringify({ ...line, external })}\n`);
}

if (file && isServer) {
  setInterval(() => write('sample'), every).unref();
  const observer = new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .some(
        (entry) =>
          /** @type {{ kind?: number }} */ (entry.detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (major) write('major-gc');
  });
  observer.observe({ entryTypes: ['gc'] });
}
