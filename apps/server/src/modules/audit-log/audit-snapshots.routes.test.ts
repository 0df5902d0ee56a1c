import { ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskAccount } from '../../platform/audit/audit';
import { createStaff } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/*
 * Issue 21, "Complete snapshots": each change is read back through GET /api/audit-log with what it was
 * before and what it became — an opportunity's description and content items, the branding's regulated
 * texts, bank details (masked but for their last four characters), an import's upload, mapping and run,
 * and a staff member's role.
 */

let t: TestApp;
let admin: Agent;

type Row = Record<string, unknown>;
type Entry = {
  action: string;
  subject_type: string;
  subject_id: number | null;
  description: string;
  before: Row | null;
  after: Row | null;
  actor: { id: number } | null;
};
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = (response: { body: string }) => json<{ data: Row }>(response).data;

/** The audit log's rows about one record (or one kind), newest first, as the compliance screen reads them. */
async function rowsOf(subjectType: string, subjectId?: number, action?: string): Promise<Entry[]> {
  const query = [
    `filter[subject_type]=${subjectType}`,
    ...(subjectId === undefined ? [] : [`filter[subject_id]=${subjectId}`]),
    ...(action === undefined ? [] : [`filter[action]=${action}`]),
    'per_page=100',
  ].join('&');
  const response = await admin.get(`/api/audit-log?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Entry[] }>(response).data;
}

async function latest(subjectType: string, subjectId: number | undefined, action: string) {
  const [row] = await rowsOf(subjectType, subjectId, action);
  if (!row) throw new Error(`no ${action} row`);
  return row;
}

async function opportunity(name: string) {
  const response = await admin.post('/api/opportunities', {
    name,
    company_name: `${name} Ltd`,
    target_amount: '250000',
    maximum_amount: '400000.00',
    minimum_investment: '1000',
    share_price: '1.25',
    closing_date: '2031-03-31',
    tax_relief: 'eis',
    description: '<p>The first wording.</p>',
  });
  expect(response.statusCode, response.body).toBe(201);
  return Number(data(response).id);
}

const put = (url: string, payload: unknown) =>
  admin.request({ method: 'PUT', url, payload: payload as string });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Audit Admin' }));
});
afterAll(() => t.close());

describe('maskAccount', () => {
  it('keeps only the last four characters, behind a mask that never tells the length', () => {
    expect(maskAccount('12345678')).toBe('••••5678');
    expect(maskAccount('12-34-56')).toBe('••••3456');
    expect(maskAccount('GB29 NWBK 6016 1331 9268 19')).toBe('••••6819');
    expect(maskAccount('1234')).toBe('••••');
    expect(maskAccount(null)).toBeNull();
  });
});

describe("an opportunity's description and content", () => {
  it('records a change of the description alone, before and after in full', async () => {
    const id = await opportunity('Wording Co');
    const long = `<p>${'Regulated wording. '.repeat(500)}</p>`;
    const response = await admin.patch(`/api/opportunities/${id}`, { description: long });
    expect(response.statusCode, response.body).toBe(200);
    const row = await latest('opportunity', id, 'opportunity.updated');
    expect(row.before).toEqual({ description: '<p>The first wording.</p>' });
    expect(row.after?.description).toBe(data(await admin.get(`/api/opportunities/${id}`)).description);
    expect(String(row.after?.description)).toContain('Regulated wording. Regulated wording.');
    expect(String(row.after?.description).length).toBeGreaterThan(9000);
    expect(row.description).toBe('Details changed: Description');
    // the same description again changes nothing and writes nothing
    await admin.patch(`/api/opportunities/${id}`, { description: long });
    expect(await rowsOf('opportunity', id, 'opportunity.updated')).toHaveLength(1);
  });

  it('records each content item added, changed, reordered and removed with its values', async () => {
    const id = await opportunity('Content Snapshot Co');
    const base = `/api/opportunities/${id}`;
    const first = data(await admin.post(`${base}/key-points`, { text: 'Patented motor' }));
    const second = data(await admin.post(`${base}/key-points`, { text: 'Revenue of £2m' }));
    await admin.patch(`${base}/key-points/${String(first.id)}`, { text: 'Two patented motors' });
    await put(`${base}/key-points/order`, { ids: [second.id, first.id] });
    await admin.delete(`${base}/key-points/${String(second.id)}`);

    const faq = data(await admin.post(`${base}/faqs`, { question: 'Is it EIS?', answer: 'Not yet.' }));
    await admin.patch(`${base}/faqs/${String(faq.id)}`, { answer: 'Yes: advance assurance received.' });

    const member = await admin.request({
      method: 'POST',
      url: `${base}/team-members`,
      ...multipartBody(
        { name: 'Ada Lovelace', role: 'CEO', bio: 'Founded the company.' },
        { photo: { name: 'ada.png', type: 'image/png', body: PNG_1PX } },
      ),
    });
    expect(member.statusCode, member.body).toBe(201);
    await admin.patch(`${base}/team-members/${String(data(member).id)}`, {
      bio: 'Founded the company; twenty years in robotics.',
    });

    const image = await admin.request({
      method: 'POST',
      url: `${base}/gallery`,
      ...multipartBody(
        { caption: 'Factory' },
        { image: { name: 'f.png', type: 'image/png', body: PNG_1PX } },
      ),
    });
    expect(image.statusCode, image.body).toBe(201);
    await admin.patch(`${base}/gallery/${String(data(image).id)}`, { caption: 'The new factory' });

    const date = data(await admin.post(`${base}/key-dates`, { date: '2031-01-15', label: 'Closing call' }));
    await admin.patch(`${base}/key-dates/${String(date.id)}`, { date: '2031-02-01' });

    const rows = await rowsOf('opportunity', id, 'opportunity.content_');
    const find = (action: string, section: string, index = 0) => {
      const found = rows.filter(
        (row) => row.action === action && (row.after?.section ?? row.before?.section) === section,
      );
      const row = found[index];
      if (!row) throw new Error(`no ${action} of ${section}`);
      return row;
    };

    expect(find('opportunity.content_added', 'key_points', 1).after).toEqual({
      section: 'key_points',
      item_id: first.id,
      title: 'Patented motor',
      text: 'Patented motor',
    });
    const changedPoint = find('opportunity.content_changed', 'key_points');
    expect(changedPoint.before).toMatchObject({ item_id: first.id, text: 'Patented motor' });
    expect(changedPoint.after).toMatchObject({ item_id: first.id, text: 'Two patented motors' });
    const reordered = find('opportunity.content_reordered', 'key_points');
    expect(reordered.before).toMatchObject({ ids: [first.id, second.id] });
    expect(reordered.after).toMatchObject({
      ids: [second.id, first.id],
      items: [
        { item_id: second.id, title: 'Revenue of £2m' },
        { item_id: first.id, title: 'Two patented motors' },
      ],
    });
    expect(find('opportunity.content_removed', 'key_points').before).toMatchObject({
      item_id: second.id,
      text: 'Revenue of £2m',
    });

    const answered = find('opportunity.content_changed', 'faqs');
    expect(answered.before).toMatchObject({ question: 'Is it EIS?', answer: 'Not yet.' });
    expect(answered.after).toMatchObject({
      question: 'Is it EIS?',
      answer: 'Yes: advance assurance received.',
    });
    expect(answered.description).toBe('FAQ changed: “Is it EIS?” (Answer)');

    const bio = find('opportunity.content_changed', 'team_members');
    expect(bio.before).toMatchObject({ name: 'Ada Lovelace', role: 'CEO', bio: 'Founded the company.' });
    expect(bio.after).toMatchObject({ bio: 'Founded the company; twenty years in robotics.' });
    expect(String(bio.after?.photo_url)).toMatch(/^\/files\/opportunity-images\//);

    const caption = find('opportunity.content_changed', 'gallery');
    expect(caption.before).toMatchObject({ caption: 'Factory' });
    expect(caption.after).toMatchObject({ caption: 'The new factory' });
    expect(String(caption.after?.image_url)).toMatch(/^\/files\/opportunity-images\//);

    const moved = find('opportunity.content_changed', 'key_dates');
    expect(moved.before).toMatchObject({ date: '2031-01-15', label: 'Closing call' });
    expect(moved.after).toMatchObject({ date: '2031-02-01', label: 'Closing call' });
  });
});

describe('a deleted record', () => {
  it('keeps the whole record in its deletion row, bank details masked, readable once the record is gone', async () => {
    const id = await opportunity('Short Lived Co');
    expect(
      (
        await put(`/api/opportunities/${id}/bank-details`, {
          bank_account_name: 'Client Account',
          bank_sort_code: '40-11-22',
          bank_account_number: '55556666',
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.delete(`/api/opportunities/${id}`)).statusCode).toBe(204);
    const row = await latest('opportunity', id, 'opportunity.deleted');
    expect(row.before).toMatchObject({
      id,
      name: 'Short Lived Co',
      company_name: 'Short Lived Co Ltd',
      description: '<p>The first wording.</p>',
      maximum_amount: '400000.00',
      share_price: '1.250000',
    });
    expect(JSON.stringify(row.before)).not.toContain('55556666');
  });
});

describe("the branding's regulated texts", () => {
  it('records the risk-warning, terms and market-sounding texts whole, before and after', async () => {
    const risk =
      `Don’t invest unless you’re prepared to lose all the money you invest. ${'More detail. '.repeat(800)}`.trim();
    const first = await admin.patch('/api/branding/1', { risk_warning_text: 'The first risk summary.' });
    expect(first.statusCode, first.body).toBe(200);
    const response = await admin.patch('/api/branding/1', {
      risk_warning_text: risk,
      terms_text: 'Terms, version two.',
      market_sounding_description: 'You will receive inside information about a possible deal.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await latest('branding', 1, 'branding.updated');
    expect(row.before).toMatchObject({ risk_warning_text: 'The first risk summary.' });
    expect(row.after).toMatchObject({
      risk_warning_text: risk,
      terms_text: 'Terms, version two.',
      market_sounding_description: 'You will receive inside information about a possible deal.',
    });
    expect(String(row.after?.risk_warning_text)).toHaveLength(risk.length);
    expect(row.description).toBe(
      'Changed the branding: Terms and conditions text, Risk warning text, Market sounding wording',
    );
  });
});

describe('bank details, masked but for their last four characters', () => {
  it("keeps an investor's bank details masked, even while the admin hides them", async () => {
    const created = await admin.post('/api/investors', {
      first_name: 'Bank',
      last_name: 'Holder',
      email: 'bank.holder@example.test',
      bank_account_name: 'B Holder',
      bank_sort_code: '12-34-56',
      bank_account_number: '12345678',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(data(created).id);
    expect((await latest('investor', id, 'investor.created')).after).toMatchObject({
      bank_account_name: 'B Holder',
      bank_sort_code: '••••3456',
      bank_account_number: '••••5678',
    });

    await admin.patch('/api/features', { enableHideBankAdmin: true });
    try {
      const changed = await admin.patch(`/api/investors/${id}`, { bank_account_number: '87654321' });
      expect(changed.statusCode, changed.body).toBe(200);
    } finally {
      await admin.patch('/api/features', { enableHideBankAdmin: false });
    }
    const row = await latest('investor', id, 'investor.updated');
    expect(row.before).toMatchObject({ bank_account_number: '••••5678' });
    expect(row.after).toMatchObject({ bank_account_number: '••••4321' });
    const raw = JSON.stringify(await rowsOf('investor', id));
    expect(raw).not.toContain('12345678');
    expect(raw).not.toContain('87654321');
    expect(raw).not.toContain('123456');
  });

  it("keeps an opportunity's bank details masked, with the fields changed", async () => {
    await admin.patch('/api/features', { enableInternationalBank: true });
    const id = await opportunity('Bank Details Co');
    const url = `/api/opportunities/${id}/bank-details`;
    const first = await put(url, {
      bank_account_name: 'Client Account',
      bank_sort_code: '40-11-22',
      bank_account_number: '11112222',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put(url, {
      bank_account_number: '33334444',
      bank_iban: 'GB29NWBK60161331926819',
      bank_swift: 'NWBKGB2L',
    });
    expect(second.statusCode, second.body).toBe(200);
    const row = await latest('opportunity', id, 'opportunity.bank_details_changed');
    expect(row.before).toEqual({ bank_account_number: '••••2222', bank_iban: null, bank_swift: null });
    expect(row.after).toEqual({
      fields: ['bank_account_number', 'bank_iban', 'bank_swift'],
      bank_account_number: '••••4444',
      bank_iban: '••••6819',
      bank_swift: '••••GB2L',
    });
    const raw = JSON.stringify(await rowsOf('opportunity', id));
    for (const secret of ['11112222', '33334444', 'GB29NWBK', '401122']) expect(raw).not.toContain(secret);
  });
});

describe('an import', () => {
  it('records the upload, the mapping chosen and the run with its counts', async () => {
    const file = Buffer.from(
      ['Given,Family,Mail', 'Ivy,Import,ivy.import@example.test', 'Bad,Row,not-an-email'].join('\n'),
    );
    const { payload, headers } = multipartBody(
      { kind: 'investors' },
      { file: { name: 'people.csv', type: 'text/csv', body: file } },
    );
    const uploaded = await admin.post('/api/imports', payload, { headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = Number(data(uploaded).id);
    const mapping = { first_name: 'Given', last_name: 'Family', email: 'Mail' };
    const mapped = await admin.patch(`/api/imports/${id}`, { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await admin.post(`/api/imports/${id}/run`, {})).statusCode).toBe(202);
    for (let attempt = 0; attempt < 300; attempt += 1) {
      if (data(await admin.get(`/api/imports/${id}`)).status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const rows = await rowsOf('import', id);
    expect(rows.map((row) => row.action)).toEqual([
      'import.completed',
      'import.started',
      'import.mapped',
      'import.uploaded',
    ]);
    const [completed, started, chosen, upload] = rows;
    expect(upload?.after).toMatchObject({
      kind: 'investors',
      file_name: 'people.csv',
      size_bytes: file.length,
      total_rows: 2,
      uploaded_by: { name: 'Audit Admin' },
    });
    expect(upload?.actor).not.toBeNull();
    expect(chosen?.after).toMatchObject({
      mapping,
      columns: [
        { column: 'Given', field: 'first_name' },
        { column: 'Family', field: 'last_name' },
        { column: 'Mail', field: 'email' },
      ],
    });
    expect(chosen?.description).toBe(
      'Mapped the columns of “people.csv”: Given → first_name, Family → last_name, Mail → email',
    );
    expect(started?.after).toMatchObject({ status: 'running', mapping, send_invitations: false });
    expect(completed?.after).toMatchObject({
      status: 'completed',
      processed_rows: 2,
      created: 1,
      updated: 0,
      failed: 1,
    });
    expect(completed?.after?.finished_at).toEqual(expect.any(String));
    expect(completed?.description).toBe(
      'Imported investors from “people.csv”: 1 created, 0 updated, 1 failed',
    );
  });
});

describe("a staff member's role", () => {
  it('records the role by id and name, and says who went from what to what', async () => {
    const colleague = await createStaff(t.ctx.db, ROLES.SUPPORT, { name: 'Sam Support' });
    const response = await admin.patch(`/api/admin-accounts/${colleague.id}`, { role_id: ROLES.SUPER_ADMIN });
    expect(response.statusCode, response.body).toBe(200);
    const row = await latest('user', colleague.id, 'staff.updated');
    expect(row.before).toMatchObject({ role_id: ROLES.SUPPORT, role_name: 'Support' });
    expect(row.after).toMatchObject({ role_id: ROLES.SUPER_ADMIN, role_name: 'Super Admin' });
    expect(row.description).toBe('Changed Sam Support’s role from Support to Super Admin');
  });
});

describe('notes, calls and tasks (found by the scan: rows kept only ids)', () => {
  it('keeps what a note said, what a deleted call was and what a deleted task asked', async () => {
    const id = await opportunity('Engaged Co');
    const base = `/api/opportunities/${id}`;
    expect(
      (await admin.post(`${base}/notes`, { body: 'The founder wants a lower valuation' })).statusCode,
    ).toBe(201);
    const call = await admin.post(`${base}/calls`, {
      occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
      duration_minutes: 20,
      outcome: 'connected',
      summary: 'Term sheet discussed',
    });
    expect(call.statusCode, call.body).toBe(201);
    expect((await admin.delete(`${base}/calls/${String(data(call).id)}`)).statusCode).toBe(204);
    const task = await admin.post(`${base}/tasks`, {
      title: 'Chase the side letter',
      description: 'By Friday',
    });
    expect(task.statusCode, task.body).toBe(201);
    expect((await admin.delete(`${base}/tasks/${String(data(task).id)}`)).statusCode).toBe(204);

    expect((await latest('opportunity', id, 'note.added')).after).toMatchObject({
      body: 'The founder wants a lower valuation',
    });
    expect((await latest('opportunity', id, 'call.deleted')).before).toMatchObject({
      outcome: 'connected',
      duration_minutes: 20,
      summary: 'Term sheet discussed',
    });
    expect((await latest('opportunity', id, 'task.deleted')).before).toMatchObject({
      title: 'Chase the side letter',
      description: 'By Friday',
      done: false,
    });
  });
});
