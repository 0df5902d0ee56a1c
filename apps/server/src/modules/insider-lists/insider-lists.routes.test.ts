import { can, ROLE_IDS, ROLES, STAFF_ROLE_IDS } from '@portico/contracts';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  insiderListEntries,
  insiderLists,
  investorProfiles,
  marketSoundingEvents,
  marketSoundingRecipients,
  marketSoundings,
  pipelineDeals,
  pipelines,
  pipelineStages,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * MAR Article 18 insider lists (issue 21): a list per deal or opportunity and the permanent section, for roles
 * with the compliance permission while market soundings are on; entries versioned (the database refuses every
 * UPDATE and DELETE), the current entry the newest version, sounded investors derived from accepted soundings
 * until cleansed, and the Excel export in the template's layout.
 */

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let staffer: UserRow;
let ivy: UserRow;
let dealId: number;
let otherDealId: number;

type Errors = { message: string; errors: Record<string, string[]> };
type Entry = Record<string, unknown> & { entry_id: number | null; version: number | null; source: string };
type List = {
  type: string;
  id: number;
  name: string;
  created_at: string | null;
  last_update_at: string | null;
  entries: Entry[];
};
type Summary = { type: string; id: number; name: string; insiders_count: number; created_at: string | null };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;

const base = {
  function_reason: 'Deal team: prepares the term sheet',
  obtained_at: '2026-01-05T09:30:00Z',
};

async function switchSoundings(on: boolean) {
  const response = await admin.patch('/api/features', { enableMarketSounding: on });
  if (response.statusCode !== 200) throw new Error(response.body);
}

async function newDeal(name: string) {
  const [pipeline] = await t.ctx.db
    .insert(pipelines)
    .values({ name: `Pipeline ${name}` })
    .returning();
  if (!pipeline) throw new Error('no pipeline');
  const [stage] = await t.ctx.db
    .insert(pipelineStages)
    .values({ pipeline_id: pipeline.id, name: 'Sourced' })
    .returning();
  if (!stage) throw new Error('no stage');
  const [deal] = await t.ctx.db
    .insert(pipelineDeals)
    .values({ pipeline_id: pipeline.id, stage_id: stage.id, name, company_name: `${name} Ltd` })
    .returning();
  if (!deal) throw new Error('no deal');
  return deal.id;
}

async function addEntry(path: string, body: Record<string, unknown>) {
  const response = await admin.post(`/api/insider-lists/${path}/entries`, body);
  if (response.statusCode !== 201) throw new Error(response.body);
  return data<Entry>(response);
}

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  admin = await t.as(adminUser);
  staffer = await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER, { name: 'Sam Ward Staffer' });
  ivy = await createUser(t.ctx.db, { name: 'Ivy Investor' });
  await t.ctx.db.insert(investorProfiles).values({
    user_id: ivy.id,
    first_name: 'Ivy Rose',
    last_name: 'Investor',
    phone: '+44 7700 900123',
    date_of_birth: '1980-05-17',
    ni_number: 'QQ123456C',
    address_line_1: '1 High Street',
    city: 'Bath',
    postcode: 'BA1 1AA',
    country: 'GB',
  });
  dealId = await newDeal('Falcon');
  otherDealId = await newDeal('Heron');
  await switchSoundings(true);
});
afterAll(() => t.close());

