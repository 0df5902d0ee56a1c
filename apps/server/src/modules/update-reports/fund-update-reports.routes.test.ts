import {
  can,
  newsItemSchema,
  newsListSchema,
  ROLE_IDS,
  ROLES,
  updateReportDetailSchema,
  updateReportListSchema,
  type NewsItem,
  type RoleId,
  type UpdateReportListItem,
} from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investments, mailOutbox, notifications, updateReports, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';
import { PUBLISH_DUE_JOB } from './update-reports.service';

/*
 * Issue 20, update reports about a fund (spec §2.2 /investor/portfolio/fund/{id}/reports/{reportId}): staff
 * write them with `fund_id`; the fund's committed investors (as the investor's fund page decides it) read
 * them and are told of them; with the funds feature off they are a 404 and out of the news.
 */

let t: TestApp;
let admin: Agent;
let fundId: number;
let otherFundId: number;
/** a commitment to the fund */
let cora: UserRow;
let coraAgent: Agent;
/** a cancelled commitment: not a holder, as on the fund page */
let cass: UserRow;
let cassAgent: Agent;
/** only a private_manual record staff keep for the books */
let pia: UserRow;
/** a commitment to another fund */
let olly: UserRow;
let ollyAgent: Agent;

const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const errorsOf = (response: { body: string }) => json<{ errors: Record<string, string[]> }>(response).errors;

async function features(enableFunds: boolean) {
  const response = await admin.patch('/api/features', { enableFunds });
  if (response.statusCode !== 200) throw new Error(response.body);
}

/** A fund raising through one opportunity, with a commitment of each investor (and its status and type). */
async function fundWith(
  name: string,
  commitments: Array<[UserRow, { status?: 'cancelled'; type?: 'private_manual' }?]>,
) {
  const created = await admin.post('/api/funds', { name, currency: 'GBP', target_size: '1000000' });
  if (created.statusCode !== 201) throw new Error(created.body);
  const id = data<{ id: number }>(created).id;
  const opportunity = await createOpportunity(t.ctx.db, {
    status: 2,
    fund_id: id,
    share_price: null,
    name: `${name} raise`,
    maximum_amount: '1000000.00',
    target_amount: '500000.00',
  });
  for (const [index, [investor, how]] of commitments.entries())
    await t.ctx.db.insert(investments).values({
      opportunity_id: opportunity.id,
      user_id: investor.id,
      amount: '10000.00',
      payment_reference: `FUR-${id}-${index + 1}`,
      ...(how?.status
        ? { status: how.status, cancelled_at: new Date(), cancel_reason: 'Withdrew before the close' }
        : {}),
      ...(how?.type ? { type: how.type } : {}),
    });
  return id;
}

