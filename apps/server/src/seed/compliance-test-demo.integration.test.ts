import type { ComplianceAttempt, ComplianceQuestion, ProfileComplianceTest } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_RISK_WARNING_QUESTIONS, DEMO_STANDARD_QUESTIONS } from './compliance-test-demo';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
}, 120_000);
afterAll(() => t.close());

const data = <T>(response: { body: string }) => (JSON.parse(response.body) as { data: T }).data;

describe('the appropriateness test in the demo', () => {
  it('has both banks, three tries, investor@ passed (with the evidence) and investor2@ yet to take it', async () => {
    const admin = await t.agent().login('admin@portico.test', DEMO_PASSWORD);
    expect(data(await admin.get('/api/compliance-settings/1'))).toEqual({ id: 1, compliance_tries: 3 });
    const standard = data<ComplianceQuestion[]>(await admin.get('/api/compliance-questions?include=options'));
    expect(standard).toHaveLength(DEMO_STANDARD_QUESTIONS.length);
    expect(standard.length).toBeGreaterThanOrEqual(8);
    for (const question of standard) expect(question.options?.some((option) => option.is_correct)).toBe(true);
    const second = data<ComplianceQuestion[]>(
      await admin.get('/api/compliance-questions?include=options&filter[bank]=risk_warning'),
    );
    expect(second).toHaveLength(DEMO_RISK_WARNING_QUESTIONS.length);

    const olivia = await t.agent().login('investor@portico.test', DEMO_PASSWORD);
    expect(data<ProfileComplianceTest>(await olivia.get('/api/profile/compliance-test'))).toMatchObject({
      status: 'passed',
      passed: true,
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'investor@portico.test'));
    const attempts = data<ComplianceAttempt[]>(await admin.get(`/api/investors/${row?.id}/compliance-tests`));
    expect(attempts.map((attempt) => attempt.passed)).toEqual([true, false]);

    const james = await t.agent().login('investor2@portico.test', DEMO_PASSWORD);
    const state = data<ProfileComplianceTest>(await james.get('/api/profile/compliance-test'));
    // The demo switches every available feature on, the risk warning included: its bank, unlimited tries.
    expect(state).toMatchObject({ status: 'open', bank: 'risk_warning', tries_allowed: 9999, tries_used: 0 });
    expect(state.questions).toHaveLength(DEMO_RISK_WARNING_QUESTIONS.length);
  });
});