describe('opening a list', () => {
  it('opens a deal’s list (created now, audited) and answers 422 to a second one', async () => {
    const response = await admin.post('/api/insider-lists', { deal_id: dealId });
    expect(response.statusCode).toBe(201);
    expect(data<Summary>(response)).toMatchObject({
      type: 'deal',
      id: dealId,
      name: 'Falcon (Falcon Ltd)',
      insiders_count: 0,
    });
    const again = await admin.post('/api/insider-lists', { deal_id: dealId });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors.deal_id).toEqual(['This deal already has an insider list.']);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'insider_list.opened'), eq(auditLog.actor_id, adminUser.id)));
    expect(audits).toHaveLength(1);
  });

  it('answers 422 to neither, both, or a deal or opportunity that does not exist', async () => {
    expect(json<Errors>(await admin.post('/api/insider-lists', {})).errors.deal_id).toBeDefined();
    const opportunity = await createOpportunity(t.ctx.db, { status: 1 });
    const both = await admin.post('/api/insider-lists', {
      deal_id: otherDealId,
      opportunity_id: opportunity.id,
    });
    expect(both.statusCode).toBe(422);
    const missing = await admin.post('/api/insider-lists', { opportunity_id: 999_999_999 });
    expect(missing.statusCode).toBe(422);
    expect(json<Errors>(missing).errors.opportunity_id).toEqual(['The selected opportunity does not exist.']);
    expect((await admin.post('/api/insider-lists', { opportunity_id: opportunity.id })).statusCode).toBe(201);
  });

  it('answers 404 for the entries of a deal without a list', async () => {
    const response = await admin.post(`/api/insider-lists/deal/${otherDealId}/entries`, {
      ...base,
      first_names: 'A',
      surnames: 'B',
    });
    expect(response.statusCode).toBe(404);
    expect((await admin.get(`/api/insider-lists/deal/${otherDealId}`)).statusCode).toBe(404);
  });
});

