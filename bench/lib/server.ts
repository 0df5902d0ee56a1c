import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchSettings } from './settings';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SESSION_COOKIE = 'portico_session';
const XSRF_COOKIE = 'XSRF-TOKEN';

export interface RunningServer {
  readonly baseUrl: string;
  /** the process group of npx, tsx and the server (started detached, so one signal reaches all) */
  readonly pid: number;
  /** the command it was started with, for the report */
  readonly command: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerOptions {
  /**
   * Start it as production does (`npm run serve`: the server's start script, with its Node flags)
   * rather than `npx tsx apps/server/src/main.ts`.
   */
  startScript?: boolean;
  /** Node flags for the server's process: on its command line, or in NODE_OPTIONS with startScript */
  nodeArgs?: readonly string[];
  /** settings added to, or replacing, the bench's own */
  env?: Readonly<Record<string, string>>;
  /** another checkout to run the server from (a baseline to compare with); default this repository */
  root?: string;
}

/** Starts the real server (npx tsx apps/server/src/main.ts, or its start script) on the bench database. */
export async function startServer(
  settings: BenchSettings,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${settings.port}`;
  const nodeArgs = options.nodeArgs ?? [];
  const [command, args] = options.startScript
    ? ['npm', ['run', 'serve', '--silent']]
    : ['npx', ['tsx', ...nodeArgs, 'apps/server/src/main.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: options.root ?? REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: settings.databaseUrl,
      PORT: String(settings.port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      APP_KEY: settings.appKey,
      // The benchmark is one user firing hundreds of requests a second: measure the query, not the limit.
      API_RATE_LIMIT: '0',
      ...(options.startScript && nodeArgs.length > 0 ? { NODE_OPTIONS: nodeArgs.join(' ') } : {}),
      ...options.env,
    },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the server');
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (!running) return;
    process.kill(-pid, 'SIGTERM');
    const timedOut = await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]);
    if (timedOut && running) process.kill(-pid, 'SIGKILL');
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`the server exited during start-up:\n${stderr}`);
    const ok = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { baseUrl, pid, stop, command: [command, ...args].join(' ') };
    await sleep(250);
  }
  await stop();
  throw new Error(`the server did not answer /health within 60 s:\n${stderr}`);
}

/** The name=value pairs an answer's Set-Cookie headers set. */
export function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

export interface SignedIn {
  /** the Cookie header a browser would send */
  cookieHeader: string;
  /** the raw session cookie value (only its SHA-256 is stored) */
  sessionToken: string;
}

/** Signs in through the real API, as the web app does: CSRF cookie first, then POST /login. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<SignedIn> {
  const first = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  if (first.status !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${first.status}`);
  const jar = cookiesOf(first);
  const xsrf = jar.get(XSRF_COOKIE);
  if (!xsrf) throw new Error('GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie');
  const header = (cookies: Map<string, string>) =>
    [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      cookie: header(jar),
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 204) throw new Error(`POST /login answered ${login.status}: ${await login.text()}`);
  for (const [name, value] of cookiesOf(login)) jar.set(name, value);
  const sessionToken = jar.get(SESSION_COOKIE);
  if (!sessionToken) throw new Error('POST /login set no session cookie');
  return { cookieHeader: header(jar), sessionToken: decodeURIComponent(sessionToken) };
}
