import { loadConfig } from '../config';
import { createContext } from '../context';
import { createLogger } from '../platform/logging';

/** The runtime parts for a command-line task, on the same settings as the server. */
export async function cliContext() {
  const config = loadConfig();
  return createContext(config, createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL));
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
