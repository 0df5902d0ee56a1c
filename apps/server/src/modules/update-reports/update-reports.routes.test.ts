import {
  can,
  newsItemSchema,
  newsListSchema,
  ROLE_IDS,
  ROLES,
  updateReportDetailSchema,
  updateReportListSchema,
  type Action,
  type NewsItem,
  type RoleId,
  type UpdateReportDetail,
} from '@portico/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  holdingTransactions,
  mailOutbox,
  notifications,
  updateReports,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';
import { PUBLISH_DUE_JOB } from './update-reports.service';

/*
 * Issue 19, update reports (decision 022): staff's drafts, publication (now, scheduled, once even in
 * parallel), corrections that keep versions, withdrawal, and the investor's news with its visibility rule.
 */

let t: TestApp;
let admin: Agent;
let existing: OpportunityRow;
let holder: UserRow;
let holderAgent: Agent;
let stranger: UserRow;
let strangerAgent: Agent;

const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
/** Why the database refused a statement (drizzle wraps the driver's error). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'accepted';
}
const errorsOf = (response: { body: string }) => json<{ errors: Record<string, string[]> }>(response).errors;

/** An existing investment (completed) whose one platform holder is `user`. */
async function holding(user?: UserRow) {
  const opportunity = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
  if (user)
    await t.ctx.db.insert(holdingTransactions).values({
      opportunity_id: opportunity.id,
      user_id: user.id,
      kind: 'allotment',
      occurred_on: '2024-01-15',
      shares: '1000',
      amount: '1000.00',
      price: '1.000000',
    });
  return opportunity;
}

async function draft(body: Partial<{ title: string; body: string; opportunity_id: number | null }> = {}) {
  const response = await admin.post('/api/update-reports', {
    title: 'Quarterly update',
    body: '<p>Revenue grew <strong>40%</strong>.</p>',
    opportunity_id: existing.id,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return data<{ id: number; status: string }>(response).id;
}

async function published(body: Parameters<typeof draft>[0] = {}) {
  const id = await draft(body);
  const response = await admin.post(`/api/update-reports/${id}/publish`);
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

const noticesFor = (userId: number, reportId: number) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.notifiable_id, userId),
        sql`${notifications.data}->>'cta' like ${`%/reports/${reportId}`}`,
      ),
    );

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  holder = await createUser(t.ctx.db, { name: 'Hana Holder' });
  stranger = await createUser(t.ctx.db, { name: 'Sam Stranger' });
  existing = await holding(holder);
  holderAgent = await t.as(holder);
  strangerAgent = await t.as(stranger);
});

afterAll(async () => {
  await t?.close();
});

