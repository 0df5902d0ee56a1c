import { ROLES, type RoleId } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, holdingTransactions, type OpportunityRow, type UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let existing: OpportunityRow;
let holder: UserRow;
let second: UserRow;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const base = () => `/api/existing-investments/${existing.id}`;

const agentFor = async (role: RoleId) => t.as(await createStaff(t.ctx.db, role));

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
  existing = await createOpportunity(t.ctx.db, {
    status: 5,
    share_price: '1.000000',
    share_class: 'A Ordinary',
  });
  holder = await createUser(t.ctx.db, { name: 'Hana Holder' });
  second = await createUser(t.ctx.db, { name: 'Sam Second' });
  await t.ctx.db.insert(holdingTransactions).values([
    {
      opportunity_id: existing.id,
      user_id: holder.id,
      kind: 'allotment',
      occurred_on: '2024-01-10',
      shares: '3000',
      amount: '3000.00',
      price: '1.00',
    },
    {
      opportunity_id: existing.id,
      user_id: second.id,
      kind: 'allotment',
      occurred_on: '2024-01-10',
      shares: '1000',
      amount: '1000.00',
      price: '1.00',
    },
  ]);
});
afterAll(() => t.close());

describe('Performance: share prices', () => {
  it('adds, changes and deletes prices, and values every holding at the latest', async () => {
    const added = await admin.post(`${base()}/share-prices`, {
      effective_on: '2025-01-31',
      price: '1.5',
      note: 'Seed extension',
    });
    expect(added.statusCode).toBe(201);
    const price = data<{ id: number }>(added);
    expect(data(added)).toMatchObject({
      effective_on: '2025-01-31',
      price: '1.500000',
      kind: 'valuation',
      note: 'Seed extension',
    });

    let performance = data(await admin.get(`${base()}/performance`));
    expect(performance).toMatchObject({
      price: '1.500000',
      price_date: '2025-01-31',
      shares: '4000.000000',
      invested: '4000.00',
      value: '6000.00',
      realised: '0.00',
      moic: '1.50',
    });

    const changed = await admin.patch(`${base()}/share-prices/${price.id}`, { price: '0.80' });
    expect(changed.statusCode).toBe(200);
    const correction = data<{ id: number }>(changed);
    // a correction is a NEW price on the same day
    expect(correction.id).not.toBe(price.id);
    performance = data(await admin.get(`${base()}/performance`));
    expect(performance).toMatchObject({ value: '3200.00', moic: '0.80' });

    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, existing.id)));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['opportunity.share_price_added', 'opportunity.share_price_corrected']),
    );

    expect((await admin.delete(`${base()}/share-prices/${correction.id}`)).statusCode).toBe(204);
    performance = data(await admin.get(`${base()}/performance`));
    // back to the round's price on the opportunity; both prices stay in the history, replaced
    expect(performance).toMatchObject({ price: '1.000000', price_date: null, value: '4000.00' });
    expect(performance.prices).toMatchObject([
      { id: price.id, price: '1.500000', superseded_by_id: correction.id, replaced_by: { id: adminUser.id } },
      { id: correction.id, price: '0.800000', superseded_by_id: null, replaced_by: { id: adminUser.id } },
    ]);
    expect((performance.prices as { replaced_at: string | null }[]).every((row) => row.replaced_at)).toBe(
      true,
    );
  });

  it('keeps one price a day (422 on effective_on)', async () => {
    expect(
      (await admin.post(`${base()}/share-prices`, { effective_on: '2025-03-31', price: '1.10' })).statusCode,
    ).toBe(201);
    const again = await admin.post(`${base()}/share-prices`, { effective_on: '2025-03-31', price: '1.20' });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors.effective_on?.[0]).toMatch(/already has a share price for that day/);
    const other = data<{ id: number }>(
      await admin.post(`${base()}/share-prices`, { effective_on: '2025-04-30', price: '1.20' }),
    );
    const moved = await admin.patch(`${base()}/share-prices/${other.id}`, { effective_on: '2025-03-31' });
    expect(moved.statusCode).toBe(422);
  });

  it('refuses a price that is not a positive decimal', async () => {
    const response = await admin.post(`${base()}/share-prices`, { effective_on: '2025-05-31', price: '0' });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).errors).toHaveProperty('price');
    const bad = await admin.post(`${base()}/share-prices`, { effective_on: '31/05/2025', price: '1.2.3' });
    expect(Object.keys(json<Errors>(bad).errors).sort()).toEqual(['effective_on', 'price']);
  });

  it('is a 404 for an opportunity that is not an existing investment', async () => {
    const live = await createOpportunity(t.ctx.db, { status: 3 });
    expect((await admin.get(`/api/existing-investments/${live.id}/performance`)).statusCode).toBe(404);
    expect(
      (
        await admin.post(`/api/existing-investments/${live.id}/share-prices`, {
          effective_on: '2025-01-01',
          price: '1',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('Transactions', () => {
  it('records a follow-on, an exit and a dividend', async () => {
    const followOn = await admin.post(`${base()}/transactions`, {
      kind: 'follow_on',
      user_id: holder.id,
      occurred_on: '2025-02-01',
      shares: '500',
      amount: '600.00',
      price: '1.2',
    });
    expect(followOn.statusCode).toBe(201);
    expect(data(followOn)).toMatchObject({
      kind: 'follow_on',
      shares: '500.000000',
      amount: '600.00',
      investor: { id: holder.id, name: 'Hana Holder' },
    });
    const exit = await admin.post(`${base()}/transactions`, {
      kind: 'exit',
      user_id: holder.id,
      occurred_on: '2025-06-01',
      shares: '3500',
      amount: '5250.00',
    });
    expect(exit.statusCode).toBe(201);
    const dividend = await admin.post(`${base()}/transactions`, {
      kind: 'dividend',
      user_id: second.id,
      occurred_on: '2025-06-30',
      amount: '25.00',
    });
    expect(dividend.statusCode).toBe(201);
    const rows = data<{ kind: string; investor: { name: string } }[]>(
      await admin.get(`${base()}/transactions`),
    );
    expect(rows.map((row) => `${row.kind} ${row.investor.name}`)).toEqual([
      'allotment Hana Holder',
      'allotment Sam Second',
      'follow_on Hana Holder',
      'exit Hana Holder',
      'dividend Sam Second',
    ]);
  });

  it('refuses an exit beyond the shares held (422 on shares)', async () => {
    const response = await admin.post(`${base()}/transactions`, {
      kind: 'exit',
      user_id: second.id,
      occurred_on: '2025-07-01',
      shares: '1000.000001',
      amount: '100.00',
    });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).errors.shares?.[0]).toBe(
      'Sam Second holds 1000 A Ordinary shares: an exit cannot sell more.',
    );
  });

  it('refuses an exit or dividend by someone holding nothing, and a dividend with shares', async () => {
    // Hana sold everything above
    const none = await admin.post(`${base()}/transactions`, {
      kind: 'dividend',
      user_id: holder.id,
      occurred_on: '2025-07-01',
      amount: '5.00',
    });
    expect(none.statusCode).toBe(422);
    expect(json<Errors>(none).errors.user_id?.[0]).toBe('Hana Holder holds no shares in this investment.');
    const shares = await admin.post(`${base()}/transactions`, {
      kind: 'dividend',
      user_id: second.id,
      occurred_on: '2025-07-01',
      amount: '5.00',
      shares: '1',
    });
    expect(json<Errors>(shares).errors).toHaveProperty('shares');
    const missing = await admin.post(`${base()}/transactions`, {
      kind: 'exit',
      user_id: second.id,
      occurred_on: '2025-07-01',
      amount: '5.00',
    });
    expect(json<Errors>(missing).errors).toHaveProperty('shares');
    const staff = await createStaff(t.ctx.db, ROLES.SUPPORT);
    const notInvestor = await admin.post(`${base()}/transactions`, {
      kind: 'follow_on',
      user_id: staff.id,
      occurred_on: '2025-07-01',
      amount: '5.00',
      shares: '1',
    });
    expect(json<Errors>(notInvestor).errors.user_id).toEqual(['Choose an investor.']);
  });
});

describe('permissions (spec §6)', () => {
  const reads = () => [`${base()}/performance`, `${base()}/transactions`, `${base()}/cap-table`];

  it('hides Performance, Transactions and Cap Table from the Investment Manager (403)', async () => {
    const manager = await agentFor(ROLES.INVESTMENT_MANAGER);
    for (const url of reads()) expect((await manager.get(url)).statusCode, url).toBe(403);
    expect(
      (await manager.post(`${base()}/share-prices`, { effective_on: '2026-01-01', price: '1' })).statusCode,
    ).toBe(403);
  });

  it('lets read-only and read-update roles do what their cells allow', async () => {
    const custodian = await agentFor(ROLES.CUSTODIAN);
    for (const url of reads()) expect((await custodian.get(url)).statusCode, url).toBe(200);
    expect(
      (await custodian.post(`${base()}/share-prices`, { effective_on: '2026-02-01', price: '1' })).statusCode,
    ).toBe(201);
    const adviser = await agentFor(ROLES.ADVISER);
    for (const url of reads()) expect((await adviser.get(url)).statusCode, url).toBe(403);
    const investor = await t.as(holder);
    for (const url of reads()) expect((await investor.get(url)).statusCode, url).toBe(403);
    expect((await investor.post(`${base()}/transactions`, {})).statusCode).toBe(403);
  });
});
