import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// From a 2 GB heap limit (V8's default on any host with 8 GB or more), V8 lets garbage pile up to four
// times the live heap before a full collection; below it, at most twice. Under a steady load the
// server's RSS swung from about 330 to 630 MB that way (docs/benchmarks.md, the soak sections).
const FOURFOLD_GROWTH_FROM_MB = 2048;

const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: { start: string };
};
const nodeFlags = scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));

describe('the start script (npm start, npm run serve)', () => {
  it('sets the heap ceiling itself rather than leaving it to the size of the host', () => {
    expect(nodeFlags.some((flag) => flag.startsWith('--max-old-space-size='))).toBe(true);
  });

  it('gives Node a heap limit under 2 GB, where V8 collects before garbage outgrows the live heap', () => {
    const limit = execFileSync(
      process.execPath,
      [...nodeFlags, '-p', "require('node:v8').getHeapStatistics().heap_size_limit"],
      { encoding: 'utf8' },
    );
    expect(Number(limit) / 2 ** 20).toBeLessThan(FOURFOLD_GROWTH_FROM_MB);
  });
});
