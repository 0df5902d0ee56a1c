import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

/**
 * Lighthouse performance of the pages a person opens first, signed in where the page needs it:
 * `npm run lighthouse -w @portico/bench -- [base URL] [label]` against a running server with the demo
 * data (`npm run build`, then `DATA_DIR=/tmp/lh-data PORT=3450 APP_URL=http://localhost:3450 npx tsx
 * apps/server/src/main.ts`). Prints a Markdown table and writes the figures to $TMPDIR/lighthouse-<label>.json.
 * Never part of `npm test`: the numbers depend on the machine and on what else runs on it.
 */
const BASE = process.argv[2] ?? 'http://localhost:3450';
const LABEL = process.argv[3] ?? 'run';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const PASSWORD = 'portico-demo';

const PAGES = [
  { path: '/login', email: undefined },
  { path: '/investor', email: 'investor@portico.test' },
  { path: '/investor/investments', email: 'investor@portico.test' },
  { path: '/admin/investors', email: 'admin@portico.test' },
] as const;
const FORM_FACTORS = ['mobile', 'desktop'] as const;

/** The name=value pairs of a response's Set-Cookie headers. */
function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** Signs in through the API as the web app does, and answers the Cookie header of that session. */
async function sessionCookie(email: string): Promise<string> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  cookiesOf(await fetch(`${BASE}/sanctum/csrf-cookie`), jar);
  const login = await fetch(`${BASE}/login`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie: header(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 204) throw new Error(`login as ${email} answered ${login.status}`);
  cookiesOf(login, jar);
  return header();
}

interface Figures {
  page: string;
  formFactor: (typeof FORM_FACTORS)[number];
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  jsTransferKb: number;
  jsRequests: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

async function measure(
  port: number,
  page: (typeof PAGES)[number],
  formFactor: Figures['formFactor'],
): Promise<Figures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(page.email ? { extraHeaders: { Cookie: await sessionCookie(page.email) } } : {}),
  };
  const result = await lighthouse(
    `${BASE}${page.path}`,
    flags,
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${page.path} ${formFactor}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['network-requests']?.details;
  const items = (details && 'items' in details ? details.items : []) as NetworkItem[];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  if (lhr.finalDisplayedUrl !== `${BASE}${page.path}`)
    throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: is the session cookie accepted?`);
  return {
    page: page.path,
    formFactor,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    jsTransferKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000,
    jsRequests: scripts.length,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows: Figures[] = [];
  try {
    for (const page of PAGES)
      for (const formFactor of FORM_FACTORS) {
        const figures = await measure(chrome.port, page, formFactor);
        process.stdout.write(`[lighthouse] ${page.path} ${formFactor}: ${figures.score}\n`);
        rows.push(figures);
      }
  } finally {
    chrome.kill();
  }
  const file = path.join(os.tmpdir(), `lighthouse-${LABEL}.json`);
  await writeFile(file, `${JSON.stringify(rows, null, 2)}\n`);
  const lines = [
    '| page | form factor | performance | FCP | LCP | TBT | JS transferred (files) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.formFactor} | ${row.score} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ${row.jsTransferKb.toFixed(0)} kB (${row.jsRequests}) |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n\nfigures written to ${file}\n`);
}

await main();
