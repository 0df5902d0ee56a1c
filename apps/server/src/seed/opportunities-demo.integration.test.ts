import { ROLES } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityInvitations, users } from '../db/schema';
import { createTestApp, type Agent, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './demo';

let t: TestApp;
let admin: Agent;
type Row = Record<string, unknown>;
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.ctx);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'admin@portico.test'));
  if (!row) throw new Error('no demo admin');
  admin = await t.agent().login(row, DEMO_PASSWORD);
}, 120_000);
afterAll(() => t.close());

describe('the opportunities demo', () => {
  it('spreads thirteen opportunities over every status (Harbour Lane’s Series A among them), live ones part filled', async () => {
    const all = json<{ data: Row[] }>(await admin.get('/api/opportunities?per_page=50&sort=status')).data;
    // the companies' rounds; the funds demo adds two fund opportunities (issue 20: a live one and a closed one)
    const page = { data: all.filter((row) => row.fund_id === null) };
    expect(page.data.map((row) => row.status)).toEqual([1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    expect(all.filter((row) => row.fund_id !== null).map((row) => row.status)).toEqual([2, 4]);
    for (const row of page.data.filter((item) => item.status === 2 || item.status === 3))
      expect(row.committed_amount, String(row.name)).not.toBe('0.00');
    const invited = await t.ctx.db.select().from(opportunityInvitations);
    expect(invited).toHaveLength(2);
  });

  it('gives each a page with team photos, a gallery, FAQs and public and private documents', async () => {
    const [first] = json<{ data: Row[] }>(
      await admin.get('/api/opportunities?filter[status]=2&sort=name'),
    ).data;
    const one = json<{ data: Row }>(await admin.get(`/api/opportunities/${String(first?.id)}`)).data;
    const team = one.team_members as Row[];
    expect(team.length).toBeGreaterThan(0);
    expect((await t.agent().get(String(team[0]?.photo_url))).statusCode).toBe(200);
    expect((await t.agent().get(String(one.cover_image_url))).statusCode).toBe(200);
    expect((one.gallery as Row[]).length).toBe(1);
    expect((one.faqs as Row[]).length).toBe(2);
    expect((one.public_documents as Row[]).map((doc) => doc.name)).toEqual(['Investment memorandum.pdf']);
    const all = json<{ data: Row[] }>(
      await admin.get(`/api/opportunities/${String(first?.id)}/documents`),
    ).data;
    expect(all.map((doc) => doc.visibility).sort()).toEqual(['private', 'public']);
  });

  it('shows the demo investor live ones only: every external one, internal ones if in the syndicate', async () => {
    const [investor] = await t.ctx.db.select().from(users).where(eq(users.email, 'investor@portico.test'));
    if (!investor || investor.role_id !== ROLES.USER) throw new Error('no demo investor');
    const agent = await t.agent().login(investor, DEMO_PASSWORD);
    const page = json<{ data: Row[] }>(await agent.get('/api/opportunities?per_page=50'));
    const statuses = page.data.filter((row) => row.fund_id === null).map((row) => row.status);
    expect(statuses.filter((status) => status === 2)).toHaveLength(4);
    // and the live fund raising (the funds feature is on in the demo), not the closed one
    expect(page.data.filter((row) => row.fund_id !== null).map((row) => row.name)).toEqual([
      expect.stringMatching(/^Portico EIS Growth Fund: \d{4} subscription$/),
    ]);
    expect(statuses.every((status) => status === 2 || status === 3)).toBe(true);
  });
});