async function draft(body: Record<string, unknown> = {}) {
  const response = await admin.post('/api/update-reports', {
    title: 'Fund letter',
    body: '<p>The fund is fully invested.</p>',
    opportunity_id: null,
    fund_id: fundId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return data<{ id: number }>(response).id;
}

async function published(body: Record<string, unknown> = {}) {
  const id = await draft(body);
  const response = await admin.post(`/api/update-reports/${id}/publish`);
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

const noticesOf = (reportId: number) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(sql`${notifications.data}->>'cta' like ${`%/reports/${reportId}`}`);

const newsIds = async (agent: Agent, query = '') => {
  const response = await agent.get(`/api/profile/news${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return newsListSchema.parse(json(response)).data.map((item) => item.id);
};

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  await features(true);
  cora = await createUser(t.ctx.db, { name: 'Cora Committed' });
  cass = await createUser(t.ctx.db, { name: 'Cass Cancelled' });
  pia = await createUser(t.ctx.db, { name: 'Pia Private' });
  olly = await createUser(t.ctx.db, { name: 'Olly Other' });
  fundId = await fundWith('Harbour Ventures Fund', [
    [cora],
    [cass, { status: 'cancelled' }],
    [pia, { type: 'private_manual' }],
  ]);
  otherFundId = await fundWith('Other Growth Fund', [[olly]]);
  coraAgent = await t.as(cora);
  cassAgent = await t.as(cass);
  ollyAgent = await t.as(olly);
});

afterAll(async () => {
  await t?.close();
});

describe('staff write a report about a fund', () => {
  it('stores fund_id and answers the fund as the subject in the detail and the list (filter[fund_id])', async () => {
    const id = await draft({ title: 'About the fund' });
    const detail = updateReportDetailSchema
      .strict()
      .parse(data(await admin.get(`/api/update-reports/${id}`)));
    expect(detail).toMatchObject({
      fund_id: fundId,
      fund: { id: fundId, name: 'Harbour Ventures Fund' },
      opportunity_id: null,
      opportunity: null,
    });
    const listed = updateReportListSchema.parse(
      json(await admin.get(`/api/update-reports?filter[fund_id]=${fundId}`)),
    ).data;
    expect(listed.map((row) => row.id)).toContain(id);
    expect(listed.every((row: UpdateReportListItem) => row.fund_id === fundId)).toBe(true);
    // general news (filter[opportunity_id]=null) is not a fund's report
    const general = updateReportListSchema.parse(
      json(await admin.get('/api/update-reports?filter[opportunity_id]=null&per_page=100')),
    ).data;
    expect(general.map((row) => row.id)).not.toContain(id);

    // a draft moves to another fund with PATCH
    const moved = await admin.patch(`/api/update-reports/${id}`, { fund_id: otherFundId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(data(moved)).toMatchObject({ fund_id: otherFundId, fund: { name: 'Other Growth Fund' } });
  });

  it('answers 422 on fund_id for an unknown fund, for two subjects, and while the funds feature is off', async () => {
    const unknown = await admin.post('/api/update-reports', {
      title: 'Nowhere',
      body: '<p>x</p>',
      opportunity_id: null,
      fund_id: 987654321,
    });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(errorsOf(unknown).fund_id).toBeDefined();

    const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
    const both = await admin.post('/api/update-reports', {
      title: 'Both',
      body: '<p>x</p>',
      opportunity_id: existing.id,
      fund_id: fundId,
    });
    expect(both.statusCode, both.body).toBe(422);
    expect(errorsOf(both).fund_id).toBeDefined();

    // a PATCH that would leave both subjects set is refused too (and the database would refuse it)
    const aboutCompany = await draft({ opportunity_id: existing.id, fund_id: null });
    const patched = await admin.patch(`/api/update-reports/${aboutCompany}`, { fund_id: fundId });
    expect(patched.statusCode, patched.body).toBe(422);
    expect(errorsOf(patched).fund_id).toBeDefined();
    const [stored] = await t.ctx.db.select().from(updateReports).where(eq(updateReports.id, aboutCompany));
    expect(stored?.fund_id).toBeNull();
    const refused = await t.ctx.db
      .update(updateReports)
      .set({ fund_id: fundId })
      .where(eq(updateReports.id, aboutCompany))
      .then(
        () => 'accepted',
        (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`,
      );
    expect(refused).toMatch(/update_reports_one_subject/);

    const pending = await draft({ title: 'Pending while off' });
    await features(false);
    try {
      const off = await admin.post('/api/update-reports', {
        title: 'Off',
        body: '<p>x</p>',
        opportunity_id: null,
        fund_id: fundId,
      });
      expect(off.statusCode, off.body).toBe(422);
      expect(errorsOf(off).fund_id).toBeDefined();
      // nor is a fund's draft published while the feature is off
      const publish = await admin.post(`/api/update-reports/${pending}/publish`);
      expect(publish.statusCode, publish.body).toBe(422);
      expect(errorsOf(publish).fund_id).toBeDefined();
    } finally {
      await features(true);
    }
  });
});

