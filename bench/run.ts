import path from 'node:path';
import { runImportHealthBench } from './suites/import-health';
import { INVESTOR_CASES, runInvestorsBench } from './suites/investors-100k';
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

const USAGE = `npm run bench -- [${Object.keys(SUITES).join('|')} ...] [--case NAME[,NAME]] [--out FILE] [--keep-database]
  --case           the investors benchmark only: run these cases (${INVESTOR_CASES.join(', ')})
  --out FILE       write the report to FILE instead of docs/benchmarks.md (BENCH_REPORT)
  --keep-database  leave the generated database in place for inspection (it is dropped by default)`;

interface Arguments {
  suites: string[];
  cases: string[];
  out?: string;
  keepDatabase: boolean;
}

/** `--flag value` and `--flag=value`; anything else is a suite name. */
function parseArguments(argv: string[]): Arguments {
  const parsed: Arguments = { suites: [], cases: [], keepDatabase: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    const [flag, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string?]) : [arg];
    const value = () => {
      const next = inline ?? argv[++index];
      if (next === undefined || next === '') throw new Error(`${flag} needs a value\n${USAGE}`);
      return next;
    };
    if (flag === '--case' || flag === '--cases') parsed.cases.push(...value().split(','));
    else if (flag === '--out') parsed.out = value();
    else if (flag === '--keep-database') parsed.keepDatabase = true;
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (flag.startsWith('-')) throw new Error(`unknown option ${flag}\n${USAGE}`);
    else parsed.suites.push(arg);
  }
  parsed.cases = parsed.cases.map((name) => name.trim()).filter((name) => name !== '');
  return parsed;
}

/**
 * `npm run bench` runs every benchmark; `npm run bench -- investors` (or BENCH_ONLY=investors) runs the
 * named ones only, in the order given.
 */
function selected(names: string[]): SuiteName[] {
  const all = [...names, ...(process.env.BENCH_ONLY ?? '').split(',')]
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (all.length === 0) return Object.keys(SUITES).filter(isSuite);
  const unknown = all.filter((name) => !isSuite(name));
  if (unknown.length > 0)
    throw new Error(`unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}`);
  return [...new Set(all.filter(isSuite))];
}

async function main() {
  const began = performance.now();
  const args = parseArguments(process.argv.slice(2));
  const suites = selected(args.suites);
  if (args.cases.length > 0 && (suites.length !== 1 || suites[0] !== 'investors'))
    throw new Error(`--case applies to the investors benchmark alone: npm run bench -- investors --case …`);
  // The suites read their settings from the environment; the flags are set there before any is loaded.
  if (args.out) process.env.BENCH_REPORT = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.out);
  if (args.cases.length > 0) process.env.BENCH_CASES = args.cases.join(',');
  if (args.keepDatabase) process.env.BENCH_KEEP_DATABASE = '1';
  const argv = process.argv.slice(2);
  const only = process.env.BENCH_ONLY ? `BENCH_ONLY=${process.env.BENCH_ONLY} ` : '';
  const command = `${only}npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`;
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
