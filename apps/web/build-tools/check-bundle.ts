import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUDGET_KB,
  FIRST_PAGES,
  formatReports,
  pageFiles,
  pageReport,
  sizeOf,
  type Manifest,
} from './bundle-budget';

/**
 * `npm run check:bundle` after `npm run build`: fails when a first page's JavaScript (the entry, the
 * page's chunks and everything they import statically) weighs more than the budget, brotli-compressed
 * (gzip is printed too).
 */
const dist = path.resolve(fileURLToPath(new URL('../dist', import.meta.url)));
const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

const reports = await Promise.all(
  FIRST_PAGES.map(async (page) => {
    const files = await Promise.all(
      pageFiles(manifest, page).map(async (file) => sizeOf(file, await readFile(path.join(dist, file)))),
    );
    return pageReport(page, files, BUDGET_KB);
  }),
);
process.stdout.write(`${formatReports(reports)}\n`);
const over = reports.filter((report) => report.overBudget);
if (over.length > 0) {
  process.stderr.write(
    `\n${over.map((report) => report.path).join(', ')} over the ${BUDGET_KB} kB budget: split the bundle (see docs/benchmarks.md)\n`,
  );
  process.exitCode = 1;
}
