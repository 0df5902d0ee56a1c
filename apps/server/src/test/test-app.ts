import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AVAILABLE_FEATURES, featureFlag } from '@portico/contracts';
import inject, { type InjectOptions, type Response } from 'light-my-request';
import type { DestinationStream } from 'pino';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createContext, closeContext, type AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { withMethodOverride } from '../platform/http/method-override';
import { createLogger } from '../platform/logging';
import { openTestDatabase, type TestDatabase } from './database';
import { TEST_PASSWORD } from './factories';

export const TEST_APP_URL = 'http://portico.test';

export type RequestOptions = Omit<InjectOptions, 'url'> & { url: string };

/** A browser-like client: keeps cookies and sends the XSRF token back on every state change. */
export class Agent {
  readonly cookies = new Map<string, string>();

  constructor(private readonly send: (options: RequestOptions) => Promise<Response>) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(options: RequestOptions & { csrf?: boolean }): Promise<Response> {
    const { csrf = true, ...rest } = options;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(rest.headers as Record<string, string>),
    };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const method = (rest.method ?? 'GET').toUpperCase();
    if (csrf && !['GET', 'HEAD', 'OPTIONS'].includes(method) && this.xsrf && !headers['x-xsrf-token'])
      headers['x-xsrf-token'] = decodeURIComponent(this.xsrf);
    const response = await this.send({ ...rest, headers });
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, options: Omit<RequestOptions, 'url'> = {}) =>
    this.request({ ...options, url, method: 'GET' });
  post = (url: string, payload?: unknown, options: Omit<RequestOptions, 'url'> = {}) =>
    this.request({
      ...options,
      url,
      method: 'POST',
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  patch = (url: string, payload?: unknown, options: Omit<RequestOptions, 'url'> = {}) =>
    this.request({
      ...options,
      url,
      method: 'PATCH',
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  delete = (url: string, options: Omit<RequestOptions, 'url'> = {}) =>
    this.request({ ...options, url, method: 'DELETE' });

  async csrfCookie() {
    return this.get('/sanctum/csrf-cookie');
  }

  /** Signs in through the real endpoints; throws unless the server answers 204. */
  async login(user: Pick<UserRow, 'email'> | string, password = TEST_PASSWORD) {
    await this.csrfCookie();
    const email = typeof user === 'string' ? user : user.email;
    const response = await this.post('/login', { email, password });
    if (response.statusCode !== 204) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return this;
  }
}

/**
 * Switches on every feature that exists (the others cannot be), as `agent`, a super admin: routes
 * behind a feature answer 404 while it is off. Throws unless the server answers 200.
 */
export async function enableAllFeatures(agent: Agent): Promise<void> {
  const flags = Object.fromEntries([...AVAILABLE_FEATURES].map((key) => [featureFlag(key).camel, true]));
  const response = await agent.patch('/api/features', flags);
  if (response.statusCode !== 200)
    throw new Error(`could not switch features on: ${response.statusCode} ${response.body}`);
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  /** one raw request, through method spoofing exactly as the HTTP server does it */
  request(options: RequestOptions): Promise<Response>;
  agent(): Agent;
  /** an agent signed in as the user */
  as(user: UserRow): Promise<Agent>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logTo?: DestinationStream; shareDatabaseWith?: TestApp; database?: TestDatabase } = {},
): Promise<TestApp> {
  // A second node of the same deployment shares the first one's database.
  const shared = options.shareDatabaseWith?.ctx.database;
  const database = shared
    ? { ...shared, drop: async () => undefined }
    : (options.database ?? (await openTestDatabase()));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portico-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    APP_KEY: 'test-app-key-that-is-at-least-32-characters',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // Tests fire requests far faster than a person; the limit has its own test.
    API_RATE_LIMIT: '0',
    // a queue test waits for jobs; a worker that polls every half second keeps it short
    JOB_POLL_SECONDS: '0.5',
    ...env,
  });
  const ctx = await createContext(config, createLogger(config.LOG_LEVEL, options.logTo), { database });
  const app = await buildApp(ctx);
  await app.ready();
  const dispatch = withMethodOverride(app.routing.bind(app), config.BODY_LIMIT);
  const request = (options: RequestOptions) =>
    inject(dispatch, { ...options, headers: { host: 'portico.test', ...options.headers } });
  return {
    app,
    ctx,
    request,
    agent: () => new Agent(request),
    as: (user) => new Agent(request).login(user),
    async close() {
      await app.close();
      // a second node stops all it started (threads, Redis clients, timers) but the shared database
      await closeContext(ctx, { keepDatabase: shared !== undefined });
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
