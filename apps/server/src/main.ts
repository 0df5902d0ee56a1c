import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeContext, createContext } from './context';
import { failInterruptedImports } from './modules/imports/imports.service';
import { createLogger } from './platform/logging';
import { installLastResort } from './platform/process/last-resort';
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, seedDemo } from './seed/demo';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  // Until the server is up, a shutdown closes the context alone.
  let shutdown: () => Promise<void> = () => Promise.resolve();
  installLastResort({ log, shutdown: () => shutdown(), exit: (code) => process.exit(code) });
  const ctx = await createContext(config, log);
  shutdown = () => closeContext(ctx);
  await ctx.database.migrate();
  // One embedded node: an import still "running" at start-up was cut off when it last stopped.
  if (ctx.database.driver === 'pglite') await failInterruptedImports(ctx.db);
  const seeded = config.SEED_DEMO && (await isDatabaseEmpty(ctx.db));
  if (seeded) await seedDemo(ctx);

  const app = await buildApp(ctx);
  app.addHook('onClose', () => closeContext(ctx));
  ctx.mailer.start();
  await ctx.jobs.start();
  const prune = setInterval(() => void ctx.store.prune().catch(() => undefined), 10 * 60_000).unref();
  shutdown = async () => {
    clearInterval(prune);
    await app.close();
  };

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    shutdown().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = config.APP_URL;
  const database = config.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.DATA_DIR}/pglite`;
  const lines = [
    '',
    `  ${config.APP_NAME} is running at ${address}`,
    `  API reference: ${address}/api/docs`,
    `  Database: ${database}${seeded ? ' (demo data loaded)' : ''}`,
    ...(config.MAINTENANCE ? ['  MAINTENANCE=1: every API call answers 503'] : []),
    '',
    `  Demo logins (password "${DEMO_PASSWORD}"):`,
    ...DEMO_USERS.map((user) => `    ${user.email.padEnd(28)} ${user.name}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
