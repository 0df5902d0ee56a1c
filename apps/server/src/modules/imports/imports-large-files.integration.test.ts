import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ROLES } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { multipartBody } from '../../test/files';
import { importPeople, XLSX_TYPE, xlsxOf } from '../../test/spreadsheets';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
});
afterAll(() => t.close());

const HEADINGS = ['First name', 'Last name', 'Email'];

function upload(name: string, body: Buffer, type = XLSX_TYPE) {
  const { payload, headers } = multipartBody({ kind: 'investors' }, { file: { name, type, body } });
  return admin.post('/api/imports', payload, { headers });
}

const fileErrors = (response: { body: string }) =>
  (JSON.parse(response.body) as { errors?: { file?: string[] } }).errors?.file;

describe('large import files', () => {
  it('keeps answering /health while it reads a workbook of the largest allowed size', async () => {
    const body = await xlsxOf([HEADINGS, ...importPeople(IMPORT_MAX_ROWS)]);
    let finished = false;
    const uploading = upload('largest.xlsx', body).finally(() => (finished = true));
    // Each probe goes out after the one before answered: one sent and answered while the file was
    // being read (on a worker thread) proves the read did not hold up the event loop.
    let answeredWhileReading = false;
    while (!finished && !answeredWhileReading) {
      const readingBefore = t.ctx.workers.active > 0;
      const health = await t.request({ url: '/health' });
      expect(health.statusCode).toBe(200);
      answeredWhileReading = readingBefore && t.ctx.workers.active > 0 && !finished;
      // An injected request answers within microtasks: give the upload's I/O its turn, as a socket would.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const response = await uploading;
    expect(response.statusCode, response.body).toBe(201);
    expect(JSON.parse(response.body)).toMatchObject({
      data: { total_rows: IMPORT_MAX_ROWS, headers: HEADINGS },
    });
    expect(answeredWhileReading).toBe(true);
    expect(t.ctx.workers.started).toBeGreaterThan(0);
  });

  it('refuses a workbook of 60,000 rows with the row limit, as a field error on the file', async () => {
    const response = await upload('too-long.xlsx', await xlsxOf([HEADINGS, ...importPeople(60_000)]));
    expect(response.statusCode).toBe(422);
    expect(fileErrors(response)).toEqual([
      'The file has more than 10,000 rows; import at most 10,000 at a time.',
    ]);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const line = 'Person,Bulk,someone@example.test\n';
    const body = Buffer.from(`${HEADINGS.join(',')}\n${line.repeat(IMPORT_MAX_BYTES / line.length + 1)}`);
    const response = await upload('huge.csv', body, 'text/csv');
    expect(response.statusCode).toBe(422);
    expect(fileErrors(response)).toEqual([
      'The file must not be larger than 10 MB: split it into smaller files.',
    ]);
  });

  it('answers a damaged workbook with a field error, and reads the next file as before', async () => {
    const good = await xlsxOf([HEADINGS, ...importPeople(3)]);
    // The start of a real workbook, cut off: a ZIP that names xl/ parts but ends mid-entry.
    const damaged = good.subarray(0, Math.floor(good.length / 2));
    const response = await upload('damaged.xlsx', damaged);
    expect(response.statusCode).toBe(422);
    expect(fileErrors(response)?.[0]).toMatch(/^The file could not be read/);
    const next = await upload('good.xlsx', good);
    expect(next.statusCode, next.body).toBe(201);
  });
});
