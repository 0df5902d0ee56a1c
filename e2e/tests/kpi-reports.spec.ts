import { expect, test, type Page } from '@playwright/test';
import { ADMIN, api, logIn } from './support/session';

const INVESTOR = 'investor@portico.test';
const HARBOUR = 'Harbour Lane Coffee Roasters Ltd';
const FENWICK = 'Fenwick Medical Devices Ltd';

interface SchedulePeriod {
  period: string;
  label: string;
  state: string;
  days_overdue: number | null;
}
interface ScheduleRow {
  opportunity_id: number;
  company_name: string;
  state: string;
  periods: SchedulePeriod[];
}
interface FormAnswer {
  periods: SchedulePeriod[];
  report: { values: Array<{ name: string; value: string }> } | null;
}

async function schedule(page: Page): Promise<ScheduleRow[]> {
  return ((await api(page, 'GET', '/api/kpi-reports/schedule')) as { data: ScheduleRow[] }).data;
}

/** "26800.00" → "£26,800.00": as the portal writes money. */
function pounds(value: string) {
  const [whole = '0', pence = '00'] = value.split('.');
  return `£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${pence.padEnd(2, '0').slice(0, 2)}`;
}

/** Adds whole pounds to a decimal string, by its digits (no float). */
function plusPounds(value: string, add: number) {
  const [whole = '0', pence = '00'] = value.split('.');
  return `${(BigInt(whole) + BigInt(add)).toString()}.${pence.padEnd(2, '0').slice(0, 2)}`;
}

