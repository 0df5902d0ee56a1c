import { ROLES, type Questionnaire } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, questionnaireResponses, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors, json } from './compliance.test-fixtures';

let t: TestApp;
let admin: Agent;
let investor: UserRow;

const put = (agent: Agent, url: string, answers: Record<string, unknown>) =>
  agent.request({ method: 'PUT', url, payload: { answers } });

const FACT_FIND = {
  annual_income: '100k_250k',
  net_assets: '250k_1m',
  liquid_assets: '25k_100k',
  investment_objectives: ['capital_growth', 'tax_efficiency'],
  time_horizon: '5_10y',
  tax_relief_interest: ['eis', 'seis'],
  dependants: 2,
};

/** Scores 3 + 2 + 3 + 2 + 2 + 2 = 14: balanced. */
const RISK = {
  fall_reaction: 'hold',
  risk_return: 'modest',
  total_loss: 'disappointed',
  horizon: '2_5y',
  high_risk_share: '5_10',
  experience: 'once_or_twice',
};

const REGISTRATION = {
  title: 'Dr',
  first_name: 'Rita',
  last_name: 'Register',
  date_of_birth: '1980-04-02',
  nationality: 'gb',
  email: 'Rita@Example.test',
  phone: '+44 20 7946 0001',
  address_line_1: '1 High Street',
  city: 'York',
  postcode: 'YO1 1AA',
  country: 'GB',
  employment_status: 'retired',
  occupation: 'Surgeon',
  source_of_funds: ['pension', 'savings'],
  investment_experience: 'listed',
  is_pep: false,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  investor = await createUser(t.ctx.db, { name: 'Quinn Questions' });
});
afterAll(() => t.close());

describe('the fact find', () => {
  const url = () => `/api/investors/${investor.id}/questionnaires/fact-find`;

  it('starts empty, saves answers, and keeps every earlier save with who and when', async () => {
    expect(data(await admin.get(url()))).toEqual({
      form: 'fact_find',
      subject_type: 'investor',
      subject_id: investor.id,
      current: null,
      history: [],
    });
    const first = await put(admin, url(), FACT_FIND);
    expect(first.statusCode, first.body).toBe(200);
    const second = data<Questionnaire>(await put(admin, url(), { ...FACT_FIND, dependants: 3 }));
    expect(second.current).toMatchObject({
      form: 'fact_find',
      answers: { ...FACT_FIND, dependants: 3 },
      score: null,
      risk_band: null,
      recorded_by: { name: 'Ada Admin' },
    });
    expect(second.history).toHaveLength(1);
    expect(second.history[0]?.answers).toEqual(FACT_FIND);

    const activity = json<{ data: Array<{ action: string; description: string }> }>(
      await admin.get(`/api/investors/${investor.id}/activity`),
    );
    expect(activity.data.filter((line) => line.action === 'questionnaire.saved')[0]?.description).toBe(
      'Fact find updated',
    );
  });

  it('refuses answers that do not fit the questions, naming each one, and saves nothing', async () => {
    const before = await t.ctx.db.select().from(questionnaireResponses);
    const response = await put(admin, url(), {
      ...FACT_FIND,
      annual_income: 'millions',
      time_horizon: undefined,
      dependants: -1,
      favourite_colour: 'blue',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errors(response)).sort()).toEqual([
      'answers',
      'answers.annual_income',
      'answers.dependants',
      'answers.time_horizon',
    ]);
    expect(errors(response)['answers.time_horizon']).toEqual([
      'The answer to “How long can you leave the money invested?” is required.',
    ]);
    expect(await t.ctx.db.select().from(questionnaireResponses)).toHaveLength(before.length);
  });
});

