import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Libraries only worker threads use: loading them with the server costs ~0.8 s and ~150 MB of RSS. */
const WORKER_ONLY = ['jsdom', 'dompurify', 'exceljs', 'csv-parse', 'pdf-lib'];

const MAIN = new URL('./main.ts', import.meta.url);

/** The modules main.ts loads (it runs the server itself, so it cannot be imported here). */
const entries = [...readFileSync(MAIN, 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.[^']+)';$/gms)].map(
  ([, specifier]) => new URL(`${specifier}.ts`, MAIN).href,
);

/** Writes every specifier the process resolves, and the module asking, to the file it is given. */
const RECORDER = `
import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export function resolve(specifier, context, next) {
  appendFileSync(log, JSON.stringify([specifier, context.parentURL ?? '']) + '\\n');
  return next(specifier, context);
}`;

const CHILD = `
import { register } from 'node:module';
const [log, ...entries] = JSON.parse(process.env.IMPORTS_UNDER_TEST);
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RECORDER)}), { data: { log } });
for (const entry of entries) await import(entry);
`;

/** [specifier, importer] of every import resolved while the server's modules load, in a fresh process. */
function importsOfTheServer(): Array<[string, string]> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portico-imports-'));
  const log = path.join(folder, 'imports.jsonl');
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CHILD], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, IMPORTS_UNDER_TEST: JSON.stringify([log, ...entries]) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as [string, string]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the server’s main thread', () => {
  it('loads the libraries of worker tasks on the worker threads only', { timeout: 120_000 }, () => {
    expect(entries.map((entry) => path.basename(entry))).toEqual(
      expect.arrayContaining(['app.ts', 'context.ts']),
    );
    const imports = importsOfTheServer();
    // The recorder sees the server's own modules, so an empty list below means something.
    expect(imports.some(([specifier]) => specifier === 'fastify')).toBe(true);
    const heavy = imports.filter(([specifier]) =>
      WORKER_ONLY.some((name) => specifier === name || specifier.startsWith(`${name}/`)),
    );
    expect(heavy.map(([specifier, importer]) => `${specifier} <- ${importer}`)).toEqual([]);
  });
});