test.describe('KPI reports', () => {
  // each test walks several pages that load charts; on a machine shared with other runs that takes a while
  test.describe.configure({ timeout: 240_000 });

  test('the schedule shows the demo company that stopped reporting as overdue', async ({ page }) => {
    await logIn(page, ADMIN);
    await page.getByRole('navigation').getByRole('link', { name: 'Schedule', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reporting schedule' })).toBeVisible();

    const rows = await schedule(page);
    const fenwick = rows.find((row) => row.company_name === FENWICK);
    expect(fenwick?.state).toBe('overdue');
    const overdueCount = rows.filter((row) => row.state === 'overdue').length;
    await expect(page.getByRole('region', { name: 'Overdue' })).toContainText(String(overdueCount));

    const table = page.getByRole('table', { name: 'Reporting schedule' });
    const fenwickRow = table.getByRole('row').filter({ hasText: FENWICK });
    await expect(fenwickRow).toContainText(/Overdue by \d+ days?/);
    await expect(table.getByRole('row').filter({ hasText: HARBOUR })).toContainText('Received');

    // the state filter keeps the overdue companies only
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Overdue', exact: true }).click();
    await expect(page).toHaveURL(/state=overdue/);
    await expect(table.getByRole('row')).toHaveCount(overdueCount + 1);
    await expect(table.getByRole('row').filter({ hasText: HARBOUR })).toHaveCount(0);
    await expect(fenwickRow).toBeVisible();
  });

  test('staff enter a quarter’s KPIs, correct one, and see them in the KPI portfolio', async ({ page }) => {
    await logIn(page, ADMIN);
    const harbour = (await schedule(page)).find((row) => row.company_name === HARBOUR);
    if (!harbour) throw new Error('no Harbour Lane on the schedule');
    const form = (await api(page, 'GET', `/api/kpi-reports/form/${harbour.opportunity_id}`)) as {
      data: FormAnswer;
    };
    // the running quarter (it has begun, so it may be reported) and the one before it, received
    const [running, previous] = form.data.periods;
    if (!running || !previous) throw new Error('Harbour Lane has no periods');
    const earlier = (await api(
      page,
      'GET',
      `/api/kpi-reports/form/${harbour.opportunity_id}?period=${previous.period}`,
    )) as { data: FormAnswer };
    const lastRevenue = earlier.data.report?.values.find((value) => value.name === 'Revenue')?.value;
    if (!lastRevenue) throw new Error(`Harbour Lane reported no revenue for ${previous.label}`);
    const revenue = plusPounds(lastRevenue, 25_000);

    // from the schedule, the company's row opens its KPI form
    await page.goto('/admin/reports');
    await page
      .getByRole('table', { name: 'Reporting schedule' })
      .getByRole('link', { name: HARBOUR })
      .click();
    await expect(page).toHaveURL(/\/admin\/reports\/kpis\?company=\d+/);
    await expect(page.getByRole('heading', { name: `${HARBOUR}: KPIs` })).toBeVisible();

    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: new RegExp(`^${running.label}`) }).click();
    await expect(page).toHaveURL(new RegExp(`period=${running.period}`));
    const values = page.getByRole('form', { name: 'KPI values' });
    await expect(values.getByRole('group').first()).toBeVisible();
    await values.getByLabel('Revenue', { exact: true }).fill(revenue);
    await values.getByLabel('Customers', { exact: true }).fill('180');
    await values.getByRole('button', { name: 'Save KPIs' }).click();
    await expect(page.getByText('2 values saved for')).toBeVisible();

    // a correction keeps the value it replaced
    await values.getByLabel('Customers', { exact: true }).fill('182');
    await values.getByRole('button', { name: 'Save KPIs' }).click();
    await expect(page.getByText('1 value saved for')).toBeVisible();
    await values.getByRole('button', { name: /^History of Customers/ }).click();
    const history = page.getByRole('group', { name: 'History of Customers' });
    await expect(history).toContainText('182');
    await expect(history).toContainText('It replaced');
    await expect(history).toContainText('180');
    await page.keyboard.press('Escape');

    // the KPI portfolio shows the new latest value and its change on the quarter before
    await page.goto('/admin/reports/kpi-portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'KPI portfolio' })).toBeVisible();
    const table = page.getByRole('table', { name: 'KPI portfolio' });
    await expect(table.getByRole('columnheader', { name: 'Revenue', exact: true })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: HARBOUR });
    await expect(row).toContainText(pounds(revenue));
    await expect(row).toContainText(running.label);
    await expect(row).toContainText('+£25,000.00');
    await expect(row.getByText(new RegExp(`^up £25,000\\.00 .*on ${previous.label}$`))).toBeAttached();

    // Excel export of the same table
    await page.getByRole('button', { name: 'Export' }).click();
    const excel = page.getByRole('menuitem', { name: 'Excel (.xlsx)' });
    await expect(excel).toHaveAttribute('href', /\/api\/kpi-portfolio\/export\?.*format=xlsx/);
  });

  test('the investor opens a holding’s KPI charts and sees when it last reported', async ({ page }) => {
    await logIn(page, INVESTOR);
    const { data } = (await api(page, 'GET', '/api/portfolio')) as {
      data: { holdings: Array<{ opportunity_id: number; slug: string }> };
    };
    const holding = data.holdings.find((row) => row.slug === 'harbour-lane-coffee');
    if (!holding) throw new Error('the demo investor holds no Harbour Lane Coffee');

    await page.goto('/investor/portfolio');
    await expect(
      page.getByRole('table', { name: 'Holdings' }).getByRole('row').filter({ hasText: HARBOUR }),
    ).toContainText(/Last reported on \d{1,2} \w{3} \d{4}/);

    await page.goto(`/investor/portfolio/${holding.opportunity_id}`);
    await expect(page.getByText(/^Last reported on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
    await page.getByRole('link', { name: 'Company KPIs' }).click();
    await expect(page).toHaveURL(new RegExp(`/investor/portfolio/${holding.opportunity_id}/reports/kpis$`));
    await expect(page.getByRole('heading', { level: 1, name: `${HARBOUR} KPIs` })).toBeVisible();
    await expect(page.getByText(/^Last reported on \d{1,2} \w{3} \d{4}/)).toBeVisible();
    const revenue = page.getByRole('region', { name: 'Revenue', exact: true });
    await expect(revenue).toBeVisible();
    await expect(revenue.locator('.recharts-line')).toHaveCount(1);
    await expect(revenue.getByRole('table', { name: 'Revenue by period' })).toBeAttached();

    // a company the investor does not hold is the 404
    await page.goto('/investor/portfolio/999999/reports/kpis');
    await expect(page.getByRole('heading', { name: "Sorry that page doesn't seem to exist" })).toBeVisible();
  });
});
