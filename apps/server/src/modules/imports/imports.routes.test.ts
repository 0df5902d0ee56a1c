import ExcelJS from 'exceljs';
import { ROLES } from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, investorProfiles, leadStatuses, mailOutbox, users } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  await t.ctx.db.insert(leadStatuses).values({ name: 'Warm' });
});
afterAll(() => t.close());

type Import = {
  id: number;
  status: string;
  headers: string[];
  mapping: Record<string, string>;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  failed_count: number;
  row_errors: Array<{ row: number; errors: Record<string, string[]> }>;
};
const data = <T>(response: { body: string }) => (JSON.parse(response.body) as { data: T }).data;

async function upload(name: string, body: Buffer, type = 'text/csv', kind = 'investors') {
  const { payload, headers } = multipartBody({ kind }, { file: { name, type, body } });
  const response = await admin.post('/api/imports', payload, { headers });
  return response;
}

async function finished(id: number): Promise<Import> {
  for (let attempt = 0; attempt < 1700; attempt += 1) {
    const current = data<Import>(await admin.get(`/api/imports/${id}`));
    if (current.status !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('import did not finish');
}

/** A thousand investors, two of them broken: a bad email on row 101, a missing surname on row 502. */
function thousandRows() {
  const lines = ['First Name,Surname,E-mail,Phone,Lead status,Type'];
  for (let index = 1; index <= 1000; index += 1) {
    const email = index === 100 ? 'not-an-email' : `bulk${index}@example.test`;
    const last = index === 501 ? '' : `Bulk${index}`;
    lines.push(
      `Person${index},${last},${email},+44 7700 900${String(index % 1000).padStart(3, '0')},Warm,Sole trader`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

describe('importing investors from a CSV file', () => {
  let first: Import;

  it('reads the headings and maps the columns it recognises', async () => {
    const response = await upload('investors.csv', thousandRows());
    expect(response.statusCode, response.body).toBe(201);
    first = data<Import>(response);
    expect(first).toMatchObject({ status: 'preview', total_rows: 1000 });
    expect(first.headers).toEqual(['First Name', 'Surname', 'E-mail', 'Phone', 'Lead status', 'Type']);
    expect(first.mapping).toEqual({
      first_name: 'First Name',
      last_name: 'Surname',
      email: 'E-mail',
      phone: 'Phone',
      lead_status: 'Lead status',
      client_type: 'Type',
    });
  });

  it('previews every row without writing and reports the two bad ones', async () => {
    const preview = data<{
      valid_rows: number;
      invalid_rows: number;
      creates: number;
      rows: Array<{ row: number; errors: object }>;
    }>(await admin.get(`/api/imports/${first.id}/preview`));
    expect(preview).toMatchObject({ valid_rows: 998, invalid_rows: 2, creates: 998 });
    const bad = preview.rows.filter((row) => Object.keys(row.errors).length > 0);
    expect(bad).toEqual([
      {
        row: 101,
        values: expect.any(Object) as unknown,
        action: 'skip',
        errors: { email: ['The email field must be a valid email address.'] },
      },
      {
        row: 502,
        values: expect.any(Object) as unknown,
        action: 'skip',
        errors: { last_name: ['The last name field is required.'] },
      },
    ]);
    const [count] = await t.ctx.db
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(eq(users.role_id, 5));
    expect(count?.value).toBe(0);
  });

  // A thousand rows take ten seconds or so on the embedded database; more when the suite runs in parallel.
  it(
    'runs with progress, writes the good rows whole and reports the bad ones',
    { timeout: 180_000 },
    async () => {
      const started = await admin.post(`/api/imports/${first.id}/run`, { send_invitations: false });
      expect(started.statusCode).toBe(202);
      const done = await finished(first.id);
      expect(done).toMatchObject({
        status: 'completed',
        processed_rows: 1000,
        created_count: 998,
        updated_count: 0,
        failed_count: 2,
      });
      expect(done.row_errors.map((error) => error.row)).toEqual([101, 502]);
      const [created] = await t.ctx.db.select().from(users).where(eq(users.email, 'bulk7@example.test'));
      expect(created).toMatchObject({ name: 'Person7 Bulk7', role_id: ROLES.USER, password: null });
      const [profile] = await t.ctx.db
        .select()
        .from(investorProfiles)
        .where(eq(investorProfiles.user_id, created?.id ?? 0));
      expect(profile).toMatchObject({ client_type: 'soletrader', phone: '+44 7700 900007' });
      expect(profile?.lead_status_id).not.toBeNull();
      // No invitations were asked for.
      expect(
        await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'bulk7@example.test')),
      ).toHaveLength(0);
      const [half] = await t.ctx.db.select().from(users).where(eq(users.email, 'bulk501@example.test'));
      expect(half).toBeUndefined();
    },
  );

  it(
    'does not duplicate when the same file is imported again: it updates',
    { timeout: 180_000 },
    async () => {
      const again = data<Import>(await upload('investors.csv', thousandRows()));
      const preview = data<{ creates: number; updates: number }>(
        await admin.get(`/api/imports/${again.id}/preview`),
      );
      expect(preview).toMatchObject({ creates: 0, updates: 998 });
      await admin.post(`/api/imports/${again.id}/run`, {});
      const done = await finished(again.id);
      expect(done).toMatchObject({ created_count: 0, updated_count: 998, failed_count: 2 });
      const [count] = await t.ctx.db
        .select({ value: sql<number>`count(*)`.mapWith(Number) })
        .from(users)
        .where(eq(users.role_id, 5));
      expect(count?.value).toBe(998);
    },
  );
});

describe('importing contacts', () => {
  const file = () =>
    Buffer.from(
      [
        'First name,Last name,Email,Company,Lead status',
        'Cora,Contact,cora@contacts.test,Acme Ltd,warm',
        'Dev,Nomail,,Beta plc,',
        'Cora,Twice,CORA@contacts.test,Acme Ltd,',
        'Eve,Status,eve@contacts.test,,Frozen',
      ].join('\n'),
    );

  it('previews, creates and on a second run updates contacts, matched on email', async () => {
    const uploaded = data<Import>(await upload('contacts.csv', file(), 'text/csv', 'contacts'));
    expect(uploaded.mapping).toMatchObject({
      email: 'Email',
      company: 'Company',
      lead_status: 'Lead status',
    });
    const preview = data<{
      creates: number;
      updates: number;
      invalid_rows: number;
      rows: Array<{ row: number; errors: Record<string, string[]> }>;
    }>(await admin.get(`/api/imports/${uploaded.id}/preview`));
    expect(preview).toMatchObject({ creates: 2, updates: 0, invalid_rows: 2 });
    expect(preview.rows.find((row) => row.row === 4)?.errors.email?.[0]).toMatch(/earlier row/);
    expect(preview.rows.find((row) => row.row === 5)?.errors.lead_status?.[0]).toMatch(/Frozen/);

    await admin.post(`/api/imports/${uploaded.id}/run`, {});
    // The run reports exactly what the preview showed: the repeated email is not applied.
    expect(await finished(uploaded.id)).toMatchObject({
      created_count: 2,
      updated_count: 0,
      failed_count: 2,
    });
    const [cora] = await t.ctx.db.select().from(contacts).where(eq(contacts.email, 'cora@contacts.test'));
    expect(cora).toMatchObject({ name: 'Cora Contact', company: 'Acme Ltd' });

    const again = data<Import>(await upload('contacts.csv', file(), 'text/csv', 'contacts'));
    await admin.post(`/api/imports/${again.id}/run`, {});
    // Cora is matched on email; Dev has no email to match on, so a second Dev is created.
    expect(await finished(again.id)).toMatchObject({ created_count: 1, updated_count: 1, failed_count: 2 });
    const coras = await t.ctx.db.select().from(contacts).where(eq(contacts.email, 'cora@contacts.test'));
    expect(coras).toHaveLength(1);
  });
});

describe('other files and mistakes', () => {
  it('imports an Excel workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['first_name', 'last_name', 'email', 'date of birth']);
    sheet.addRow(['Xena', 'Excel', 'xena@example.test', new Date(Date.UTC(1980, 4, 17))]);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(
      'people.xlsx',
      body,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const created = data<Import>(response);
    expect(created.mapping).toMatchObject({
      first_name: 'first_name',
      email: 'email',
      date_of_birth: 'date of birth',
    });
    await admin.post(`/api/imports/${created.id}/run`, {});
    expect(await finished(created.id)).toMatchObject({ created_count: 1, failed_count: 0 });
    const investors = data<Array<{ email: string; date_of_birth: string | null }>>(
      await admin.get('/api/investors?filter[search]=xena'),
    );
    expect(investors[0]).toMatchObject({ email: 'xena@example.test', date_of_birth: '1980-05-17' });
  });

  it('refuses a file that is not CSV or Excel, an empty one, and a mapping that misses a required field', async () => {
    const pdf = await upload('x.pdf', Buffer.from('%PDF-1.4 nothing'));
    expect(JSON.parse(pdf.body)).toMatchObject({
      errors: { file: ['The file must be a CSV file or an Excel (XLSX) workbook.'] },
    });
    const empty = await upload('x.csv', Buffer.from('a,b,c\n'));
    expect(JSON.parse(empty.body)).toMatchObject({
      errors: { file: ['The file has a heading row but no data rows.'] },
    });
    const odd = data<Import>(await upload('odd.csv', Buffer.from('Name,Mail\nA,a@b.test\n')));
    const mapping = await admin.patch(`/api/imports/${odd.id}`, {
      mapping: { email: 'Mail', nonsense: 'Name' },
    });
    expect(JSON.parse(mapping.body)).toMatchObject({
      errors: {
        'mapping.nonsense': ['“nonsense” is not a field you can import.'],
        'mapping.first_name': ['Choose the column that holds first name.'],
        'mapping.last_name': ['Choose the column that holds last name.'],
      },
    });
  });

  it('refuses to turn a staff account into an investor', async () => {
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER, { email: 'staffer@example.test' });
    const file = data<Import>(
      await upload('s.csv', Buffer.from(`first_name,last_name,email\nS,T,${staff.email}\n`)),
    );
    const preview = data<{ rows: Array<{ errors: object }> }>(
      await admin.get(`/api/imports/${file.id}/preview`),
    );
    expect(preview.rows[0]?.errors).toEqual({ email: ['This email belongs to a staff account.'] });
  });

  it('keeps each staff member’s imports to themselves, and needs investors.create', async () => {
    const imports = data<Import[]>(await admin.get('/api/imports'));
    const other = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
    expect((await other.get(`/api/imports/${imports[0]?.id ?? 0}`)).statusCode).toBe(404);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await manager.get('/api/imports')).statusCode).toBe(403);
    const investor = await t.as(await createUser(t.ctx.db));
    expect((await investor.get('/api/imports')).statusCode).toBe(403);
  });
});

describe('running an import twice at once', () => {
  it('starts it once: one request answers 202, the others are told it already runs, and the counts are right', async () => {
    const lines = ['first_name,last_name,email'];
    for (let index = 1; index <= 30; index += 1) lines.push(`Race${index},Runner,race${index}@example.test`);
    const file = data<Import>(await upload('race.csv', Buffer.from(lines.join('\n'))));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/imports/${file.id}/run`, {})),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.statusCode !== 202))
      expect(JSON.parse(answer.body)).toMatchObject({
        errors: { id: ['This import has already been started; follow its progress instead.'] },
      });
    expect(await finished(file.id)).toMatchObject({
      status: 'completed',
      processed_rows: 30,
      created_count: 30,
      updated_count: 0,
      failed_count: 0,
      row_errors: [],
    });
    const [count] = await t.ctx.db
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(sql`${users.email} like 'race%@example.test'`);
    expect(count?.value).toBe(30);
  });
});
