import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The README a clone opens: it links only to files of the repository, and it names every engine warning
 * `npm ci` prints on the oldest Node it supports (issue 18: it listed 5 of 18).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');

/** The oldest Node the README supports ("Node.js 20.19 or newer"). */
const OLDEST_NODE = [20, 19, 0] as const;

type Version = readonly [number, number, number];
const versionOf = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether a version meets one comparator of an npm range: ">=22.12.0", "<22.0.0", "^20.19.0", "20". */
function meets(version: Version, comparator: string): boolean {
  const [, operator = '', number = ''] = /^(>=|<=|>|<|\^|~|=)?v?([\d.x*]+)$/.exec(comparator) ?? [];
  if (/^[*x]$/.test(number)) return true;
  const bound = versionOf(number);
  const parts = number.split('.').filter((part) => /^\d+$/.test(part)).length;
  switch (operator) {
    case '>=':
      return compare(version, bound) >= 0;
    case '>':
      return compare(version, bound) > 0;
    case '<':
      return compare(version, bound) < 0;
    case '<=':
      return compare(version, bound) <= 0;
    case '^':
      return compare(version, bound) >= 0 && version[0] === bound[0];
    case '~':
      return compare(version, bound) >= 0 && version[0] === bound[0] && version[1] === bound[1];
    default:
      // "20", "20.19", "20.x": that major (and minor) line
      return version[0] === bound[0] && (parts < 2 || version[1] === bound[1]);
  }
}

/** Whether a version satisfies an `engines` range: any `||` alternative whose every comparator holds. */
export function satisfies(version: Version, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => meets(version, comparator)),
  );
}

describe('the README', () => {
  it('links only to files in the repository', () => {
    expect(readme).not.toContain('../');
    const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      expect(target, target).not.toMatch(/^[a-z]+:|^\/|^#/);
      expect(existsSync(`${root}${target.split('#')[0]}`), target).toBe(true);
    }
  });

  it('names every package npm ci warns about on the oldest Node it supports', () => {
    expect(satisfies([20, 19, 0], '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies([20, 19, 0], '>=20.19.0 <22.0.0 || >=22.12.0')).toBe(true);
    expect(satisfies([20, 19, 0], '18 || 20 || >=22')).toBe(true);
    expect(satisfies([20, 19, 0], '*')).toBe(true);
    expect(satisfies([20, 19, 0], '>=22')).toBe(false);
    expect(satisfies([20, 19, 0], '>=22.22.0')).toBe(false);
    const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
      packages: Record<string, { version?: string; engines?: unknown }>;
    };
    const warned = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = (entry.engines as { node?: unknown } | undefined)?.node;
      if (!path || typeof node !== 'string' || satisfies(OLDEST_NODE, node)) return [];
      return [`${path.split('node_modules/').pop() ?? path}@${entry.version ?? ''}`];
    });
    expect(warned.length).toBeGreaterThan(0);
    const missing = [...new Set(warned)].filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
    expect(readme).toContain(`**${new Set(warned).size} \`npm warn EBADENGINE\` lines**`);
  });
});