describe('the risk profile', () => {
  it('is scored by the server and mapped to a risk band', async () => {
    const url = `/api/investors/${investor.id}/questionnaires/risk-profile`;
    const saved = data<Questionnaire>(await put(admin, url, RISK));
    expect(saved.current).toMatchObject({ score: 14, risk_band: 'balanced' });
    const bold = data<Questionnaire>(
      await put(admin, url, {
        fall_reaction: 'buy_more',
        risk_return: 'maximum',
        total_loss: 'expected',
        horizon: '8y_plus',
        high_risk_share: '25_plus',
        experience: 'regularly',
      }),
    );
    expect(bold.current).toMatchObject({ score: 24, risk_band: 'speculative' });
    const forged = await put(admin, url, { ...RISK, score: 24 });
    expect(errors(forged).answers?.[0]).toMatch(/unknown keys: score/);
    const activity = json<{ data: Array<{ action: string; description: string }> }>(
      await admin.get(`/api/investors/${investor.id}/activity`),
    );
    expect(activity.data.map((line) => line.description)).toContain(
      'Risk profile updated: balanced (score 14)',
    );
  });
});

describe('the registration form', () => {
  it('asks follow-up questions only when they apply, and drops answers to questions not asked', async () => {
    const url = `/api/investors/${investor.id}/questionnaires/registration-form`;
    const pep = await put(admin, url, { ...REGISTRATION, is_pep: true });
    expect(errors(pep)).toEqual({
      'answers.pep_details': ['The answer to “Who, and which public function?” is required.'],
    });
    const saved = data<Questionnaire>(await put(admin, url, REGISTRATION));
    expect(saved.current?.answers).toMatchObject({ email: 'rita@example.test', nationality: 'GB' });
    expect(saved.current?.answers).not.toHaveProperty('occupation');
  });
});

describe('contacts', () => {
  it('keeps a contact’s questionnaires through the same routes, and 404s one that does not exist', async () => {
    const [contact] = await t.ctx.db
      .insert(contacts)
      .values({ first_name: 'Cara', last_name: 'Contact', name: 'Cara Contact' })
      .returning();
    if (!contact) throw new Error('no contact');
    const url = `/api/contacts/${contact.id}/questionnaires/fact-find`;
    const saved = await put(admin, url, FACT_FIND);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<Questionnaire>(saved)).toMatchObject({ subject_type: 'contact', subject_id: contact.id });
    const rows = await t.ctx.db
      .select()
      .from(questionnaireResponses)
      .where(eq(questionnaireResponses.subject_type, 'contact'));
    expect(rows.map((row) => row.subject_id)).toEqual([contact.id]);
    expect((await admin.get('/api/contacts/999999/questionnaires/fact-find')).statusCode).toBe(404);
    // A contact's id is not an investor's.
    expect(
      (await admin.get(`/api/investors/${contact.id + 100_000}/questionnaires/fact-find`)).statusCode,
    ).toBe(404);
  });
});

describe('who may see and change questionnaires', () => {
  it('keeps investors to their own answers and refuses a Custodian', async () => {
    const theirs = await t.as(investor);
    const own = data<Questionnaire>(await theirs.get('/api/profile/questionnaires/fact-find'));
    expect(own.current?.answers).toMatchObject({ dependants: 3 });
    const mine = await put(theirs, '/api/profile/questionnaires/risk-profile', RISK);
    expect(data<Questionnaire>(mine).current).toMatchObject({
      score: 14,
      recorded_by: { name: 'Quinn Questions' },
    });

    const other = await t.as(await createUser(t.ctx.db));
    expect(data<Questionnaire>(await other.get('/api/profile/questionnaires/fact-find')).current).toBeNull();
    expect((await other.get(`/api/investors/${investor.id}/questionnaires/fact-find`)).statusCode).toBe(403);
    expect(
      (await put(other, `/api/investors/${investor.id}/questionnaires/fact-find`, FACT_FIND)).statusCode,
    ).toBe(403);

    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(`/api/investors/${investor.id}/questionnaires/fact-find`)).statusCode).toBe(
      403,
    );
    const committee = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_COMMITTEE));
    expect((await committee.get(`/api/investors/${investor.id}/questionnaires/fact-find`)).statusCode).toBe(
      200,
    );
    expect((await admin.get(`/api/investors/${investor.id}/questionnaires/shoe-size`)).statusCode).toBe(404);
  });
});
