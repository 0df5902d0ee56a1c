import {
  can,
  COMPLIANCE_RETRY_SECONDS,
  ROLE_IDS,
  ROLES,
  type ComplianceAttempt,
  type ComplianceQuestion,
  type ComplianceResult,
  type ProfileComplianceTest,
} from '@portico/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, complianceAttempts, users, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors, json, signing } from '../compliance/compliance.test-fixtures';

let t: TestApp;
let admin: Agent;
let standard: ComplianceQuestion[];
let riskBank: ComplianceQuestion[];

const DAY = COMPLIANCE_RETRY_SECONDS;
const features = (changes: Record<string, boolean>) => admin.patch('/api/features', changes);
const setTries = (tries: number | null) =>
  admin.patch('/api/compliance-settings/1', { compliance_tries: tries });

/** Answers choosing exactly the correct options (or, when `wrong`, a wrong one for the first question). */
function answersFor(questions: ComplianceQuestion[], wrong = false) {
  return questions.map((question, index) => {
    const options = question.options ?? [];
    const correct = options.filter((option) => option.is_correct).map((option) => option.id);
    const incorrect = options.filter((option) => !option.is_correct).map((option) => option.id);
    return { question_id: question.id, option_ids: wrong && index === 0 ? incorrect.slice(0, 1) : correct };
  });
}

const addQuestion = async (
  bank: 'standard' | 'risk_warning',
  question: string,
  options: Array<[string, boolean]>,
) =>
  data<ComplianceQuestion>(
    await admin.post('/api/compliance-questions', {
      bank,
      question,
      options: options.map(([option, is_correct]) => ({ option, is_correct })),
    }),
  );

async function newInvestor(): Promise<{ user: UserRow; agent: Agent }> {
  const user = await createUser(t.ctx.db);
  return { user, agent: await t.as(user) };
}
const stateOf = async (agent: Agent) =>
  data<ProfileComplianceTest>(await agent.get('/api/profile/compliance-test'));
const submit = (agent: Agent, answers: ReturnType<typeof answersFor>) =>
  agent.post('/api/compliance-tests', { answers });

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  standard = [
    await addQuestion('standard', 'Could you lose all the money you invest?', [
      ['Yes', true],
      ['No, the platform guarantees it', false],
    ]),
    await addQuestion('standard', 'Which of these are true of early-stage shares? (select all that apply)', [
      ['They may be hard to sell', true],
      ['Later rounds may dilute my holding', true],
      ['They pay regular dividends', false],
    ]),
    await addQuestion('standard', 'Are these investments covered by the FSCS?', [
      ['Yes, up to £85,000', false],
      ['No', true],
    ]),
  ];
  riskBank = [
    await addQuestion('risk_warning', 'Is this a high-risk investment?', [
      ['Yes', true],
      ['No', false],
    ]),
  ];
  await features({ enableComplianceTest: true });
});
afterAll(() => t.close());

describe('compliance settings (id 1)', () => {
  it('reports 9999 until set; 0 and null mean unlimited, stored as 9999', async () => {
    const { agent } = await newInvestor();
    expect(json(await agent.get('/api/compliance-settings/1'))).toEqual({
      data: { id: 1, compliance_tries: 9999 },
    });
    expect(data(await setTries(3))).toEqual({ id: 1, compliance_tries: 3 });
    expect(data(await agent.get('/api/compliance-settings/1'))).toEqual({ id: 1, compliance_tries: 3 });
    expect(data(await setTries(0))).toEqual({ id: 1, compliance_tries: 9999 });
    await setTries(3);
    expect(data(await setTries(null))).toEqual({ id: 1, compliance_tries: 9999 });
    const [audit] = await t.ctx.db
      .select({ value: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'compliance_settings.updated'));
    expect(audit?.value).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad values with a field error, other ids with 404, and changes by anyone without compliance update', async () => {
    const negative = await setTries(-1);
    expect(negative.statusCode).toBe(422);
    expect(errors(negative)).toHaveProperty('compliance_tries');
    expect((await admin.patch('/api/compliance-settings/1', { compliance_tries: 'three' })).statusCode).toBe(
      422,
    );
    expect((await admin.get('/api/compliance-settings/2')).statusCode).toBe(404);
    expect((await admin.patch('/api/compliance-settings/2', { compliance_tries: 3 })).statusCode).toBe(404);
    const { agent } = await newInvestor();
    expect((await agent.patch('/api/compliance-settings/1', { compliance_tries: 5 })).statusCode).toBe(403);
    expect((await t.agent().get('/api/compliance-settings/1')).statusCode).toBe(401);
  });
});

