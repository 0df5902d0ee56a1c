import { brotliCompressSync, constants } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { PAGE_BUDGETS, type PageBudget } from '../../apps/web/build-tools/page-budgets';
import { signInThroughApi } from './support/session';

/**
 * Issue 22: the JavaScript each first page loads in Chromium, counted until the network is idle: every
 * script response (the entry's, the lazy routes', the chunks loaded after the first render, the realtime
 * client), each body brotli-compressed at quality 11 as the server sends it. A page over its budget
 * (apps/web/build-tools/page-budgets.ts, the one place the numbers live) fails, with the table printed.
 */

const INVESTOR = 'investor@portico.test';

interface Script {
  file: string;
  raw: number;
  brotli: number;
}

const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Every JavaScript response of a page load, until the network has been idle for 500 ms. */
async function scriptsOf(page: Page, budget: PageBudget): Promise<Script[]> {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript')) responses.push(response);
  });
  // A signed-in page opens the realtime connection once the browser is idle, after loading its client:
  // wait for the socket, so that client is counted however late the idle moment comes.
  const socket = budget.signedIn ? page.waitForEvent('websocket') : undefined;
  await page.goto(budget.path, { waitUntil: 'networkidle' });
  await socket;
  await page.waitForLoadState('networkidle');
  return Promise.all(
    responses.map(async (response) => {
      const body = await response.body();
      return { file: new URL(response.url()).pathname, raw: body.length, brotli: brotli(body) };
    }),
  );
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function table(budget: PageBudget, scripts: Script[]) {
  const total = scripts.reduce((sum, script) => sum + script.brotli, 0);
  const target = budget.targetKb === budget.kb ? '' : `, issue 22's target ${budget.targetKb} kB`;
  return [
    `${budget.path}: ${scripts.length} files (at most ${budget.files}), ${kb(total)} kB brotli (at most ${budget.kb} kB${target})`,
    ...[...scripts]
      .sort((a, b) => b.brotli - a.brotli)
      .map(
        (script) =>
          `  ${script.file.padEnd(36)} ${kb(script.raw).padStart(8)} kB raw ${kb(script.brotli).padStart(7)} kB br`,
      ),
  ].join('\n');
}

for (const budget of PAGE_BUDGETS) {
  test(`${budget.path} loads at most ${budget.kb} kB of compressed JavaScript in at most ${budget.files} files`, async ({
    page,
  }) => {
    if (budget.signedIn === 'investor') await signInThroughApi(page, INVESTOR);
    const scripts = await scriptsOf(page, budget);
    // The page rendered (not an error page that happens to load little).
    await expect(page).toHaveURL(new RegExp(`${budget.path.replaceAll('/', '\\/')}$`));
    const report = table(budget, scripts);
    process.stdout.write(`${report}\n`);
    expect(scripts.length, report).toBeGreaterThan(0);
    expect(scripts.length, report).toBeLessThanOrEqual(budget.files);
    expect(
      scripts.reduce((sum, script) => sum + script.brotli, 0),
      report,
    ).toBeLessThanOrEqual(budget.kb * 1000);
  });
}
