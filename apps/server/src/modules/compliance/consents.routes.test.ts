import { CONSENT_WORDING_VERSION, currentConsentWording, ROLES, type Consents } from '@portico/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors, json } from './compliance.test-fixtures';

let t: TestApp;
let admin: Agent;
let investor: UserRow;
let investorAgent: Agent;

const decision = (kind: string, given: boolean, wording_version = CONSENT_WORDING_VERSION) => ({
  kind,
  given,
  wording_version,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
  investor = await createUser(t.ctx.db, { name: 'Connie Consent' });
  investorAgent = await t.as(investor);
});
afterAll(() => t.close());

describe('consent', () => {
  it('starts with nothing asked, and shows the current wording of each kind', async () => {
    const state = data<Consents>(await admin.get(`/api/investors/${investor.id}/consents`));
    expect(state.log).toEqual([]);
    expect(state.current.map((item) => [item.kind, item.given, item.wording_version])).toEqual([
      ['marketing', null, CONSENT_WORDING_VERSION],
      ['data_sharing', null, CONSENT_WORDING_VERSION],
      ['electronic_communication', null, CONSENT_WORDING_VERSION],
    ]);
  });

  it('appends what staff record and what the investor decides, with the wording and who recorded it', async () => {
    const given = await admin.post(`/api/investors/${investor.id}/consents`, decision('marketing', true));
    expect(given.statusCode, given.body).toBe(201);
    await investorAgent.post('/api/profile/consents', decision('electronic_communication', true));
    const withdrawn = await investorAgent.post('/api/profile/consents', decision('marketing', false));
    expect(withdrawn.statusCode).toBe(201);

    const state = data<Consents>(await admin.get(`/api/investors/${investor.id}/consents`));
    expect(state.log.map((entry) => [entry.kind, entry.given, entry.recorded_by?.name])).toEqual([
      ['marketing', false, 'Connie Consent'],
      ['electronic_communication', true, 'Connie Consent'],
      ['marketing', true, 'Ada Admin'],
    ]);
    expect(state.log[0]).toMatchObject({
      wording: currentConsentWording('marketing')?.text,
      wording_version: CONSENT_WORDING_VERSION,
    });
    expect(state.current.map((item) => [item.kind, item.given])).toEqual([
      ['marketing', false],
      ['data_sharing', null],
      ['electronic_communication', true],
    ]);

    const activity = json<{ data: Array<{ description: string }> }>(
      await admin.get(`/api/investors/${investor.id}/activity`),
    );
    expect(activity.data.map((line) => line.description)).toEqual(
      expect.arrayContaining(['Consent to marketing withdrawn', 'Consent to marketing given']),
    );
  });

  it('never changes or deletes an entry', async () => {
    const before = await t.ctx.db.select().from(consents).where(eq(consents.user_id, investor.id));
    const [first] = before;
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const response = await admin.request({
        method,
        url: `/api/investors/${investor.id}/consents/${first?.id}`,
        payload: { given: true },
      });
      expect(response.statusCode, method).toBe(404);
    }
    const after = await t.ctx.db.select().from(consents).where(eq(consents.user_id, investor.id));
    expect(after).toEqual(before);
  });

  it('refuses an outdated wording and an unknown kind', async () => {
    const stale = await investorAgent.post('/api/profile/consents', decision('marketing', true, '2018-05'));
    expect(errors(stale).wording_version?.[0]).toMatch(/has changed \(now version/);
    const unknown = await investorAgent.post('/api/profile/consents', decision('telepathy', true));
    expect(errors(unknown)).toEqual({ kind: ['The selected kind is invalid.'] });
  });

  it('keeps each investor to their own consents', async () => {
    const other = await t.as(await createUser(t.ctx.db));
    expect(data<Consents>(await other.get('/api/profile/consents')).log).toEqual([]);
    expect((await other.get(`/api/investors/${investor.id}/consents`)).statusCode).toBe(403);
    expect(
      (await other.post(`/api/investors/${investor.id}/consents`, decision('marketing', true))).statusCode,
    ).toBe(403);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(`/api/investors/${investor.id}/consents`)).statusCode).toBe(403);
    const staff = await createStaff(t.ctx.db, ROLES.ADVISER);
    expect((await admin.get(`/api/investors/${staff.id}/consents`)).statusCode).toBe(404);
  });
});
