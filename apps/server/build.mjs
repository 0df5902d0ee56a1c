// Compiles the server to plain JavaScript in dist/ (issue 22: start without compiling TypeScript at start-up).
// One bundle per entry (the server, its command-line tools, the worker thread's entry and each worker task),
// sharing chunks, all in one flat folder, so a `new URL('./task.js', import.meta.url)` written anywhere
// finds its file. Packages stay in node_modules; @portico/contracts (TypeScript source) is bundled in.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');
const contracts = path.resolve(root, '../../packages/contracts/src');

const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return /\.ts$/.test(entry.name) && !/\.test(-fixtures)?\.ts$/.test(entry.name) ? [full] : [];
  });

// The modules a worker thread imports by URL: every worker task, and the thread's entry.
const tasks = sources(src).filter(
  (file) =>
    !file.endsWith(`${path.sep}worker-task.ts`) &&
    /defineWorkerTask\(\s*import\.meta\.url/.test(readFileSync(file, 'utf8')),
);
const entryPoints = Object.fromEntries(
  [
    'main.ts',
    'cli/migrate.ts',
    'cli/seed.ts',
    'cli/maintenance.ts',
    'platform/workers/worker-entry.ts',
    ...tasks.map((file) => path.relative(src, file)),
  ].map((file) => [path.basename(file, '.ts'), path.join(src, file)]),
);
const names = Object.keys(entryPoints);
if (new Set(names).size !== names.length) throw new Error(`two entries share a name: ${names.join(', ')}`);

const TASK_URL = /new URL\(\s*'\.\/([\w-]+)\.ts',\s*import\.meta\.url\s*\)/g;

/**
 * In the bundle, `import.meta.url` is the output file's. A task's URL points at its own output file; any
 * other use (a folder beside the source, such as ../../drizzle) keeps meaning the source file's place.
 */
const paths = {
  name: 'portico-paths',
  setup(bundler) {
    bundler.onResolve({ filter: /^@portico\/contracts(\/constants)?$/ }, (args) => ({
      path: path.join(contracts, args.path.endsWith('/constants') ? 'constants.ts' : 'index.ts'),
    }));
    bundler.onLoad({ filter: /\.ts$/ }, (args) => {
      let code = readFileSync(args.path, 'utf8');
      if (!args.path.startsWith(src)) return { contents: code, loader: 'ts' };
      code = code
        .split('\n')
        .map((line) =>
          /^\s*(\*|\/\/)/.test(line)
            ? line
            : line.replace(TASK_URL, (_match, name) => {
                if (!names.includes(name)) throw new Error(`${args.path}: ${name}.ts is not a worker entry`);
                return `new URL('./${name}.js', __OUTPUT_URL__)`;
              }),
        )
        .join('\n');
      const fromDist = path.relative(dist, args.path).split(path.sep).join('/');
      code = code.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromDist)}, import.meta.url).href`);
      code = code.replaceAll('__OUTPUT_URL__', 'import.meta.url');
      return { contents: code, loader: 'ts' };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints,
  outdir: dist,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [paths],
  // Some packages still reach for require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
process.stdout.write(
  `server compiled to ${path.relative(process.cwd(), dist) || 'dist'}: ${names.length} entries (${tasks.length} worker tasks)\n`,
);
