import { COMPLIANCE_OPTIONS_PER_QUESTION, ROLES, type ComplianceQuestion } from '@portico/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceOptions } from '../../db/schema';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors } from '../compliance/compliance.test-fixtures';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

async function newQuestion(text: string, bank: 'standard' | 'risk_warning' = 'standard') {
  return data<ComplianceQuestion>(
    await admin.post('/api/compliance-questions', {
      bank,
      question: text,
      options: [
        { option: 'Right', is_correct: true },
        { option: 'Wrong', is_correct: false },
      ],
    }),
  );
}

/** What the database holds for the question, in order. */
const storedOptions = (questionId: number) =>
  t.ctx.db
    .select({
      id: complianceOptions.id,
      option: complianceOptions.option,
      position: complianceOptions.position,
    })
    .from(complianceOptions)
    .where(eq(complianceOptions.question_id, questionId))
    .orderBy(asc(complianceOptions.position), asc(complianceOptions.id));

describe('the question bank under parallel requests', () => {
  it('adds up to the cap and no further: the rest answer 422, nothing acknowledged is lost', async () => {
    const question = await newQuestion('Fifteen people add an option at once');
    const url = `/api/compliance-questions/${question.id}/options`;
    const texts = Array.from({ length: 15 }, (_, index) => `Added ${index}`);
    const responses = await Promise.all(texts.map((option) => admin.post(url, { option })));

    const statuses = responses.map((response) => response.statusCode);
    const room = COMPLIANCE_OPTIONS_PER_QUESTION - 2;
    expect(statuses.filter((status) => status === 201)).toHaveLength(room);
    expect(statuses.filter((status) => status === 422)).toHaveLength(texts.length - room);
    for (const refused of responses.filter((response) => response.statusCode === 422))
      expect(errors(refused).option?.[0]).toMatch(/at most 10 options/);

    const stored = await storedOptions(question.id);
    expect(stored.map((row) => row.position)).toEqual([...Array(COMPLIANCE_OPTIONS_PER_QUESTION).keys()]);
    const acknowledged = texts.filter((_, index) => statuses[index] === 201);
    expect(stored.map((row) => row.option).sort()).toEqual(['Right', 'Wrong', ...acknowledged].sort());
  });

  it('keeps positions dense and unique while options are added, removed and reordered at once', async () => {
    const question = await newQuestion('Several editors at once');
    const url = `/api/compliance-questions/${question.id}/options`;
    const seeded = data<ComplianceQuestion>(await admin.post(url, { option: 'Third' }));
    const ids = (seeded.options ?? []).map((option) => option.id);
    const [, wrong, third] = ids;
    const responses = await Promise.all([
      admin.post(url, { option: 'Fourth' }),
      admin.post(`${url}/reorder`, { ids: [...ids].reverse() }),
      admin.delete(`${url}/${third}`),
      admin.post(url, { option: 'Fifth' }),
      admin.patch(`${url}/${wrong}`, { option: 'Wrong, reworded' }),
      admin.post(`${url}/reorder`, { ids }),
    ]);
    // a reorder listing an option removed meanwhile is refused; nothing fails
    for (const response of responses) expect([200, 201, 422]).toContain(response.statusCode);
    const stored = await storedOptions(question.id);
    expect(stored.map((row) => row.position)).toEqual([...stored.keys()]);
    expect(stored.map((row) => row.option)).toEqual(expect.arrayContaining(['Fourth', 'Fifth']));
  });

  it('is held by the database too: no duplicate position, none past the cap', async () => {
    const question = await newQuestion('Written around the service');
    /** The SQLSTATE the database refused the insert with (23505 unique, 23514 check). */
    const refusal = async (position: number) => {
      const insert = t.ctx.db
        .insert(complianceOptions)
        .values({ question_id: question.id, option: 'Sneaked in', position });
      const error: unknown = await insert.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      return (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
    };
    expect(await refusal(1)).toBe('23505');
    expect(await refusal(COMPLIANCE_OPTIONS_PER_QUESTION)).toBe('23514');
    expect(await refusal(-1)).toBe('23514');
    expect(await storedOptions(question.id)).toHaveLength(2);
  });

  it('reorders a bank in parallel without a deadlock: the last order wins whole', async () => {
    const questions = [];
    for (const index of [1, 2, 3, 4, 5, 6])
      questions.push(await newQuestion(`Bank ${index}`, 'risk_warning'));
    const ids = questions.map((question) => question.id);
    const orders = Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? ids : [...ids].reverse()));
    const responses = await Promise.all(
      orders.map((order) =>
        admin.post('/api/compliance-questions/reorder', { bank: 'risk_warning', ids: order }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(orders.map(() => 200));
    const bank = data<ComplianceQuestion[]>(
      await admin.get('/api/compliance-questions?filter[bank]=risk_warning'),
    );
    expect(bank.map((question) => question.position)).toEqual([...ids.keys()]);
    expect([ids, [...ids].reverse()]).toContainEqual(bank.map((question) => question.id));
  });
});