describe('entries', () => {
  it('adds a staff member, an investor (fields from their profile) and anyone typed in', async () => {
    const staff = await addEntry(`deal/${dealId}`, {
      ...base,
      user_id: staffer.id,
      professional_phones: '020 7946 0000',
    });
    expect(staff).toMatchObject({
      version: 1,
      source: 'manual',
      person_kind: 'staff',
      first_names: 'Sam Ward',
      surnames: 'Staffer',
      obtained_at: '2026-01-05T09:30:00.000000Z',
      ceased_at: null,
      created_by: { id: adminUser.id, name: 'Ada Admin' },
    });
    expect(staff.entry_id).toEqual(expect.any(Number));
    const investor = await addEntry(`deal/${dealId}`, { ...base, investor_id: ivy.id });
    expect(investor).toMatchObject({
      person_kind: 'investor',
      first_names: 'Ivy Rose',
      surnames: 'Investor',
      date_of_birth: '1980-05-17',
      national_id: 'QQ123456C',
      personal_phones: '+44 7700 900123',
      personal_address: '1 High Street, Bath, BA1 1AA, GB',
    });
    const lawyer = await addEntry(`deal/${dealId}`, {
      ...base,
      first_names: 'Lena',
      surnames: 'Lawyer',
      birth_surnames: 'Smith',
      company_name_address: 'Law LLP, 1 Fleet Street, London',
      function_reason: 'External counsel',
    });
    expect(lawyer).toMatchObject({ person_kind: 'other', birth_surnames: 'Smith' });

    const list = data<List>(await admin.get(`/api/insider-lists/deal/${dealId}`));
    expect(list.entries.map((entry) => entry.surnames).sort()).toEqual(['Investor', 'Lawyer', 'Staffer']);
    expect(list.created_at).not.toBeNull();
    const index = data<{ lists: Summary[] }>(await admin.get('/api/insider-lists'));
    expect(
      index.lists.find((summary) => summary.type === 'deal' && summary.id === dealId)?.insiders_count,
    ).toBe(3);
  });

  it('answers 422 with field errors', async () => {
    const empty = await admin.post(`/api/insider-lists/deal/${dealId}/entries`, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(empty).errors).sort()).toEqual(
      expect.arrayContaining(['function_reason', 'obtained_at']),
    );
    const unnamed = await admin.post(`/api/insider-lists/deal/${dealId}/entries`, base);
    expect(Object.keys(json<Errors>(unnamed).errors).sort()).toEqual(['first_names', 'surnames']);
    const future = await admin.post(`/api/insider-lists/deal/${dealId}/entries`, {
      ...base,
      first_names: 'A',
      surnames: 'B',
      obtained_at: '2999-01-01T00:00:00Z',
      ceased_at: '2020-01-01T00:00:00Z',
      date_of_birth: 'yesterday',
    });
    expect(future.statusCode).toBe(422);
    expect(json<Errors>(future).errors.date_of_birth).toBeDefined();
    const backwards = await admin.post(`/api/insider-lists/deal/${dealId}/entries`, {
      ...base,
      first_names: 'A',
      surnames: 'B',
      ceased_at: '2026-01-01T00:00:00Z',
    });
    expect(json<Errors>(backwards).errors.ceased_at).toEqual(['Access cannot cease before it was obtained.']);
    const ancient = await admin.post(`/api/insider-lists/deal/${dealId}/entries`, {
      ...base,
      first_names: 'A',
      surnames: 'B',
      obtained_at: '0000-01-01T00:00:00Z',
      date_of_birth: '0000-01-01',
    });
    expect(ancient.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(ancient).errors).sort()).toEqual(['date_of_birth', 'obtained_at']);
    const investorAsStaff = await admin.post(`/api/insider-lists/deal/${dealId}/entries`, {
      ...base,
      user_id: ivy.id,
    });
    expect(json<Errors>(investorAsStaff).errors.user_id).toEqual([
      'The selected staff member does not exist.',
    ]);
    const twice = await admin.post(`/api/insider-lists/deal/${dealId}/entries`, {
      ...base,
      user_id: staffer.id,
    });
    expect(json<Errors>(twice).errors.user_id).toEqual([
      'This person is already on the list: amend their entry instead.',
    ]);
  });

  it('amends and ceases by new versions: the current entry is the newest, the history keeps each', async () => {
    const entry = await addEntry(`deal/${dealId}`, { ...base, first_names: 'Vera', surnames: 'Version' });
    const entryId = entry.entry_id as number;
    const amended = await admin.post(`/api/insider-lists/entries/${entryId}/versions`, {
      function_reason: 'Deal team lead',
      personal_phones: '07700 900999',
    });
    expect(amended.statusCode).toBe(201);
    expect(data<Entry>(amended)).toMatchObject({
      entry_id: entryId,
      version: 2,
      function_reason: 'Deal team lead',
    });
    const ceased = await admin.post(`/api/insider-lists/entries/${entryId}/versions`, {
      ceased_at: '2026-02-01T17:00:00Z',
    });
    expect(data<Entry>(ceased)).toMatchObject({
      version: 3,
      function_reason: 'Deal team lead',
      personal_phones: '07700 900999',
      ceased_at: '2026-02-01T17:00:00.000000Z',
    });

    const history = data<Entry[]>(await admin.get(`/api/insider-lists/entries/${entryId}/versions`));
    expect(history.map((version) => [version.version, version.function_reason, version.ceased_at])).toEqual([
      [1, base.function_reason, null],
      [2, 'Deal team lead', null],
      [3, 'Deal team lead', '2026-02-01T17:00:00.000000Z'],
    ]);
    const list = data<List>(await admin.get(`/api/insider-lists/deal/${dealId}`));
    const current = list.entries.filter((row) => row.entry_id === entryId);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ version: 3, ceased_at: '2026-02-01T17:00:00.000000Z' });
    const rows = await t.ctx.db
      .select()
      .from(insiderListEntries)
      .where(eq(insiderListEntries.entry_id, entryId));
    expect(rows).toHaveLength(3);
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject_type, 'insider_list'),
          sql`${auditLog.after}->>'entry_id' = ${String(entryId)}`,
        ),
      );
    expect(actions.map((row) => row.action)).toEqual([
      'insider_list.entry_added',
      'insider_list.entry_amended',
      'insider_list.entry_ceased',
    ]);
  });

  it('answers 422 to a version that changes nothing or ceases before access, and 404 to an unknown entry', async () => {
    const entry = await addEntry(`deal/${dealId}`, { ...base, first_names: 'Nora', surnames: 'Nochange' });
    const same = await admin.post(`/api/insider-lists/entries/${entry.entry_id}/versions`, {
      function_reason: base.function_reason,
    });
    expect(same.statusCode).toBe(422);
    expect(json<Errors>(same).errors.entry).toBeDefined();
    const early = await admin.post(`/api/insider-lists/entries/${entry.entry_id}/versions`, {
      ceased_at: '2025-12-31T00:00:00Z',
    });
    expect(json<Errors>(early).errors.ceased_at).toEqual(['Access cannot cease before it was obtained.']);
    expect(
      (await admin.post('/api/insider-lists/entries/999999999/versions', { surnames: 'X' })).statusCode,
    ).toBe(404);
    expect((await admin.get('/api/insider-lists/entries/999999999/versions')).statusCode).toBe(404);
  });
});

