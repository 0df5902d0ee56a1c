import { existsSync, readFileSync } from 'node:fs';

/** One line of the memory probe's file (memory-probe.mjs), sizes in bytes. */
export interface MemorySample {
  t: number;
  /** a regular sample, or the heap just after a full (mark-sweep) collection */
  kind: 'sample' | 'major-gc';
  pid: number;
  rss: number;
  /** the highest RSS so far (VmHWM) */
  peakRss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export function readMemorySamples(file: string): MemorySample[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as MemorySample);
}

/** The server's memory at a moment: the last sample by then, and the heap left by the last full GC. */
export function memoryAt(samples: readonly MemorySample[], t: number) {
  const regular = samples.filter((s) => s.kind === 'sample');
  const sample = regular.findLast((s) => s.t <= t) ?? regular[0];
  const gc = samples.findLast((s) => s.kind === 'major-gc' && s.t <= t);
  return {
    rss: sample?.rss ?? Number.NaN,
    peakRss: sample?.peakRss ?? Number.NaN,
    heap: sample?.heapUsed ?? Number.NaN,
    heapTotal: sample?.heapTotal ?? Number.NaN,
    external: sample?.external ?? Number.NaN,
    live: gc?.heapUsed ?? Number.NaN,
  };
}

export type Moment = ReturnType<typeof memoryAt>;

/** The highest value of the regular samples (or of the full-GC ones) from `from` on. */
export function highest(
  samples: readonly MemorySample[],
  from: number,
  kind: MemorySample['kind'],
  value: (sample: MemorySample) => number,
) {
  return Math.max(...samples.filter((s) => s.kind === kind && s.t >= from).map(value));
}

export const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 2 ** 20).toFixed(0) : 'n/a');

export const change = (from: number, to: number) =>
  Number.isFinite(from) && Number.isFinite(to) && from > 0
    ? `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)}%`
    : 'n/a';
