import { runImportHealthBench } from './suites/import-health';
import { runInvestorsBench } from './suites/investors-100k';
import { runSoakBench } from './suites/soak';
import { runUsersBench } from './suites/users-100k';

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

/** Each benchmark writes its own section of docs/benchmarks.md; they run one after another. */
const SUITES = {
  users: runUsersBench,
  investors: runInvestorsBench,
  imports: runImportHealthBench,
  soak: runSoakBench,
} as const;
type SuiteName = keyof typeof SUITES;
const isSuite = (name: string): name is SuiteName => Object.hasOwn(SUITES, name);

/**
 * `npm run bench` runs every benchmark; `npm run bench -- investors` (or BENCH_ONLY=investors) runs the
 * named ones only, in the order given.
 */
function selected(): SuiteName[] {
  const names = [...process.argv.slice(2), ...(process.env.BENCH_ONLY ?? '').split(',')]
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return Object.keys(SUITES).filter(isSuite);
  const unknown = names.filter((name) => !isSuite(name));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}`);
  return [...new Set(names.filter(isSuite))];
}

async function main() {
  const began = performance.now();
  const suites = selected();
  const args = process.argv.slice(2);
  const only = process.env.BENCH_ONLY ? `BENCH_ONLY=${process.env.BENCH_ONLY} ` : '';
  const command = `${only}npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
  for (const name of suites) {
    log(`== ${name} ==`);
    await SUITES[name](log, command);
  }
  log(`done in ${Math.round((performance.now() - began) / 1000)} s`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
