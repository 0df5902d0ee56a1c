import { expect, request, test, type Page } from '@playwright/test';
import { ADMIN, api, DEMO_PASSWORD } from './session';
import { BASE_URL } from './urls';

/** Question text → the texts of its correct options, for both banks. */
export type AnswerKey = Map<string, string[]>;

interface StaffQuestion {
  question: string;
  options: Array<{ option: string; is_correct: boolean }>;
}

/**
 * The correct answers, read the way staff see them (GET /api/compliance-questions with is_correct) in a
 * session of its own: the investor's page never learns them.
 */
export async function appropriatenessAnswerKey(
  baseURL = test.info().project.use.baseURL ?? BASE_URL,
): Promise<AnswerKey> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { accept: 'application/json' } });
  try {
    const xsrf = async () =>
      decodeURIComponent(
        (await context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '',
      );
    await context.get('/sanctum/csrf-cookie');
    const login = await context.post('/login', {
      data: { email: ADMIN, password: DEMO_PASSWORD },
      headers: { 'x-xsrf-token': await xsrf() },
    });
    expect(login.status()).toBe(204);
    const key: AnswerKey = new Map();
    for (const bank of ['standard', 'risk_warning']) {
      const response = await context.get(`/api/compliance-questions?include=options&filter[bank]=${bank}`);
      expect(response.ok()).toBe(true);
      const { data } = (await response.json()) as { data: StaffQuestion[] };
      for (const question of data)
        key.set(
          question.question,
          question.options.filter((option) => option.is_correct).map((option) => option.option),
        );
    }
    return key;
  } finally {
    await context.dispose();
  }
}

export async function openAppropriatenessTest(page: Page) {
  await page.goto('/investor/profile/appropriateness');
  await expect(page.getByRole('heading', { name: 'Appropriateness test' })).toBeVisible();
}

/** Ticks the answers, the first question's wrong when `wrong`, then submits and confirms. */
async function answer(page: Page, key: AnswerKey, wrong: boolean) {
  const form = page.getByRole('form', { name: 'Appropriateness test' });
  await expect(form).toBeVisible();
  const groups = form.getByRole('group');
  const count = await groups.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const group = groups.nth(index);
    const label = (await group.getAttribute('aria-labelledby')) ?? '';
    const title = (await page.locator(`[id="${label}"]`).textContent()) ?? '';
    const question = title.replace(/^\d+\.\s*/, '').trim();
    const correct = key.get(question);
    if (!correct) throw new Error(`no answer known for “${question}”`);
    const boxes = group.getByRole('checkbox');
    for (let option = 0; option < (await boxes.count()); option++) {
      const box = boxes.nth(option);
      const text = await box.evaluate((input: HTMLInputElement) => input.labels?.[0]?.textContent ?? '');
      const isCorrect = correct.includes(text.trim());
      if (wrong && index === 0 ? !isCorrect : isCorrect) await box.check();
    }
  }
  await form.getByRole('button', { name: 'Submit my answers' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit your answers?' });
  await confirm.getByRole('button', { name: 'Submit answers' }).click();
  await expect(confirm).toBeHidden();
}

/** Fails once: the result says so and shows the 24-hour wait, counting down. */
export async function failAppropriatenessTest(page: Page, key: AnswerKey) {
  await answer(page, key, true);
  await expect(page.getByText('Test failed')).toBeVisible();
  await expect(page.getByText('You can take the test again 24 hours after your last attempt.')).toBeVisible();
  const countdown = page.getByTestId('retry-countdown');
  await expect(countdown).toHaveText(/^2[34] hours? \d+ minutes? \d+ seconds?$/);
  await expect(page.getByRole('form', { name: 'Appropriateness test' })).toHaveCount(0);
}

/** Moves the server's clock forward (the server runs with TEST_CLOCK=1). */
export async function advanceServerClock(page: Page, seconds: number) {
  await api(page, 'POST', '/api/testing/clock', { advance_seconds: seconds });
}

/** After the wait: the test is offered again, answered correctly, and the pass is shown. */
export async function passAppropriatenessTest(page: Page, key: AnswerKey) {
  await openAppropriatenessTest(page);
  await answer(page, key, false);
  await expect(page.getByText('Test passed')).toBeVisible();
  await expect(page.getByText('Congratulations, you have passed the appropriateness test.')).toBeVisible();
}
