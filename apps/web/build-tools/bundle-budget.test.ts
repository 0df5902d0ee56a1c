import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatReports, pageFiles, pageReport, sizeOf, type Manifest } from './bundle-budget';

/** A build as Vite's manifest describes it: an entry, a lazy page, an admin page nobody else loads. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_mantine-c.js': { file: 'assets/mantine-c.js', imports: ['_react-b.js'] },
  'src/features/auth/pages/login-page.tsx': {
    file: 'assets/login-page-d.js',
    imports: ['_mantine-c.js', '_style-e.css'],
  },
  '_style-e.css': { file: 'assets/style-e.css' },
  'src/features/admin/pages/admin-page.tsx': { file: 'assets/admin-page-f.js', imports: ['_mantine-c.js'] },
};
const LOGIN = { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'] };

describe('the bundle budget', () => {
  it('counts the entry, the page and their static imports once each, and nothing else', () => {
    expect(pageFiles(MANIFEST, LOGIN).sort()).toEqual([
      'assets/index-a.js',
      'assets/login-page-d.js',
      'assets/mantine-c.js',
      'assets/react-b.js',
    ]);
  });

  it('refuses a page module the build does not have, rather than counting nothing', () => {
    expect(() => pageFiles(MANIFEST, { path: '/x', modules: ['src/missing.tsx'] })).toThrow(
      /not in the build/,
    );
  });

  it('fails a page over budget and passes one under it', () => {
    // Random bytes do not compress: 20 kB of them stay about 20 kB in brotli.
    const files = pageFiles(MANIFEST, LOGIN).map((file) => sizeOf(file, randomBytes(5_000)));
    const over = pageReport(LOGIN, files, 15);
    expect(over.brotli).toBeGreaterThan(15_000);
    expect(over.overBudget).toBe(true);
    expect(formatReports([over], 15)).toContain('OVER BUDGET');
    expect(pageReport(LOGIN, files, 30).overBudget).toBe(false);
  });

  it('counts brotli, what browsers are sent, against the budget', () => {
    // Text that brotli compresses well below gzip: under a budget between the two, it passes.
    const text = Buffer.from(Array.from({ length: 4000 }, (_, i) => `export const v${i} = ${i};`).join('\n'));
    const [file] = pageFiles(MANIFEST, LOGIN).map((name) => sizeOf(name, text));
    if (!file) throw new Error('no file');
    const between = (file.gzip + file.brotli) / 2 / 1000;
    expect(file.brotli).toBeLessThan(file.gzip);
    expect(pageReport(LOGIN, [file], between).overBudget).toBe(false);
  });

  it('measures compressed sizes, brotli no larger than gzip on text', () => {
    const size = sizeOf('a.js', Buffer.from('export const x = 1;\n'.repeat(500)));
    expect(size.raw).toBe(10_000);
    expect(size.gzip).toBeLessThan(500);
    expect(size.brotli).toBeLessThanOrEqual(size.gzip);
  });
});
