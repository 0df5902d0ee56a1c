import { closeContext } from '../context';
import { isDatabaseEmpty, resetDatabase, seedDemo } from '../seed/demo';
import { cliContext, fail } from './cli-context';

/** npm run db:seed [-- --reset]: demo data, refusing a database that already holds data. */
const reset = process.argv.includes('--reset');
const ctx = await cliContext();
await ctx.database.migrate();
if (!(await isDatabaseEmpty(ctx.db))) {
  if (!reset) {
    await closeContext(ctx);
    fail(
      'The database is not empty: run `npm run db:seed -- --reset` to erase everything and load the demo data.',
    );
  }
  await resetDatabase(ctx.db);
}
await seedDemo(ctx);
await closeContext(ctx);
process.stdout.write('Demo data loaded. Every demo user has the password "portico-demo".\n');
