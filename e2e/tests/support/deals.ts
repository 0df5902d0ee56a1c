import { expect, type Locator, type Page } from '@playwright/test';
import { api, DEMO_PASSWORD } from './session';

/**
 * Signs in through the login page like session.ts's logIn, allowing the admin area longer to open: on a
 * busy machine its first lazy load takes more than the default ten seconds.
 */
export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 45_000 });
}

/** Long enough for a page's first lazy load on a busy machine. */
export const PAGE_LOAD = { timeout: 45_000 };

/** The board of a pipeline: /admin/investments/deals with it chosen. */
export async function openBoard(page: Page, pipelineName?: string) {
  await page.goto('/admin/investments/deals');
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible(PAGE_LOAD);
  if (pipelineName) {
    await page.getByLabel('Pipeline', { exact: true }).first().click();
    await page.getByRole('option', { name: pipelineName, exact: true }).click();
  }
  await expect(page.getByRole('group', { name: /board$/ })).toBeVisible(PAGE_LOAD);
}

/** A stage's column on the board. */
export const boardColumn = (page: Page, stageName: string): Locator =>
  page.locator(`section[data-stage="${stageName}"]`);

/** A deal's card on the board. */
export const dealCard = (page: Page, dealName: string): Locator =>
  page.locator(`li[data-deal="${dealName}"]`);

/**
 * Drags a card by its handle into another stage's column with the mouse (press, move in steps, release),
 * as a person would, and waits for it to land there.
 */
export async function dragDealToStage(page: Page, dealName: string, stageName: string) {
  const handle = dealCard(page, dealName).getByRole('button', { name: `Drag ${dealName}` });
  const column = boardColumn(page, stageName);
  await column.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await column.boundingBox();
  if (!from || !to) throw new Error('the card or the column is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the sensor's few pixels first, then across in steps so the board sees every column it passes.
  await page.mouse.move(from.x + from.width / 2 + 8, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height - 20, 120), { steps: 20 });
  await page.mouse.up();
  await expect(column.locator(`li[data-deal="${dealName}"]`)).toBeVisible();
}

/** Moves a card with its "Move to…" menu: the keyboard and screen-reader way. */
export async function moveDealWithMenu(page: Page, dealName: string, stageName: string) {
  await dealCard(page, dealName)
    .getByRole('button', { name: `Move ${dealName} to…` })
    .click();
  await page.getByRole('menuitem', { name: stageName, exact: true }).click();
  await expect(boardColumn(page, stageName).locator(`li[data-deal="${dealName}"]`)).toBeVisible();
}

/** Adds a deal through /admin/investments/deals/new-deal; ends on its key information. */
export async function createDeal(
  page: Page,
  deal: { company: string; name: string; amount?: string; pipeline?: string; stage?: string },
) {
  await page.goto('/admin/investments/deals/new-deal');
  await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toBeVisible(PAGE_LOAD);
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill(deal.company);
  await page.getByRole('textbox', { name: 'Deal name' }).fill(deal.name);
  if (deal.amount) await page.getByRole('textbox', { name: 'Amount sought' }).fill(deal.amount);
  if (deal.pipeline) {
    await page.getByLabel('Pipeline', { exact: true }).first().click();
    await page.getByRole('option', { name: deal.pipeline, exact: true }).click();
  }
  if (deal.stage) {
    await page.getByLabel('Stage', { exact: true }).first().click();
    await page.getByRole('option', { name: deal.stage, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Add deal' }).click();
  await expect(page).toHaveURL(/\/admin\/investments\/deals\/\d+\/key-information$/, PAGE_LOAD);
  await expect(page.getByRole('heading', { level: 1, name: deal.name })).toBeVisible();
  return Number(/deals\/(\d+)\//.exec(page.url())?.[1]);
}

/** A deal's activity timeline (on its key information page), newest first. */
export async function dealActivity(page: Page, dealId: number) {
  await page.goto(`/admin/investments/deals/${dealId}/key-information`);
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity).toBeVisible(PAGE_LOAD);
  return activity;
}

/** A pipeline made through the API, for a test that changes its stages. */
export async function createPipeline(page: Page, name: string, stages: string[]) {
  const answer = (await api(page, 'POST', '/api/pipelines', { name, stages })) as { data: { id: number } };
  return answer.data.id;
}

/** The stage names of a pipeline's stages page, in order. */
export async function stageOrder(page: Page) {
  return page
    .getByRole('list', { name: /^Stages of / })
    .locator('li[data-stage]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-stage')));
}

/** Drags a stage by its handle onto another stage's place on the stages page. */
export async function dragStage(page: Page, stageName: string, ontoStageName: string) {
  const handle = page.getByRole('button', { name: `Drag ${stageName} to reorder` });
  const target = page.locator(`li[data-stage="${ontoStageName}"]`);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('the stage is not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 3 });
  await page.mouse.move(to.x + 40, to.y + to.height / 4, { steps: 15 });
  await page.mouse.up();
}