describe('at the same time', () => {
  it('writes versions sent at once one after the other, or answers 422 to the loser: never a gap, never 500', async () => {
    const entry = await addEntry(`deal/${dealId}`, { ...base, first_names: 'Cora', surnames: 'Concurrent' });
    const responses = await Promise.all(
      ['First amendment', 'Second amendment', 'Third amendment'].map((function_reason) =>
        admin.post(`/api/insider-lists/entries/${entry.entry_id}/versions`, { function_reason }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 422)).toBe(true);
    for (const response of responses.filter((candidate) => candidate.statusCode === 422))
      expect(json<Errors>(response).errors.entry).toEqual([
        'This entry was changed meanwhile: reload it and try again.',
      ]);
    const rows = await t.ctx.db
      .select()
      .from(insiderListEntries)
      .where(eq(insiderListEntries.entry_id, entry.entry_id as number));
    const written = statuses.filter((status) => status === 201).length;
    expect(rows.map((row) => row.version).sort()).toEqual(
      Array.from({ length: written + 1 }, (_, index) => index + 1),
    );
  });

  it('adds a person once when they are added twice at once', async () => {
    const twin = await createStaff(t.ctx.db, ROLES.SUPPORT, { name: 'Tam Twice' });
    const responses = await Promise.all(
      [1, 2].map(() =>
        admin.post(`/api/insider-lists/deal/${dealId}/entries`, { ...base, user_id: twin.id }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422]);
    const rows = await t.ctx.db
      .select()
      .from(insiderListEntries)
      .where(eq(insiderListEntries.user_id, twin.id));
    expect(rows).toHaveLength(1);
  });
});

describe('kept for good (MAR Art. 18)', () => {
  it('the database refuses to update or delete an entry or a list', async () => {
    const entry = await addEntry(`deal/${dealId}`, { ...base, first_names: 'Kay', surnames: 'Kept' });
    const id = entry.entry_id as number;
    await expect(
      t.ctx.db
        .update(insiderListEntries)
        .set({ surnames: 'Changed' })
        .where(eq(insiderListEntries.entry_id, id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db
        .update(insiderListEntries)
        .set({ ceased_at: new Date() })
        .where(eq(insiderListEntries.entry_id, id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.delete(insiderListEntries).where(eq(insiderListEntries.entry_id, id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(insiderLists).where(eq(insiderLists.deal_id, dealId))).rejects.toThrow();
    const [row] = await t.ctx.db.select().from(insiderListEntries).where(eq(insiderListEntries.entry_id, id));
    expect(row?.surnames).toBe('Kept');
  });

  it('the database refuses a version that does not follow the newest one', async () => {
    const entry = await addEntry(`deal/${dealId}`, { ...base, first_names: 'Gus', surnames: 'Gap' });
    const [row] = await t.ctx.db
      .select()
      .from(insiderListEntries)
      .where(eq(insiderListEntries.entry_id, entry.entry_id as number));
    if (!row) throw new Error('no row');
    const { id: _id, ...copy } = row;
    await expect(t.ctx.db.insert(insiderListEntries).values({ ...copy, version: 3 })).rejects.toThrow();
    await expect(
      t.ctx.db.insert(insiderListEntries).values({ ...copy, version: 2, user_id: staffer.id }),
    ).rejects.toThrow();
  });

  it('keeps a deleted staff member’s entry, names and all', async () => {
    const leaver = await createStaff(t.ctx.db, ROLES.SUPPORT, { name: 'Lee Leaver' });
    const entry = await addEntry(`deal/${dealId}`, { ...base, user_id: leaver.id });
    await t.ctx.db.execute(sql`delete from users where id = ${leaver.id}`);
    const history = data<Entry[]>(await admin.get(`/api/insider-lists/entries/${entry.entry_id}/versions`));
    expect(history[0]).toMatchObject({ user_id: null, first_names: 'Lee', surnames: 'Leaver' });
  });
});

describe('sounded investors', () => {
  it('are insiders from accepting a sounding until it is cleansed, until staff add their own entry', async () => {
    const dealOfSounding = await newDeal('Osprey');
    expect((await admin.post('/api/insider-lists', { deal_id: dealOfSounding })).statusCode).toBe(201);
    const [sounding] = await t.ctx.db
      .insert(marketSoundings)
      .values({
        deal_id: dealOfSounding,
        summary: 'Series A',
        wording: 'Inside information',
        created_by: adminUser.id,
      })
      .returning();
    if (!sounding) throw new Error('no sounding');
    const declined = await createUser(t.ctx.db, { name: 'Dee Decliner' });
    await t.ctx.db.insert(marketSoundingRecipients).values([
      { sounding_id: sounding.id, user_id: ivy.id },
      { sounding_id: sounding.id, user_id: declined.id },
    ]);
    await t.ctx.db.insert(marketSoundingEvents).values([
      { sounding_id: sounding.id, user_id: ivy.id, kind: 'invited' },
      {
        sounding_id: sounding.id,
        user_id: ivy.id,
        kind: 'accepted',
        wording: 'Inside information',
        created_at: new Date('2026-03-02T10:00:00Z'),
      },
      { sounding_id: sounding.id, user_id: declined.id, kind: 'declined', wording: 'Inside information' },
    ]);

    const path = `/api/insider-lists/deal/${dealOfSounding}`;
    let list = data<List>(await admin.get(path));
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0]).toMatchObject({
      source: 'sounding',
      entry_id: null,
      investor_id: ivy.id,
      sounding_id: sounding.id,
      first_names: 'Ivy Rose',
      surnames: 'Investor',
      date_of_birth: '1980-05-17',
      personal_address: '1 High Street, Bath, BA1 1AA, GB',
      obtained_at: '2026-03-02T10:00:00.000000Z',
      ceased_at: null,
    });
    let index = data<{ lists: Summary[] }>(await admin.get('/api/insider-lists'));
    expect(
      index.lists.find((summary) => summary.type === 'deal' && summary.id === dealOfSounding)?.insiders_count,
    ).toBe(1);

    await t.ctx.db.execute(
      sql`update market_soundings set cleansed_at = '2026-04-01T08:00:00Z', cleansed_by = ${adminUser.id}, cleansing_reason = 'Announced' where id = ${sounding.id}`,
    );
    list = data<List>(await admin.get(path));
    expect(list.entries[0]?.ceased_at).toBe('2026-04-01T08:00:00.000000Z');
    index = data<{ lists: Summary[] }>(await admin.get('/api/insider-lists'));
    expect(
      index.lists.find((summary) => summary.type === 'deal' && summary.id === dealOfSounding)?.insiders_count,
    ).toBe(0);

    // staff complete the investor's row: their entry replaces the derived one
    await addEntry(`deal/${dealOfSounding}`, {
      investor_id: ivy.id,
      function_reason: 'Sounded investor',
      obtained_at: '2026-03-02T10:00:00Z',
      ceased_at: '2026-04-01T08:00:00Z',
      birth_surnames: 'Rose',
    });
    list = data<List>(await admin.get(path));
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0]).toMatchObject({ source: 'manual', investor_id: ivy.id, birth_surnames: 'Rose' });
  });
});

describe('the permanent section', () => {
  it('starts empty, comes into being with its first entry and counts it', async () => {
    const before = data<List>(await admin.get('/api/insider-lists/permanent/0'));
    expect(before).toMatchObject({ type: 'permanent', id: 0, created_at: null, entries: [] });
    await addEntry('permanent/0', { ...base, user_id: adminUser.id, function_reason: 'Compliance officer' });
    const after = data<List>(await admin.get('/api/insider-lists/permanent/0'));
    expect(after.created_at).not.toBeNull();
    expect(after.entries).toHaveLength(1);
    expect(after.entries[0]).toMatchObject({ first_names: 'Ada', surnames: 'Admin', person_kind: 'staff' });
    const index = data<{ permanent: Summary }>(await admin.get('/api/insider-lists'));
    expect(index.permanent).toMatchObject({ type: 'permanent', id: 0, insiders_count: 1 });
  });
});

describe('the Excel export', () => {
  it('writes the template’s layout: header block, column headings, one row per current entry, UTC times', async () => {
    const response = await admin.get(`/api/insider-lists/deal/${dealId}/export.xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(`insider-list-deal-${dealId}-`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const text = (row: number, column: number) => sheet.getRow(row).getCell(column).text;
    expect(text(1, 1)).toBe('Insider list: section related to Falcon (Falcon Ltd)');
    expect(text(2, 1)).toMatch(/^Date and time \(of creation of this section/);
    expect(text(2, 2)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(text(3, 1)).toBe('Date and time (last update)');
    expect(text(3, 2)).toMatch(/ UTC$/);
    expect(text(4, 1)).toBe('Date of transmission to the competent authority');
    expect(text(5, 1)).toBe('');
    const headings = (sheet.getRow(6).values as unknown[]).slice(1);
    expect(headings).toHaveLength(12);
    expect(headings[0]).toBe('First name(s) of the insider');
    expect(headings[6]).toMatch(/^Obtained/);
    expect(headings[11]).toMatch(/^Personal full home address/);

    const list = data<List>(await admin.get(`/api/insider-lists/deal/${dealId}`));
    expect(sheet.rowCount).toBe(6 + list.entries.length);
    const rows = Array.from({ length: list.entries.length }, (_, index) => sheet.getRow(7 + index));
    const vera = rows.find((row) => row.getCell(2).value === 'Version');
    expect(vera?.getCell(6).value).toBe('Deal team lead');
    expect(vera?.getCell(7).value).toBe('2026-01-05 09:30 UTC');
    expect(vera?.getCell(8).value).toBe('2026-02-01 17:00 UTC');
    const ivyRow = rows.find((row) => row.getCell(1).value === 'Ivy Rose');
    expect(ivyRow?.getCell(9).value).toBe('1980-05-17');
    expect(ivyRow?.getCell(11).value).toBe('+44 7700 900123');
  });

  it('heads the permanent section’s time column "Included"', async () => {
    const response = await admin.get('/api/insider-lists/permanent/0/export.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).text).toBe('Insider list: permanent insiders section');
    expect(sheet?.getRow(6).getCell(7).text).toMatch(/^Included/);
  });
});

describe('who may use it (spec §6: compliance)', () => {
  it.each(ROLE_IDS.map((role) => [role]))('role %i: allowed with compliance, else 403', async (role) => {
    const user = role === ROLES.USER ? await createUser(t.ctx.db) : await createStaff(t.ctx.db, role);
    const agent = await t.as(user);
    const allowed = role !== ROLES.USER && can(role, 'compliance', 'index');
    expect((await agent.get('/api/insider-lists')).statusCode).toBe(allowed ? 200 : 403);
    expect((await agent.get(`/api/insider-lists/deal/${dealId}`)).statusCode).toBe(allowed ? 200 : 403);
    expect((await agent.get(`/api/insider-lists/deal/${dealId}/export.xlsx`)).statusCode).toBe(
      allowed ? 200 : 403,
    );
    const added = await agent.post(`/api/insider-lists/deal/${dealId}/entries`, {});
    expect(added.statusCode).toBe(role !== ROLES.USER && can(role, 'compliance', 'create') ? 422 : 403);
    const versioned = await agent.post('/api/insider-lists/entries/999999999/versions', { surnames: 'X' });
    expect(versioned.statusCode).toBe(role !== ROLES.USER && can(role, 'compliance', 'update') ? 404 : 403);
  });

  it('lets Super Admin and Support in, and no other staff role', () => {
    const allowed = STAFF_ROLE_IDS.filter((role) => can(role, 'compliance', 'index'));
    expect(allowed).toEqual([ROLES.SUPER_ADMIN, ROLES.SUPPORT]);
  });

  it('answers 401 to a visitor', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/insider-lists' })).statusCode).toBe(401);
  });
});

describe('with market soundings off', () => {
  it('answers 404 on every route, even to a super admin', async () => {
    await switchSoundings(false);
    try {
      expect((await admin.get('/api/insider-lists')).statusCode).toBe(404);
      expect((await admin.get(`/api/insider-lists/deal/${dealId}`)).statusCode).toBe(404);
      expect((await admin.get(`/api/insider-lists/deal/${dealId}/export.xlsx`)).statusCode).toBe(404);
      expect((await admin.post('/api/insider-lists', { deal_id: otherDealId })).statusCode).toBe(404);
      expect((await admin.post('/api/insider-lists/entries/1/versions', {})).statusCode).toBe(404);
    } finally {
      await switchSoundings(true);
    }
  });
});
