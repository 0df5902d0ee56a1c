import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from 'playwright-core';

/**
 * Every JavaScript file a first page loads in Chromium, until the network is idle:
 * `npm run page-js -w @portico/bench -- [base URL]` against a running server with the demo data.
 * Prints, per page, the files, their total raw, gzip (9) and brotli (11) sizes, and what the server
 * actually sent. Never part of `npm test`: e2e/tests/page-weight.spec.ts checks the budgets of
 * apps/web/build-tools/page-budgets.ts the same way.
 */
const BASE = process.argv[2] ?? 'http://localhost:3450';
const PASSWORD = 'portico-demo';
const PAGES = [
  { path: '/login', email: undefined },
  { path: '/investor', email: 'investor@portico.test' },
  { path: '/investor/investments', email: 'investor@portico.test' },
  { path: '/admin/investors', email: 'admin@portico.test' },
] as const;

async function measure(browser: Browser, page: (typeof PAGES)[number]) {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    if (page.email) {
      await context.request.get('/sanctum/csrf-cookie');
      const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
      const login = await context.request.post('/login', {
        headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
        data: { email: page.email, password: PASSWORD },
      });
      if (login.status() !== 204) throw new Error(`login as ${page.email} answered ${login.status()}`);
    }
    const tab = await context.newPage();
    const scripts: Response[] = [];
    tab.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) scripts.push(response);
    });
    await tab.goto(page.path, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1500);
    const totals = { raw: 0, gzip: 0, brotli: 0, wire: 0 };
    for (const response of scripts) {
      const body = await response.body();
      totals.raw += body.length;
      totals.gzip += gzipSync(body, { level: 9 }).length;
      totals.brotli += brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
      totals.wire += (await response.request().sizes()).responseBodySize;
    }
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    process.stdout.write(
      `| ${page.path} | ${scripts.length} | ${kb(totals.raw)} | ${kb(totals.gzip)} | ${kb(totals.brotli)} | ${kb(totals.wire)} |\n`,
    );
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  process.stdout.write(
    '| page | JS files | raw | gzip | br | over the wire |\n| --- | ---: | ---: | ---: | ---: | ---: |\n',
  );
  for (const page of PAGES) await measure(browser, page);
} finally {
  await browser.close();
}
