import { describe, expect, it } from 'vitest';
import { BOOT, firstPageGroups, pageMembership, type ChunkSummary } from './first-page-chunks';

/**
 * An automatic split: the entry and a chunk it imports; the login page and the investor's page, which
 * share a form chunk; the investor's page imports a chart chunk of its own; an admin page nobody first
 * visits shares the form chunk too.
 */
const chunks: ChunkSummary[] = [
  { fileName: 'index.js', isEntry: true, moduleIds: ['/src/main.tsx'], imports: ['boot.js'] },
  { fileName: 'boot.js', isEntry: false, moduleIds: ['/src/api-client.ts'], imports: [] },
  {
    fileName: 'login.js',
    isEntry: false,
    moduleIds: ['/src/login-page.tsx'],
    imports: ['form.js', 'boot.js'],
  },
  { fileName: 'form.js', isEntry: false, moduleIds: ['/nm/form.js', '/nm/input.js'], imports: [] },
  {
    fileName: 'investor.js',
    isEntry: false,
    moduleIds: ['/src/investor-page.tsx'],
    imports: ['form.js', 'chart.js'],
  },
  { fileName: 'chart.js', isEntry: false, moduleIds: ['/nm/chart.js'], imports: [] },
  { fileName: 'admin.js', isEntry: false, moduleIds: ['/src/admin-page.tsx'], imports: ['form.js'] },
];
const roots = { login: ['src/login-page.tsx'], investor: ['src/investor-page.tsx'] };

describe('the first pages’ chunks', () => {
  it('names the pages that load each module, in the roots’ order', () => {
    const membership = pageMembership(chunks, roots);
    expect(membership.get('/src/login-page.tsx')).toBe('login');
    expect(membership.get('/nm/form.js')).toBe('login+investor');
    expect(membership.get('/nm/input.js')).toBe('login+investor');
    expect(membership.get('/src/investor-page.tsx')).toBe('investor');
    expect(membership.get('/nm/chart.js')).toBe('investor');
  });

  it('keeps what the entry loads before any page apart, and leaves the entry and other pages alone', () => {
    const membership = pageMembership(chunks, roots);
    expect(membership.get('/src/api-client.ts')).toBe(BOOT);
    expect(membership.has('/src/main.tsx')).toBe(false);
    expect(membership.has('/src/admin-page.tsx')).toBe(false);
  });

  it('refuses a root the build does not have, rather than grouping nothing', () => {
    expect(() => pageMembership(chunks, { login: ['src/missing.tsx'] })).toThrow(/in 0 chunks/);
  });

  it('makes one group per set, the entry’s first and sets of more pages before fewer', () => {
    const groups = firstPageGroups(pageMembership(chunks, roots));
    expect(groups.map((group) => group.name)).toEqual([
      BOOT,
      'pages-login+investor',
      'pages-investor',
      'pages-login',
    ]);
    const priorities = groups.map((group) => group.priority ?? 0);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    const shared = groups[1]?.test;
    if (typeof shared !== 'function') throw new Error('the group has no test function');
    expect(shared('/nm/form.js')).toBe(true);
    expect(shared('/nm/chart.js')).toBe(false);
    expect(shared('/src/admin-page.tsx')).toBe(false);
  });
});
