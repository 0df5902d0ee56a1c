import { closeContext } from '../context';
import { cliContext } from './cli-context';

const ctx = await cliContext();
await ctx.database.migrate();
await closeContext(ctx);
process.stdout.write(`Migrations applied (${ctx.database.driver}).\n`);