describe('publication and who reads a fund’s report', () => {
  it('tells only the fund’s committed investors, with a cta to the fund’s page', async () => {
    const id = await published({ title: 'Annual letter' });
    const notices = await noticesOf(id);
    expect(notices.map((row) => row.notifiable_id)).toEqual([cora.id]);
    expect(notices[0]?.data).toEqual({
      message: 'New update from **Harbour Ventures Fund**: **Annual letter**',
      cta: `/investor/portfolio/fund/${fundId}/reports/${id}`,
      icon: 'update_reports',
    });
    const mails = await t.ctx.db
      .select({ to: mailOutbox.to_address })
      .from(mailOutbox)
      .where(sql`${mailOutbox.text_body} like ${`%/investor/portfolio/fund/${fundId}/reports/${id}%`}`);
    expect(mails.map((mail) => mail.to)).toEqual([cora.email]);
    expect(data(await admin.get(`/api/update-reports/${id}`))).toMatchObject({ recipients: 1 });
  });

  it('shows it to the committed investor (item, PDF, read, news filtered by fund) and 404s everyone else', async () => {
    const id = await published({ title: 'Quarterly letter' });
    const general = await published({ title: 'Everyone’s news', fund_id: null });

    const item = await coraAgent.get(`/api/profile/news/${id}`);
    expect(item.statusCode, item.body).toBe(200);
    expect(newsItemSchema.strict().parse(data(item))).toMatchObject({
      fund: { id: fundId, name: 'Harbour Ventures Fund' },
      opportunity: null,
      read_at: null,
    });
    expect((await coraAgent.get(`/api/profile/news/${id}/pdf`)).statusCode).toBe(200);
    expect(await newsIds(coraAgent)).toEqual(expect.arrayContaining([id, general]));
    const ofFund = await newsIds(coraAgent, `?filter[fund_id]=${fundId}`);
    expect(ofFund).toContain(id);
    expect(ofFund).not.toContain(general);
    const unread = async () =>
      data<{ unread: number }>(await coraAgent.get('/api/profile/news/unread-count')).unread;
    const before = await unread();
    const read = await coraAgent.post(`/api/profile/news/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(data<NewsItem>(read).read_at).not.toBeNull();
    expect(await unread()).toBe(before - 1);

    // the rule is the fund page's: who gets that page reads the fund's reports
    expect((await coraAgent.get(`/api/portfolio/funds/${fundId}`)).statusCode).toBe(200);
    for (const agent of [cassAgent, ollyAgent]) {
      expect((await agent.get(`/api/portfolio/funds/${fundId}`)).statusCode).toBe(404);
      expect((await agent.get(`/api/profile/news/${id}`)).statusCode).toBe(404);
      expect((await agent.get(`/api/profile/news/${id}/pdf`)).statusCode).toBe(404);
      expect((await agent.post(`/api/profile/news/${id}/read`)).statusCode).toBe(404);
      expect(await newsIds(agent)).not.toContain(id);
      expect(await newsIds(agent)).toContain(general);
    }
    const piaAgent = await t.as(pia);
    expect((await piaAgent.get(`/api/profile/news/${id}`)).statusCode).toBe(404);
  });

  it('with the funds feature off, is a 404 for the item, PDF and read mark, and out of the news', async () => {
    const id = await published({ title: 'While funds are on' });
    const unread = async () =>
      data<{ unread: number }>(await coraAgent.get('/api/profile/news/unread-count')).unread;
    const before = await unread();
    const fundUnread = newsListSchema
      .parse(json(await coraAgent.get(`/api/profile/news?filter[fund_id]=${fundId}&per_page=100`)))
      .data.filter((item) => item.read_at === null).length;
    expect(fundUnread).toBeGreaterThan(0);
    await features(false);
    try {
      expect((await coraAgent.get(`/api/profile/news/${id}`)).statusCode).toBe(404);
      expect((await coraAgent.get(`/api/profile/news/${id}/pdf`)).statusCode).toBe(404);
      expect((await coraAgent.post(`/api/profile/news/${id}/read`)).statusCode).toBe(404);
      expect(await newsIds(coraAgent)).not.toContain(id);
      expect(await newsIds(coraAgent, `?filter[fund_id]=${fundId}`)).toEqual([]);
      // the fund's unread reports leave the count
      expect(await unread()).toBe(before - fundUnread);
      // staff still see it
      expect((await admin.get(`/api/update-reports/${id}`)).statusCode).toBe(200);
    } finally {
      await features(true);
    }
    expect((await coraAgent.get(`/api/profile/news/${id}`)).statusCode).toBe(200);
  });

  it('publishes a scheduled fund report only while the funds feature is on, without holding up others', async () => {
    const fundReport = await draft({ title: 'Scheduled fund letter' });
    const news = await draft({ title: 'Scheduled news', fund_id: null });
    const at = new Date(t.ctx.clock.now().getTime() + 3_600_000).toISOString();
    for (const id of [fundReport, news])
      expect((await admin.post(`/api/update-reports/${id}/publish`, { publish_at: at })).statusCode).toBe(
        200,
      );
    const job = t.ctx.scheduler.jobs().find((candidate) => candidate.name === PUBLISH_DUE_JOB);
    t.ctx.clock.advance(3_601);
    await features(false);
    try {
      await job?.run();
      expect(data(await admin.get(`/api/update-reports/${fundReport}`))).toMatchObject({
        status: 'scheduled',
      });
      expect(data(await admin.get(`/api/update-reports/${news}`))).toMatchObject({ status: 'live' });
    } finally {
      await features(true);
    }
    await job?.run();
    expect(data(await admin.get(`/api/update-reports/${fundReport}`))).toMatchObject({
      status: 'live',
      recipients: 1,
    });
    expect((await noticesOf(fundReport)).map((row) => row.notifiable_id)).toEqual([cora.id]);
  });

  it('goes with its fund when the fund is deleted (the cascade)', async () => {
    const created = await admin.post('/api/funds', {
      name: 'Short-lived Fund',
      currency: 'GBP',
      target_size: '1000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const doomed = data<{ id: number }>(created).id;
    const id = await draft({ fund_id: doomed });
    await t.ctx.db.execute(sql`delete from funds where id = ${doomed}`);
    expect(await t.ctx.db.select().from(updateReports).where(eq(updateReports.id, id))).toHaveLength(0);
  });
});

describe('permissions (spec §6, update_reports)', () => {
  it.each([...ROLE_IDS])(
    'role %i gets the update_reports cells for a fund’s report',
    async (role: RoleId) => {
      const agent = await t.as(await createUser(t.ctx.db, { role_id: role }));
      const id = await draft({ title: `Perm ${role}` });
      const cells: Array<[Parameters<typeof can>[2], () => Promise<{ statusCode: number; body: string }>]> = [
        ['index', () => agent.get(`/api/update-reports?filter[fund_id]=${fundId}`)],
        ['show', () => agent.get(`/api/update-reports/${id}`)],
        [
          'create',
          () =>
            agent.post('/api/update-reports', {
              title: 'Perm create',
              body: '<p>x</p>',
              opportunity_id: null,
              fund_id: fundId,
            }),
        ],
        ['update', () => agent.patch(`/api/update-reports/${id}`, { fund_id: otherFundId })],
        ['delete', () => agent.delete(`/api/update-reports/${id}`)],
      ];
      for (const [action, call] of cells) {
        const response = await call();
        const allowed = role !== ROLES.USER && can(role, 'update_reports', action);
        if (allowed) expect(response.statusCode, `${role} ${action}: ${response.body}`).toBeLessThan(300);
        else expect(response.statusCode, `${role} ${action}`).toBe(403);
      }
    },
  );
});