describe('the contract', () => {
  it('creates a draft (201 {data:{id,status:"draft"}}) and publishes it (200 {data:{id,status:"live",published_at}})', async () => {
    const created = await admin.post('/api/update-reports', {
      title: 'Hello investors',
      body: '<p>News</p>',
      opportunity_id: existing.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const state = json<{ data: { id: number; status: string } }>(created);
    expect(Object.keys(state)).toEqual(['data']);
    expect(Object.keys(state.data).sort()).toEqual(['id', 'status']);
    expect(state.data.status).toBe('draft');

    const edited = await admin.patch(`/api/update-reports/${state.data.id}`, { title: 'Hello, investors' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(updateReportDetailSchema.strict().parse(data(edited)).title).toBe('Hello, investors');

    const live = await admin.post(`/api/update-reports/${state.data.id}/publish`);
    expect(live.statusCode, live.body).toBe(200);
    const answer = data<{ id: number; status: string; published_at: string }>(live);
    expect(Object.keys(answer).sort()).toEqual(['id', 'published_at', 'status']);
    expect(answer).toMatchObject({ id: state.data.id, status: 'live' });
    expect(answer.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const detail = updateReportDetailSchema
      .strict()
      .parse(data(await admin.get(`/api/update-reports/${state.data.id}`)));
    expect(detail).toMatchObject({
      status: 'live',
      version: 1,
      recipients: 1,
      opportunity: { id: existing.id },
    });
    expect(detail.versions.map((version) => version.version)).toEqual([1]);

    const list = await admin.get(
      `/api/update-reports?filter[status]=live&filter[opportunity_id]=${existing.id}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const page = updateReportListSchema.parse(json(list));
    expect(page.data.map((row) => row.id)).toContain(state.data.id);
    expect(page.data.every((row) => row.status === 'live')).toBe(true);

    const news = await holderAgent.get('/api/profile/news');
    expect(news.statusCode, news.body).toBe(200);
    const items = newsListSchema.parse(json(news)).data;
    const item = items.find((candidate) => candidate.id === state.data.id);
    expect(item).toMatchObject({ title: 'Hello, investors', body: '', excerpt: 'News', read_at: null });
    const one = await holderAgent.get(`/api/profile/news/${state.data.id}`);
    expect(newsItemSchema.strict().parse(data(one)).body).toBe('<p>News</p>');
  });

  it('refuses an opportunity that is not an existing investment (422 on opportunity_id)', async () => {
    const live = await createOpportunity(t.ctx.db, { status: 2, published_at: new Date() });
    for (const opportunity_id of [live.id, 999_999_999]) {
      const response = await admin.post('/api/update-reports', { title: 'x', body: '', opportunity_id });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response)).toHaveProperty('opportunity_id');
    }
  });
});

describe('permissions (spec §6, update_reports)', () => {
  const expectations: Array<[string, Action, (id: number) => [string, string, unknown?]]> = [
    ['list', 'index', () => ['GET', '/api/update-reports']],
    ['show', 'show', (id) => ['GET', `/api/update-reports/${id}`]],
    ['pdf', 'show', (id) => ['GET', `/api/update-reports/${id}/pdf`]],
    [
      'create',
      'create',
      () => ['POST', '/api/update-reports', { title: 'Perm', body: '<p>x</p>', opportunity_id: null }],
    ],
    ['update', 'update', (id) => ['PATCH', `/api/update-reports/${id}`, { title: 'Perm 2' }]],
    ['publish', 'update', (id) => ['POST', `/api/update-reports/${id}/publish`, {}]],
    ['delete', 'delete', (id) => ['DELETE', `/api/update-reports/${id}`]],
  ];

  it.each([...ROLE_IDS])('role %i gets exactly the cells the table gives it', async (role: RoleId) => {
    const agent = await t.as(await createUser(t.ctx.db, { role_id: role }));
    for (const [name, action, route] of expectations) {
      const id = await draft({ opportunity_id: null, title: `Perm ${name}` });
      const [method, url, payload] = route(id);
      const response = await agent.request({
        method: method,
        url,
        ...(payload ? { payload: payload } : {}),
      });
      const allowed = role !== ROLES.USER && can(role, 'update_reports', action);
      if (allowed) expect(response.statusCode, `${role} ${name}: ${response.body}`).toBeLessThan(300);
      else expect(response.statusCode, `${role} ${name}`).toBe(403);
    }
    // the four roles of the brief, written out
    const grants = (['index', 'show', 'create', 'update', 'delete'] as const).filter((action) =>
      can(role, 'update_reports', action),
    );
    if (role === ROLES.SUPER_ADMIN || role === ROLES.SUPPORT) expect(grants).toHaveLength(5);
    else if (role === ROLES.INVESTMENT_COMMITTEE || role === ROLES.FUND_MANAGER)
      expect(grants).toEqual(['index', 'show']);
    else expect(grants).toEqual([]);
  });

  it('keeps staff routes from investors and news routes from staff', async () => {
    expect((await holderAgent.get('/api/update-reports')).statusCode).toBe(403);
    expect((await admin.get('/api/profile/news')).statusCode).toBe(403);
  });
});

describe('sanitising', () => {
  it('stores only the allow-list: no scripts, handlers, javascript: links, styles or external images', async () => {
    const upload = multipartBody({}, { image: { name: 'chart.png', type: 'image/png', body: PNG_1PX } });
    const image = await admin.request({ method: 'POST', url: '/api/update-reports/images', ...upload });
    expect(image.statusCode, image.body).toBe(201);
    const { url } = data<{ url: string }>(image);
    expect(url).toMatch(/^\/api\/update-report-images\/[A-Za-z0-9_-]+\.png$/);
    const served = await holderAgent.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const id = await draft({
      body: [
        '<h2 style="color:red" onclick="x()">Results</h2>',
        '<script>alert(1)</script>',
        '<p>Read <a href="javascript:alert(1)">this</a> and <a href="https://example.com">that</a></p>',
        '<img src="x" onerror="alert(1)">',
        '<img src="https://evil.example/track.png">',
        `<img src="${url}" alt="Chart">`,
        '<iframe src="https://evil.example"></iframe>',
        '<table><tbody><tr><td>Q1</td><td>£1</td></tr></tbody></table>',
      ].join(''),
    });
    const { body } = data<UpdateReportDetail>(await admin.get(`/api/update-reports/${id}`));
    expect(body).not.toMatch(/script|onclick|onerror|javascript:|style=|iframe|evil\.example|src="x"/i);
    expect(body).toContain('<h2>Results</h2>');
    expect(body).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">that</a>',
    );
    expect(body).toContain(`<img src="${url}" alt="Chart">`);
    expect(body).toContain('<td>Q1</td>');
  });
});

describe('the visibility rule', () => {
  it('shows a holding’s report to who holds it, general news to every investor, and 404 otherwise', async () => {
    const about = await published({ title: 'About the holding' });
    const general = await published({ title: 'General news', opportunity_id: null });
    const drafted = await draft({ title: 'Still a draft' });
    const withdrawn = await published({ title: 'Withdrawn one' });
    expect(
      (await admin.post(`/api/update-reports/${withdrawn}/withdraw`, { reason: 'Wrong figures' })).statusCode,
    ).toBe(200);

    const ids = async (agent: Agent, query = '') =>
      data<NewsItem[]>(await agent.get(`/api/profile/news${query}`)).map((item) => item.id);
    expect(await ids(holderAgent)).toEqual(expect.arrayContaining([about, general]));
    expect(await ids(holderAgent)).not.toEqual(expect.arrayContaining([drafted]));
    expect(await ids(holderAgent)).not.toContain(withdrawn);
    expect(await ids(holderAgent, `?filter[opportunity_id]=${existing.id}`)).not.toContain(general);
    expect(await ids(strangerAgent)).toContain(general);
    expect(await ids(strangerAgent)).not.toContain(about);

    expect((await holderAgent.get(`/api/profile/news/${about}`)).statusCode).toBe(200);
    expect((await strangerAgent.get(`/api/profile/news/${about}`)).statusCode).toBe(404);
    expect((await strangerAgent.get(`/api/profile/news/${about}/pdf`)).statusCode).toBe(404);
    expect((await strangerAgent.post(`/api/profile/news/${about}/read`)).statusCode).toBe(404);
    expect((await strangerAgent.get(`/api/profile/news/${general}`)).statusCode).toBe(200);
    for (const id of [drafted, withdrawn]) {
      expect((await holderAgent.get(`/api/profile/news/${id}`)).statusCode).toBe(404);
      expect((await holderAgent.get(`/api/profile/news/${id}/pdf`)).statusCode).toBe(404);
    }
    // the stranger was never told about the holding's report
    expect(await noticesFor(stranger.id, about)).toHaveLength(0);
    expect(await noticesFor(stranger.id, general)).toHaveLength(1);
  });

  it('marks a report read once (idempotent) and counts the unread', async () => {
    const id = await published({ title: 'Read me' });
    const before = data<{ unread: number }>(await holderAgent.get('/api/profile/news/unread-count')).unread;
    const first = data<NewsItem>(await holderAgent.post(`/api/profile/news/${id}/read`));
    expect(first.read_at).not.toBeNull();
    const second = data<NewsItem>(await holderAgent.post(`/api/profile/news/${id}/read`));
    expect(second.read_at).toBe(first.read_at);
    expect(data<{ unread: number }>(await holderAgent.get('/api/profile/news/unread-count')).unread).toBe(
      before - 1,
    );
    const listed = data<NewsItem[]>(await holderAgent.get('/api/profile/news')).find(
      (item) => item.id === id,
    );
    expect(listed?.read_at).toBe(first.read_at);
  });
});

describe('publishing', () => {
  it('stores a notification and queues an email for every recipient, and pushes one event per user', async () => {
    const broadcasts = vi.spyOn(t.ctx.realtime, 'broadcastMany');
    const second = await createUser(t.ctx.db, { name: 'Second Holder' });
    const company = await holding(holder);
    await t.ctx.db.insert(holdingTransactions).values({
      opportunity_id: company.id,
      user_id: second.id,
      kind: 'allotment',
      occurred_on: '2024-02-01',
      shares: '10',
      amount: '10.00',
      price: '1.000000',
    });
    const id = await published({ title: 'Big news', opportunity_id: company.id });
    for (const user of [holder, second]) {
      const [notice] = await noticesFor(user.id, id);
      expect(notice?.data).toEqual({
        message: `New update from **${company.name}**: **Big news**`,
        cta: `/investor/portfolio/${company.id}/reports/${id}`,
        icon: 'update_reports',
      });
      const mails = await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.to_address, user.email), sql`${mailOutbox.text_body} like ${`%/reports/${id}%`}`),
        );
      expect(mails).toHaveLength(1);
    }
    expect(await noticesFor(stranger.id, id)).toHaveLength(0);
    const pushed = broadcasts.mock.calls.flatMap(([items]) => items);
    const ours = pushed.filter((item) => (item.data as { cta?: string }).cta?.endsWith(`/reports/${id}`));
    expect(ours.map((item) => item.channel).sort()).toEqual(
      [holder.id, second.id].map((userId) => `private-App.Models.User.${userId}`).sort(),
    );
    broadcasts.mockRestore();
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'update_report.published'), eq(auditLog.subject_id, id)));
    expect(audit?.after).toMatchObject({ recipients: 2 });
  });

  it('stores the notifications and the emails in the publishing transaction: all or nothing', async () => {
    const id = await draft({ title: 'All or nothing' });
    const queue = vi.spyOn(t.ctx.mailer, 'queueToEach').mockRejectedValueOnce(new Error('outbox down'));
    const failed = await admin.post(`/api/update-reports/${id}/publish`);
    expect(failed.statusCode).toBe(500);
    queue.mockRestore();
    expect(await noticesFor(holder.id, id)).toHaveLength(0);
    expect(data(await admin.get(`/api/update-reports/${id}`))).toMatchObject({
      status: 'draft',
      version: 0,
      versions: [],
    });
    const retried = await admin.post(`/api/update-reports/${id}/publish`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await noticesFor(holder.id, id)).toHaveLength(1);
  });

  it('answers 422 to a second publication and to editing a live report (pointing to corrections)', async () => {
    const id = await published();
    const again = await admin.post(`/api/update-reports/${id}/publish`);
    expect(again.statusCode).toBe(422);
    const edit = await admin.patch(`/api/update-reports/${id}`, { title: 'Sneaky' });
    expect(edit.statusCode).toBe(422);
    expect(errorsOf(edit).status?.[0]).toMatch(/correction/);
    expect((await admin.delete(`/api/update-reports/${id}`)).statusCode).toBe(422);
    expect(await noticesFor(holder.id, id)).toHaveLength(1);
  });

  it.runIf(usePostgres())('publishes once when two requests publish the same report at once', async () => {
    const id = await draft({ title: 'Race' });
    const answers = await Promise.all([
      admin.post(`/api/update-reports/${id}/publish`),
      admin.post(`/api/update-reports/${id}/publish`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(await noticesFor(holder.id, id)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(updateReports).where(eq(updateReports.id, id));
    expect(row).toMatchObject({ status: 'live', version: 1, recipients: 1 });
  });

  it('schedules a publication for later and the job publishes it once', async () => {
    const id = await draft({ title: 'Later' });
    const at = new Date(t.ctx.clock.now().getTime() + 3_600_000).toISOString();
    const answer = await admin.post(`/api/update-reports/${id}/publish`, { publish_at: at });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(data(answer)).toMatchObject({ id, status: 'scheduled', published_at: null });
    expect((await holderAgent.get(`/api/profile/news/${id}`)).statusCode).toBe(404);

    const job = t.ctx.scheduler.jobs().find((candidate) => candidate.name === PUBLISH_DUE_JOB);
    expect(job?.everyMs).toBe(60_000);
    await job?.run();
    expect(data(await admin.get(`/api/update-reports/${id}`))).toMatchObject({ status: 'scheduled' });

    t.ctx.clock.advance(3_601);
    await Promise.all([job?.run(), job?.run()]);
    await job?.run();
    expect(data(await admin.get(`/api/update-reports/${id}`))).toMatchObject({ status: 'live', version: 1 });
    expect(await noticesFor(holder.id, id)).toHaveLength(1);
    expect((await holderAgent.get(`/api/profile/news/${id}`)).statusCode).toBe(200);
  });
});

describe('corrections and withdrawal', () => {
  it('keeps every version, shows investors the latest marked corrected, and does not notify again', async () => {
    const id = await published({ title: 'Results', body: '<p>Revenue £1m</p>' });
    const corrected = await admin.post(`/api/update-reports/${id}/corrections`, {
      title: 'Results (corrected)',
      body: '<p>Revenue £1.2m</p><script>x</script>',
      reason: 'Typo in revenue',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const detail = data<UpdateReportDetail>(corrected);
    expect(detail.version).toBe(2);
    expect(detail.versions.map((version) => [version.version, version.title, version.reason])).toEqual([
      [1, 'Results', null],
      [2, 'Results (corrected)', 'Typo in revenue'],
    ]);
    expect(detail.body).toBe('<p>Revenue £1.2m</p>');
    const item = data<NewsItem>(await holderAgent.get(`/api/profile/news/${id}`));
    expect(item).toMatchObject({ title: 'Results (corrected)', version: 2, body: '<p>Revenue £1.2m</p>' });
    expect(item.corrected_at).not.toBeNull();
    expect(await noticesFor(holder.id, id)).toHaveLength(1);

    // append-only in the database
    expect(
      await refusal(
        t.ctx.db.execute(sql`update update_report_versions set body = 'rewritten' where report_id = ${id}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.ctx.db.execute(sql`delete from update_report_versions where report_id = ${id}`)),
    ).toMatch(/append-only/);
    // and the report's invariants
    expect(
      await refusal(t.ctx.db.execute(sql`update update_reports set status = 'withdrawn' where id = ${id}`)),
    ).toMatch(/update_reports_withdrawn_reason/);
    expect(
      await refusal(t.ctx.db.execute(sql`update update_reports set version = -1 where id = ${id}`)),
    ).toMatch(/update_reports_version/);
  });

  it('refuses to correct or withdraw a draft, and hides a withdrawn report from investors', async () => {
    const id = await draft();
    expect(
      (
        await admin.post(`/api/update-reports/${id}/corrections`, {
          title: 'x',
          body: '<p>x</p>',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(422);
    expect((await admin.post(`/api/update-reports/${id}/withdraw`, { reason: 'x' })).statusCode).toBe(422);
    expect((await admin.post(`/api/update-reports/${id}/withdraw`, {})).statusCode).toBe(422);
    const live = await published();
    expect((await holderAgent.get(`/api/profile/news/${live}`)).statusCode).toBe(200);
    const withdrawn = await admin.post(`/api/update-reports/${live}/withdraw`, { reason: 'Sent in error' });
    expect(data(withdrawn)).toMatchObject({ status: 'withdrawn', withdrawn_reason: 'Sent in error' });
    expect((await holderAgent.get(`/api/profile/news/${live}`)).statusCode).toBe(404);
  });
});

describe('files', () => {
  it('attaches files to a draft, lists them to investors once live, and makes PDFs', async () => {
    const id = await draft({ title: 'With files' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = multipartBody({}, { files: { name: 'deck.pdf', type: 'application/pdf', body: pdf } });
    const attached = await admin.request({
      method: 'POST',
      url: `/api/update-reports/${id}/attachments`,
      ...upload,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const [attachment] = data<UpdateReportDetail>(attached).attachments;
    expect(attachment).toMatchObject({ name: 'deck.pdf', mime_type: 'application/pdf', size: pdf.length });
    const file = await holderAgent.get(attachment?.url ?? '');
    expect(file.statusCode).toBe(200);

    const bad = multipartBody({}, { files: { name: 'x.png', type: 'image/png', body: Buffer.from('nope') } });
    expect(
      (await admin.request({ method: 'POST', url: `/api/update-reports/${id}/attachments`, ...bad }))
        .statusCode,
    ).toBe(422);

    const staffPdf = await admin.get(`/api/update-reports/${id}/pdf`);
    expect(staffPdf.statusCode).toBe(200);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    expect(staffPdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    expect((await admin.post(`/api/update-reports/${id}/publish`)).statusCode).toBe(200);
    const removal = await admin.delete(`/api/update-reports/${id}/attachments/${attachment?.id}`);
    expect(removal.statusCode).toBe(422);
    const item = data<NewsItem>(await holderAgent.get(`/api/profile/news/${id}`));
    expect(item.attachments.map((row) => row.name)).toEqual(['deck.pdf']);
    const investorPdf = await holderAgent.get(`/api/profile/news/${id}/pdf`);
    expect(investorPdf.statusCode).toBe(200);
    expect(investorPdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('deletes a draft with its attachments', async () => {
    const id = await draft();
    const deleted = await admin.delete(`/api/update-reports/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await admin.get(`/api/update-reports/${id}`)).statusCode).toBe(404);
  });
});
