// Server integration tests on the embedded database, then again on PostgreSQL when
// TEST_DATABASE_URL names a server (CI sets it). Both must pass.
import { spawnSync } from 'node:child_process';

const run = (label, env) => {
  process.stdout.write(`\n▶ server integration tests on ${label}\n`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server-integration'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('PGlite (embedded)', { TEST_DATABASE_DRIVER: 'pglite' });
if (process.env.TEST_DATABASE_URL)
  run('PostgreSQL (TEST_DATABASE_URL)', { TEST_DATABASE_DRIVER: 'postgres' });
else process.stdout.write('\nTEST_DATABASE_URL is not set: skipped the PostgreSQL run\n');