describe('question banks', () => {
  it('investors never receive is_correct; staff with the compliance permission do', async () => {
    const { agent } = await newInvestor();
    const mine = json<{ data: ComplianceQuestion[] }>(
      await agent.get('/api/compliance-questions?include=options'),
    ).data;
    expect(mine.map((question) => question.id)).toEqual(standard.map((question) => question.id));
    for (const question of mine) {
      expect(Object.keys(question).sort()).toEqual(['id', 'options', 'question']);
      for (const option of question.options ?? [])
        expect(Object.keys(option).sort()).toEqual(['id', 'option']);
    }
    const staff = data<ComplianceQuestion[]>(await admin.get('/api/compliance-questions?include=options'));
    expect(staff[1]?.options?.map((option) => option.is_correct)).toEqual([true, true, false]);
    // without include, no options; an include not offered is a 400
    const bare = data<ComplianceQuestion[]>(await agent.get('/api/compliance-questions'));
    expect(bare[0]).not.toHaveProperty('options');
    expect((await agent.get('/api/compliance-questions?include=answers')).statusCode).toBe(400);
  });

  it('serves the second bank with filter[bank]=risk_warning; an unknown bank is a 404', async () => {
    const { agent } = await newInvestor();
    const second = data<ComplianceQuestion[]>(
      await agent.get('/api/compliance-questions?include=options&filter[bank]=risk_warning'),
    );
    expect(second.map((question) => question.id)).toEqual(riskBank.map((question) => question.id));
    expect((await agent.get('/api/compliance-questions?filter[bank]=other')).statusCode).toBe(404);
  });

  it('grants the bank to the roles of the permission table only; investors are refused every staff route', async () => {
    for (const role of ROLE_IDS) {
      if (role === ROLES.USER) continue;
      const agent = await t.as(await createStaff(t.ctx.db, role));
      const list = await agent.get('/api/compliance-questions?include=options');
      expect(list.statusCode, `role ${role} list`).toBe(can(role, 'compliance', 'index') ? 200 : 403);
      const create = await agent.post('/api/compliance-questions', {
        bank: 'risk_warning',
        question: `Role ${role} question`,
        active: false,
        options: [
          { option: 'A', is_correct: true },
          { option: 'B', is_correct: false },
        ],
      });
      expect(create.statusCode, `role ${role} create`).toBe(can(role, 'compliance', 'create') ? 201 : 403);
      if (create.statusCode === 201)
        expect(
          (await agent.delete(`/api/compliance-questions/${data<ComplianceQuestion>(create).id}`)).statusCode,
        ).toBe(204);
      const settings = await agent.patch('/api/compliance-settings/1', { compliance_tries: null });
      expect(settings.statusCode, `role ${role} settings`).toBe(
        can(role, 'compliance', 'update') ? 200 : 403,
      );
    }
    const { agent } = await newInvestor();
    const id = standard[0]?.id ?? 0;
    expect(
      (
        await agent.post('/api/compliance-questions', {
          question: 'Mine?',
          options: [
            { option: 'a', is_correct: true },
            { option: 'b', is_correct: false },
          ],
        })
      ).statusCode,
    ).toBe(403);
    expect((await agent.get(`/api/compliance-questions/${id}`)).statusCode).toBe(403);
    expect((await agent.patch(`/api/compliance-questions/${id}`, { question: 'Changed' })).statusCode).toBe(
      403,
    );
    expect((await agent.delete(`/api/compliance-questions/${id}`)).statusCode).toBe(403);
    expect((await agent.post('/api/compliance-questions/reorder', { ids: [id] })).statusCode).toBe(403);
  });

  it('edits, replaces options, reorders and deletes; an active question needs a correct option', async () => {
    const none = await admin.post('/api/compliance-questions', {
      question: 'No right answer',
      options: [
        { option: 'a', is_correct: false },
        { option: 'b', is_correct: false },
      ],
    });
    expect(none.statusCode).toBe(422);
    expect(errors(none).options?.[0]).toMatch(/at least one correct option/);
    const one = await admin.post('/api/compliance-questions', {
      question: 'Only one option',
      options: [{ option: 'a', is_correct: true }],
    });
    expect(errors(one)).toHaveProperty('options');

    const draft = await addQuestion('risk_warning', 'Draft', [
      ['Right', true],
      ['Wrong', false],
    ]);
    const [right, wrong] = draft.options ?? [];
    const changed = data<ComplianceQuestion>(
      await admin.patch(`/api/compliance-questions/${draft.id}`, {
        question: 'Draft, reworded',
        options: [
          { id: wrong?.id, option: 'Wrong, reworded', is_correct: false },
          { option: 'Also right', is_correct: true },
        ],
      }),
    );
    expect(changed.question).toBe('Draft, reworded');
    expect(changed.options?.map((option) => [option.option, option.is_correct])).toEqual([
      ['Wrong, reworded', false],
      ['Also right', true],
    ]);
    expect(changed.options?.[0]?.id).toBe(wrong?.id);
    expect(changed.options?.some((option) => option.id === right?.id)).toBe(false);

    const foreign = await admin.patch(`/api/compliance-questions/${draft.id}`, {
      options: [
        { id: standard[0]?.options?.[0]?.id, option: 'Stolen', is_correct: true },
        { option: 'x', is_correct: false },
      ],
    });
    expect(foreign.statusCode).toBe(422);
    expect(errors(foreign)).toHaveProperty('options.0.id');
    const noneRight = await admin.patch(`/api/compliance-questions/${draft.id}`, {
      options: [
        { option: 'x', is_correct: false },
        { option: 'y', is_correct: false },
      ],
    });
    expect(noneRight.statusCode).toBe(422);
    // an inactive question may be left without a right answer while it is written
    expect(
      (
        await admin.patch(`/api/compliance-questions/${draft.id}`, {
          active: false,
          options: [
            { option: 'x', is_correct: false },
            { option: 'y', is_correct: false },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.patch(`/api/compliance-questions/${draft.id}`, {})).statusCode).toBe(422);

    const ids = [draft.id, ...riskBank.map((question) => question.id)];
    const reordered = data<ComplianceQuestion[]>(
      await admin.post('/api/compliance-questions/reorder', { bank: 'risk_warning', ids }),
    );
    expect(reordered.map((question) => question.id)).toEqual(ids);
    expect(reordered.map((question) => question.position)).toEqual([0, 1]);
    const partial = await admin.post('/api/compliance-questions/reorder', {
      bank: 'risk_warning',
      ids: [draft.id],
    });
    expect(partial.statusCode).toBe(422);
    expect(errors(partial)).toHaveProperty('ids');

    expect((await admin.delete(`/api/compliance-questions/${draft.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/compliance-questions/${draft.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/compliance-questions/${draft.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/compliance-questions/abc')).statusCode).toBe(404);
  });
});

describe('options, one at a time', () => {
  it('adds, changes, reorders and removes options, keeping two and a correct one', async () => {
    const question = await addQuestion('risk_warning', 'Options one by one', [
      ['Right', true],
      ['Wrong', false],
    ]);
    const url = `/api/compliance-questions/${question.id}/options`;
    const [right, wrong] = question.options ?? [];
    const added = await admin.post(url, { option: 'Also right', is_correct: true });
    expect(added.statusCode).toBe(201);
    const third = data<ComplianceQuestion>(added).options?.[2];
    expect(third).toMatchObject({ option: 'Also right', is_correct: true, position: 2 });

    const changed = data<ComplianceQuestion>(await admin.patch(`${url}/${wrong?.id}`, { option: 'Wrong!' }));
    expect(changed.options?.[1]).toMatchObject({ id: wrong?.id, option: 'Wrong!', is_correct: false });

    const ids = [third?.id, wrong?.id, right?.id];
    const reordered = data<ComplianceQuestion>(await admin.post(`${url}/reorder`, { ids }));
    expect(reordered.options?.map((option) => option.id)).toEqual(ids);
    expect((await admin.post(`${url}/reorder`, { ids: ids.slice(1) })).statusCode).toBe(422);

    // the last correct options cannot all go while the question is active
    expect((await admin.delete(`${url}/${third?.id}`)).statusCode).toBe(200);
    const lastRight = await admin.patch(`${url}/${right?.id}`, { is_correct: false });
    expect(lastRight.statusCode).toBe(422);
    expect(errors(lastRight).options?.[0]).toMatch(/at least one correct option/);
    // nor below two options
    const tooFew = await admin.delete(`${url}/${wrong?.id}`);
    expect(tooFew.statusCode).toBe(422);
    expect(errors(tooFew).options?.[0]).toMatch(/at least two options/);
    // an option of another question is not this question's
    const foreign = standard[0]?.options?.[0]?.id ?? 0;
    expect((await admin.patch(`${url}/${foreign}`, { option: 'x' })).statusCode).toBe(404);
    expect((await admin.delete(`${url}/${foreign}`)).statusCode).toBe(404);
    expect((await admin.post('/api/compliance-questions/999999/options', { option: 'x' })).statusCode).toBe(
      404,
    );
    for (let index = 0; index < 8; index++) await admin.post(url, { option: `Filler ${index}` });
    const eleventh = await admin.post(url, { option: 'One too many' });
    expect(eleventh.statusCode).toBe(422);
    // investors and staff without the compliance permission are refused
    const { agent } = await newInvestor();
    expect((await agent.post(url, { option: 'Mine' })).statusCode).toBe(403);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await manager.delete(`${url}/${right?.id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/compliance-questions/${question.id}`)).statusCode).toBe(204);
  });
});

describe('taking the test', () => {
  it('needs nothing while the feature is off: not_required, and POST is a 404', async () => {
    const { agent } = await newInvestor();
    await features({ enableComplianceTest: false });
    try {
      const state = await stateOf(agent);
      expect(state).toMatchObject({ status: 'not_required', required: false, questions: [] });
      expect((await submit(agent, answersFor(standard))).statusCode).toBe(404);
    } finally {
      await features({ enableComplianceTest: true });
    }
  });

  it('fails, waits 24 hours (429 with Retry-After), then passes once the clock has moved; the user reports it', async () => {
    await setTries(3);
    const { user, agent } = await newInvestor();
    const open = await stateOf(agent);
    expect(open).toMatchObject({
      status: 'open',
      required: true,
      passed: false,
      tries_used: 0,
      tries_allowed: 3,
    });
    expect(open.questions.map((question) => question.id)).toEqual(standard.map((question) => question.id));
    expect(JSON.stringify(open.questions)).not.toContain('is_correct');

    const failed = await submit(agent, answersFor(standard, true));
    expect(failed.statusCode).toBe(201);
    const result = data<ComplianceResult>(failed);
    expect(result).toMatchObject({ passed: false, tries_used: 1, tries_allowed: 3 });
    const retryAt = Date.parse(result.retry_at ?? '');
    expect(retryAt - t.ctx.clock.now().getTime()).toBeGreaterThan((DAY - 60) * 1000);

    const waiting = await submit(agent, answersFor(standard));
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(DAY - 60);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(DAY);
    expect(json<{ message: string }>(waiting).message).toMatch(/24 hours after your last attempt/);
    expect(await stateOf(agent)).toMatchObject({
      status: 'cooldown',
      questions: [],
      retry_at: result.retry_at,
    });

    // the portal's countdown runs from the server's seconds, not the browser's clock
    const cooling = await stateOf(agent);
    expect(cooling.retry_in_seconds).toBeGreaterThan(DAY - 60);
    expect(cooling.retry_in_seconds).toBeLessThanOrEqual(DAY);

    t.ctx.clock.advance(DAY - 120);
    expect((await stateOf(agent)).retry_in_seconds).toBeLessThanOrEqual(120);
    const almost = await submit(agent, answersFor(standard));
    expect(almost.statusCode).toBe(429);
    expect(Number(almost.headers['retry-after'])).toBeLessThanOrEqual(120);

    t.ctx.clock.advance(121);
    expect((await stateOf(agent)).status).toBe('open');
    const passed = await submit(agent, answersFor(standard));
    expect(passed.statusCode).toBe(201);
    expect(data<ComplianceResult>(passed)).toEqual({
      passed: true,
      tries_used: 2,
      tries_allowed: 3,
      retry_at: null,
    });
    expect(data(await agent.get('/api/user'))).toMatchObject({ compliance_passed: 1, compliance_tries: 2 });
    expect(await stateOf(agent)).toMatchObject({ status: 'passed', required: false, passed: true });
    const again = await submit(agent, answersFor(standard));
    expect(again.statusCode).toBe(409);

    // staff see both attempts, newest first, with the questions as shown and the answers given
    const attempts = data<ComplianceAttempt[]>(await admin.get(`/api/investors/${user.id}/compliance-tests`));
    expect(attempts.map((attempt) => [attempt.passed, attempt.score, attempt.total])).toEqual([
      [true, 3, 3],
      [false, 2, 3],
    ]);
    const first = attempts[1]?.questions[0];
    expect(first?.answered_correctly).toBe(false);
    expect(first?.options.map((option) => [option.is_correct, option.chosen])).toEqual([
      [true, false],
      [false, true],
    ]);
    const activity = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subject_id, user.id));
    expect(activity.map((row) => row.action)).toEqual(
      expect.arrayContaining(['compliance_test.failed', 'compliance_test.passed']),
    );
    // the investor's activity timeline tells it
    const timeline = JSON.stringify(json(await admin.get(`/api/investors/${user.id}/activity`)));
    expect(timeline).toContain('Passed the appropriateness test (3 of 3 correct)');
    expect(timeline).toContain('Failed the appropriateness test (2 of 3 correct; try 1 of 3)');
  });

  it('offers no questions once the tries are used up, and answers 429 after the wait too', async () => {
    await setTries(1);
    const { agent } = await newInvestor();
    expect((await submit(agent, answersFor(standard, true))).statusCode).toBe(201);
    t.ctx.clock.advance(DAY + 1);
    const state = await stateOf(agent);
    expect(state).toMatchObject({ status: 'no_tries_left', tries_used: 1, tries_allowed: 1, questions: [] });
    const refused = await submit(agent, answersFor(standard));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(json<{ message: string }>(refused).message).toMatch(/used all 1 of your attempts/);
    // raising the allowed tries opens it again
    await setTries(0);
    expect(await stateOf(agent)).toMatchObject({ status: 'open', tries_allowed: 9999 });
    await setTries(3);
  });

  it('uses the second bank with 9999 tries in risk-warning mode', async () => {
    await setTries(1);
    await features({ enableRiskWarning: true });
    try {
      const { agent } = await newInvestor();
      const state = await stateOf(agent);
      expect(state).toMatchObject({ status: 'open', bank: 'risk_warning', tries_allowed: 9999 });
      expect(state.questions.map((question) => question.id)).toEqual(riskBank.map((question) => question.id));
      // the standard bank's answers are not this test's
      const other = await submit(agent, answersFor(standard));
      expect(other.statusCode).toBe(422);
      expect(data<ComplianceResult>(await submit(agent, answersFor(riskBank, true)))).toMatchObject({
        passed: false,
        tries_allowed: 9999,
      });
      t.ctx.clock.advance(DAY);
      expect((await stateOf(agent)).status).toBe('open');
    } finally {
      await features({ enableRiskWarning: false });
      await setTries(3);
    }
  });

  it('answers 422 on the field when answers do not match the questions offered', async () => {
    const { user, agent } = await newInvestor();
    const good = answersFor(standard);
    const check = async (answers: unknown, field: string) => {
      const response = await agent.post('/api/compliance-tests', { answers });
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(errors(response)), field).toContain(field);
    };
    await check([...good, { question_id: 999_999, option_ids: [1] }], 'answers.3.question_id');
    await check([...good, good[0]], 'answers.3.question_id');
    await check(good.slice(1), 'answers');
    const otherOption = standard[1]?.options?.[0]?.id ?? 0;
    await check(
      [{ question_id: standard[0]?.id, option_ids: [otherOption] }, ...good.slice(1)],
      'answers.0.option_ids',
    );
    const firstOption = good[0]?.option_ids[0] ?? 0;
    await check(
      [{ question_id: standard[0]?.id, option_ids: [firstOption, firstOption] }, ...good.slice(1)],
      'answers.0.option_ids',
    );
    await check([{ question_id: standard[0]?.id, option_ids: [] }, ...good.slice(1)], 'answers.0.option_ids');
    await check('all of them', 'answers');
    expect((await agent.post('/api/compliance-tests', {})).statusCode).toBe(422);
    // none of those counted as a try
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.compliance_tries).toBe(0);
  });

  it('opens only with an approved, unexpired categorisation when the feature asks for it', async () => {
    const { user, agent } = await newInvestor();
    await features({ enableComplianceRequiresCategorisation: true });
    try {
      expect((await stateOf(agent)).status).toBe('awaiting_categorisation');
      const refused = await submit(agent, answersFor(standard));
      expect(refused.statusCode).toBe(409);
      expect(json<{ message: string }>(refused).message).toMatch(/categorisation has been approved/);
      // staff record one; with the feature on it awaits approval, then staff approve it
      const recorded = data<{ id: number; status: string }>(
        await admin.post(
          `/api/investors/${user.id}/categorisations`,
          signing('restricted', { signed_at: new Date().toISOString() }),
        ),
      );
      expect(recorded.status).toBe('pending');
      expect((await stateOf(agent)).status).toBe('awaiting_categorisation');
      expect(
        (await admin.post(`/api/investors/${user.id}/categorisations/${recorded.id}/approve`)).statusCode,
      ).toBe(200);
      expect((await stateOf(agent)).status).toBe('open');
      // a categorisation that has lapsed (the clock a year and a day on) closes it again
      t.ctx.clock.advance(366 * 86_400);
      expect((await stateOf(agent)).status).toBe('awaiting_categorisation');
    } finally {
      await features({ enableComplianceRequiresCategorisation: false });
    }
  });

  it('shows an investor’s attempts to staff who may see investors only; never to an investor', async () => {
    const { user, agent } = await newInvestor();
    const other = await newInvestor();
    expect((await submit(agent, answersFor(standard, true))).statusCode).toBe(201);
    expect((await other.agent.get(`/api/investors/${user.id}/compliance-tests`)).statusCode).toBe(403);
    expect((await agent.get(`/api/investors/${user.id}/compliance-tests`)).statusCode).toBe(403);
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    const seen = data<ComplianceAttempt[]>(await adviser.get(`/api/investors/${user.id}/compliance-tests`));
    expect(seen).toHaveLength(1);
    // the answer key is for staff with the compliance permission only
    const options = seen[0]?.questions.flatMap((question) => question.options) ?? [];
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(option).not.toHaveProperty('is_correct');
    expect(seen[0]?.questions.some((question) => typeof question.answered_correctly === 'boolean')).toBe(
      true,
    );
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(`/api/investors/${user.id}/compliance-tests`)).statusCode).toBe(403);
    const staffMember = await createStaff(t.ctx.db, ROLES.SUPPORT);
    expect((await admin.get(`/api/investors/${staffMember.id}/compliance-tests`)).statusCode).toBe(404);
    // staff cannot take the test
    expect((await admin.post('/api/compliance-tests', { answers: answersFor(standard) })).statusCode).toBe(
      403,
    );
    expect((await admin.get('/api/profile/compliance-test')).statusCode).toBe(403);
  });

  it('takes ten parallel submissions one at a time: one try counted, the rest wait (429)', async () => {
    const { user, agent } = await newInvestor();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submit(agent, answersFor(standard, true))),
    );
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 429)]);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.compliance_tries).toBe(1);
    const [attempts] = await t.ctx.db
      .select({ value: count() })
      .from(complianceAttempts)
      .where(eq(complianceAttempts.user_id, user.id));
    expect(attempts?.value).toBe(1);
  });

  it('ten parallel passing submissions pass once and count one try', async () => {
    const { user, agent } = await newInvestor();
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(agent, answersFor(standard))));
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ compliance_tries: 1, compliance_passed: 1 });
  });
});

describe('the test clock', () => {
  it('moves forward through POST /api/testing/clock when TEST_CLOCK=1', async () => {
    const agent = t.agent();
    await agent.csrfCookie();
    const before = t.ctx.clock.now().getTime();
    const response = await agent.post('/api/testing/clock', { advance_seconds: 3600 });
    expect(response.statusCode).toBe(200);
    expect(t.ctx.clock.now().getTime() - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await agent.post('/api/testing/clock', { advance_seconds: -5 })).statusCode).toBe(422);
  });

  it('does not exist otherwise', async () => {
    const plain = await createTestApp({}, { shareDatabaseWith: t });
    try {
      const agent = plain.agent();
      await agent.csrfCookie();
      expect((await agent.post('/api/testing/clock', { advance_seconds: 60 })).statusCode).toBe(404);
      expect(() => plain.ctx.clock.advance(60)).toThrow(/TEST_CLOCK/);
    } finally {
      await plain.close();
    }
  });
});
