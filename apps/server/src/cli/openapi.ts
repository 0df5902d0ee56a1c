import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { closeContext, createContext } from '../context';
import { openDatabase } from '../db/client';
import { createLogger } from '../platform/logging';

export const OPENAPI_FILE = fileURLToPath(new URL('../../../../docs/openapi.json', import.meta.url));

/** The OpenAPI document the route schemas produce; no database is touched. */
export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({
    APP_KEY: 'openapi-generation-key-0123456789abcdef',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/none',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const ctx = await createContext(config, createLogger('silent'), { database });
  const app = await buildApp(ctx);
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  await closeContext(ctx);
  return document;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const document = await generateOpenApi();
  if (process.argv.includes('--check')) {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    if (committed !== document) {
      process.stderr.write('docs/openapi.json is out of date: run `npm run openapi`.\n');
      process.exit(1);
    }
  } else {
    writeFileSync(OPENAPI_FILE, document);
    process.stdout.write(`Wrote ${OPENAPI_FILE}\n`);
  }
}
