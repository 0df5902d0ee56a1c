import { expect, test } from '@playwright/test';
import {
  boardColumn,
  createDeal,
  createPipeline,
  dealActivity,
  dealCard,
  dragDealToStage,
  dragStage,
  moveDealWithMenu,
  openBoard,
  PAGE_LOAD,
  signIn,
  stageOrder,
} from './support/deals';
import { ADMIN } from './support/session';

test.describe.configure({ timeout: 120_000 });

test.describe('the deal board', () => {
  test('a deal dragged across the board stays there after a reload and is in its activity', async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await openBoard(page, 'Venture deal flow');
    await expect(boardColumn(page, 'Sourced').locator('li[data-deal="Ledgerly Seed"]')).toBeVisible();
    await dragDealToStage(page, 'Ledgerly Seed', 'Screening');

    await page.reload();
    await expect(boardColumn(page, 'Screening').locator('li[data-deal="Ledgerly Seed"]')).toBeVisible(
      PAGE_LOAD,
    );
    await expect(boardColumn(page, 'Sourced').locator('li[data-deal="Ledgerly Seed"]')).toHaveCount(0);

    await dealCard(page, 'Ledgerly Seed').getByRole('link', { name: 'Ledgerly Seed' }).click();
    await expect(page).toHaveURL(/\/key-information$/);
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity.getByText('Moved from Sourced to Screening')).toBeVisible(PAGE_LOAD);
  });

  test('a deal moves by its Move to… menu, and the list view filters by stage', async ({ page }) => {
    await signIn(page, ADMIN);
    await openBoard(page, 'Venture deal flow');
    await moveDealWithMenu(page, 'Quillstack Pre-seed', 'Due diligence');
    await expect(boardColumn(page, 'Sourced').locator('li[data-deal="Quillstack Pre-seed"]')).toHaveCount(0);

    // The segment's label takes the click (its inner text sits over the hidden radio).
    await page.getByText('List', { exact: true }).click({ force: true });
    await expect(page).toHaveURL(/view=list/);
    // The list keeps its search in the address, as every list does.
    await page.goto('/admin/investments/deals?view=list&search=Quillstack');
    const row = page.getByRole('row').filter({ hasText: 'Quillstack Pre-seed' });
    await expect(row).toContainText('Due diligence');
  });

  test('a new deal starts in its pipeline’s first stage, on the board', async ({ page }) => {
    await signIn(page, ADMIN);
    const id = await createDeal(page, {
      company: 'Kelpie Robotics',
      name: 'Kelpie Robotics Seed',
      amount: '650,000',
    });
    await expect(page.getByText('£650,000.00')).toBeVisible();
    const activity = await dealActivity(page, id);
    await expect(activity).toContainText('Added to Venture deal flow in Sourced', PAGE_LOAD);
    await openBoard(page, 'Venture deal flow');
    await expect(boardColumn(page, 'Sourced').locator('li[data-deal="Kelpie Robotics Seed"]')).toBeVisible();
  });
});

test.describe('pipeline stages', () => {
  test('reordered by drag and drop and by keyboard, kept after a reload', async ({ page }) => {
    await signIn(page, ADMIN);
    const name = `E2E pipeline ${Date.now().toString(36)}`;
    const id = await createPipeline(page, name, ['Alpha', 'Bravo', 'Charlie']);
    await page.goto(`/admin/settings/account/pipelines/${id}/stages`);
    await expect(page.getByRole('heading', { level: 1, name: `${name}: stages` })).toBeVisible(PAGE_LOAD);

    await dragStage(page, 'Charlie', 'Alpha');
    await expect.poll(() => stageOrder(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    await page.reload();
    await expect.poll(() => stageOrder(page), PAGE_LOAD).toEqual(['Charlie', 'Alpha', 'Bravo']);

    // The keyboard: pick up the handle with space, move down twice, drop with space.
    await page.getByRole('button', { name: 'Drag Charlie to reorder' }).focus();
    // Each key waits for the list to settle: the sorting animates between steps.
    for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await expect.poll(() => stageOrder(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await page.getByRole('button', { name: 'Move Bravo up' }).click();
    await expect.poll(() => stageOrder(page)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    await page.reload();
    await expect.poll(() => stageOrder(page), PAGE_LOAD).toEqual(['Bravo', 'Alpha', 'Charlie']);

    await page.getByLabel('New stage').fill('Delta');
    await page.getByRole('button', { name: 'Add stage' }).click();
    await expect.poll(() => stageOrder(page)).toEqual(['Bravo', 'Alpha', 'Charlie', 'Delta']);
  });
});
