import { ROLES } from '@portico/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { holdingTransactions, sharePrices, type OpportunityRow, type UserRow } from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Issue 18, "Dates and returns": share prices are append-only (a correction is a new price, the old one
 * kept with who replaced it; the database refuses changing or deleting a price), prices and holding
 * transactions cannot be dated in the future (London date), holdings are valued at the latest current
 * price on or before today, and an exit sells at most what the holder holds of THAT share class.
 */

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;
let holder: UserRow;
let existing: OpportunityRow;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const base = () => `/api/existing-investments/${existing.id}`;

/** The London date `days` after today by the app's clock. */
function dayAfterToday(days: number) {
  const today = new Date(`${t.ctx.clock.today()}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN);
  admin = await t.as(adminUser);
  existing = await createOpportunity(t.ctx.db, {
    status: 5,
    share_price: '1.000000',
    share_class: 'Ordinary',
  });
  holder = await createUser(t.ctx.db, { name: 'Cleo Classes' });
  await t.ctx.db.insert(holdingTransactions).values([
    {
      opportunity_id: existing.id,
      user_id: holder.id,
      kind: 'allotment',
      occurred_on: '2024-01-10',
      shares: '3000',
      amount: '3000.00',
      price: '1.00',
      share_class: 'Ordinary',
    },
    {
      opportunity_id: existing.id,
      user_id: holder.id,
      kind: 'follow_on',
      occurred_on: '2024-06-10',
      shares: '500',
      amount: '1000.00',
      price: '2.00',
      share_class: 'Series A Preferred',
    },
  ]);
});
afterAll(() => t.close());

describe('share prices are append-only', () => {
  it('keeps a corrected price, on the same day, with who replaced it and by which price', async () => {
    const first = data<{ id: number }>(
      await admin.post(`${base()}/share-prices`, { effective_on: '2025-01-31', price: '2.00' }),
    );
    const corrected = await admin.patch(`${base()}/share-prices/${first.id}`, {
      price: '1.50',
      note: 'typo',
    });
    expect(corrected.statusCode).toBe(200);
    const second = data<{ id: number; effective_on: string; created_by: { id: number } }>(corrected);
    expect(second).toMatchObject({
      effective_on: '2025-01-31',
      price: '1.500000',
      created_by: { id: adminUser.id },
    });

    const performance = data<{ price: string; value: string; prices: Record<string, unknown>[] }>(
      await admin.get(`${base()}/performance`),
    );
    // 3,500 shares at the correction's 1.50
    expect(performance).toMatchObject({ price: '1.500000', value: '5250.00' });
    expect(performance.prices).toMatchObject([
      {
        id: first.id,
        price: '2.000000',
        superseded_by_id: second.id,
        replaced_by: { id: adminUser.id, name: adminUser.name },
      },
      { id: second.id, price: '1.500000', replaced_at: null, replaced_by: null, superseded_by_id: null },
    ]);
    expect(performance.prices[0]?.replaced_at).toEqual(expect.any(String));

    // the replaced price cannot be corrected again: the current one can
    const again = await admin.patch(`${base()}/share-prices/${first.id}`, { price: '1.60' });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors.price?.[0]).toMatch(/already corrected or withdrawn/);
  });

  it('is refused by the database: no change of a price’s values, no deletion', async () => {
    const [row] = await t.ctx.db
      .insert(sharePrices)
      .values({ opportunity_id: existing.id, effective_on: '2024-12-31', price: '1.10', kind: 'valuation' })
      .returning();
    if (!row) throw new Error('no row');
    await expect(
      t.ctx.db.update(sharePrices).set({ price: '9.99' }).where(eq(sharePrices.id, row.id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.update(sharePrices).set({ effective_on: '2024-12-30' }).where(eq(sharePrices.id, row.id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(sharePrices).where(eq(sharePrices.id, row.id))).rejects.toThrow();
    // replaced once: when and by whom cannot be rewritten afterwards
    await t.ctx.db
      .update(sharePrices)
      .set({ replaced_at: new Date(), replaced_by: adminUser.id })
      .where(eq(sharePrices.id, row.id));
    await expect(
      t.ctx.db.update(sharePrices).set({ replaced_at: null }).where(eq(sharePrices.id, row.id)),
    ).rejects.toThrow();
    const [kept] = await t.ctx.db.select().from(sharePrices).where(eq(sharePrices.id, row.id));
    expect(kept).toMatchObject({ price: '1.100000', effective_on: '2024-12-31' });
  });

  it.runIf(usePostgres())('lets one of many simultaneous corrections of a price win', async () => {
    const price = data<{ id: number }>(
      await admin.post(`${base()}/share-prices`, { effective_on: '2025-02-28', price: '1.70' }),
    );
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        admin.patch(`${base()}/share-prices/${price.id}`, { price: `1.7${index + 1}` }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 422, 422, 422, 422, 422, 422, 422,
    ]);
    const current = await t.ctx.db.execute(
      sql`select count(*)::int as n from share_prices
          where opportunity_id = ${existing.id} and effective_on = '2025-02-28' and replaced_at is null`,
    );
    expect(rowsOf<{ n: number }>(current)[0]?.n).toBe(1);
  });
});

describe('nothing dated in the future (London date)', () => {
  it('refuses a price or a correction dated after today (422 on effective_on)', async () => {
    const future = await admin.post(`${base()}/share-prices`, { effective_on: dayAfterToday(1), price: '3' });
    expect(future.statusCode).toBe(422);
    expect(json<Errors>(future).errors.effective_on).toEqual(['The price’s date cannot be in the future.']);
    const today = await admin.post(`${base()}/share-prices`, {
      effective_on: dayAfterToday(0),
      price: '1.40',
    });
    expect(today.statusCode).toBe(201);
    const moved = await admin.patch(`${base()}/share-prices/${data<{ id: number }>(today).id}`, {
      effective_on: dayAfterToday(2),
    });
    expect(moved.statusCode).toBe(422);
    expect(json<Errors>(moved).errors).toHaveProperty('effective_on');
  });

  it('refuses a holding transaction dated after today (422 on occurred_on)', async () => {
    const response = await admin.post(`${base()}/transactions`, {
      kind: 'dividend',
      user_id: holder.id,
      occurred_on: dayAfterToday(1),
      amount: '10.00',
    });
    expect(response.statusCode).toBe(422);
    expect(json<Errors>(response).errors.occurred_on).toEqual(['The date cannot be in the future.']);
  });

  it('values holdings at the latest price on or before today, never a later one', async () => {
    await t.ctx.db.insert(sharePrices).values({
      opportunity_id: existing.id,
      effective_on: dayAfterToday(30),
      price: '99.00',
      kind: 'valuation',
    });
    const performance = data<{ price: string; price_date: string }>(await admin.get(`${base()}/performance`));
    expect(performance).toMatchObject({ price: '1.400000', price_date: dayAfterToday(0) });
  });
});

describe('an exit works per share class', () => {
  it('sells at most what the holder holds of that class', async () => {
    // 3,000 Ordinary and 500 Series A Preferred: 600 preferred is more than held of the class
    const tooMany = await admin.post(`${base()}/transactions`, {
      kind: 'exit',
      user_id: holder.id,
      occurred_on: '2025-03-01',
      shares: '600',
      amount: '1200.00',
      share_class: 'Series A Preferred',
    });
    expect(tooMany.statusCode).toBe(422);
    expect(json<Errors>(tooMany).errors.shares).toEqual([
      'Cleo Classes holds 500 Series A Preferred shares: an exit cannot sell more.',
    ]);
    const otherClass = await admin.post(`${base()}/transactions`, {
      kind: 'exit',
      user_id: holder.id,
      occurred_on: '2025-03-01',
      shares: '10',
      amount: '10.00',
      share_class: 'B Ordinary',
    });
    expect(json<Errors>(otherClass).errors.shares).toEqual([
      'Cleo Classes holds no B Ordinary shares: an exit cannot sell them.',
    ]);
    // without a class, the round's (Ordinary): 3,000 held
    const ordinary = await admin.post(`${base()}/transactions`, {
      kind: 'exit',
      user_id: holder.id,
      occurred_on: '2025-03-01',
      shares: '3000',
      amount: '4500.00',
    });
    expect(ordinary.statusCode).toBe(201);
    const preferred = await admin.post(`${base()}/transactions`, {
      kind: 'exit',
      user_id: holder.id,
      occurred_on: '2025-03-02',
      shares: '500',
      amount: '1000.00',
      share_class: 'Series A Preferred',
    });
    expect(preferred.statusCode).toBe(201);
  });
});
