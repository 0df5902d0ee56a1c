import { closeContext } from '../context';
import { cliContext, fail } from './cli-context';

/**
 * npm run maintenance -- on|off: the shared flag that switches every node together. It needs the
 * shared store (Redis or PostgreSQL); the embedded database is locked by a running server, so there
 * start it with MAINTENANCE=1 instead.
 */
const state = process.argv[2];
if (state !== 'on' && state !== 'off') fail('Usage: npm run maintenance -- on|off');
const ctx = await cliContext();
await ctx.maintenance.set(state === 'on');
await closeContext(ctx);
process.stdout.write(`Maintenance is ${state}: every node follows within two seconds.\n`);
