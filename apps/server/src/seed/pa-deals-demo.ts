import { asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { opportunities, paDealEvents, paDeals, users } from '../db/schema';
import { londonDate } from '../platform/time';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Issue 21: two personal account deals decided by admin@ (the compliance officer): Grace Li's (fund manager)
 * purchase of listed shares, approved and executed the same day, and Hugh Bennett's (investment committee)
 * request to buy shares of a company the firm is raising for, refused. Idempotent: nothing is added once any
 * request exists (the records cannot be changed or deleted).
 */
export async function seedPaDealsDemo(ctx: AppContext, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(paDeals);
    if ((existing?.value ?? 0) > 0) return;
    const byEmail = async (email: string) =>
      (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
    // one after the other: a transaction has one connection
    const admin = await byEmail('admin@portico.test');
    const grace = await byEmail('fundmanager@portico.test');
    const hugh = await byEmail('committee@portico.test');
    if (admin === undefined || grace === undefined || hugh === undefined) return;
    const [raising] = await tx
      .select({ id: opportunities.id, company_name: opportunities.company_name })
      .from(opportunities)
      .where(eq(opportunities.status, 3))
      .orderBy(asc(opportunities.id))
      .limit(1);

    const requested = new Date(now.getTime() - 12 * DAY_MS);
    const [executed] = await tx
      .insert(paDeals)
      .values({
        user_id: grace,
        instrument: 'Ordinary shares',
        company_name: 'Rolls-Royce Holdings plc',
        side: 'buy',
        quantity: '500',
        estimated_value: '2150.00',
        currency: 'GBP',
        reason: 'Long-term holding in my stocks and shares ISA.',
        created_at: requested,
      })
      .returning();
    if (!executed) throw new Error('pa_deals insert returned no row');
    const approvedAt = new Date(requested.getTime() + 2 * HOUR_MS);
    await tx.insert(paDealEvents).values([
      {
        pa_deal_id: executed.id,
        kind: 'approved',
        reason: 'No conflict with the firm’s deals or insider lists.',
        actor_id: admin,
        created_at: approvedAt,
      },
      {
        pa_deal_id: executed.id,
        kind: 'executed',
        executed_on: londonDate(approvedAt),
        price: '4.28',
        quantity: '500',
        actor_id: grace,
        created_at: new Date(approvedAt.getTime() + 3 * HOUR_MS),
      },
    ]);

    const [refused] = await tx
      .insert(paDeals)
      .values({
        user_id: hugh,
        instrument: 'Ordinary shares',
        company_name: raising?.company_name ?? 'Northwind Robotics Ltd',
        opportunity_id: raising?.id ?? null,
        side: 'buy',
        quantity: '2000',
        estimated_value: '5000.00',
        currency: 'GBP',
        reason: 'A friend offered me shares from his holding.',
        created_at: new Date(now.getTime() - 5 * DAY_MS),
      })
      .returning();
    if (!refused) throw new Error('pa_deals insert returned no row');
    await tx.insert(paDealEvents).values({
      pa_deal_id: refused.id,
      kind: 'refused',
      reason: 'The firm is raising for this company: no personal dealing in it while the round is open.',
      actor_id: admin,
      created_at: new Date(now.getTime() - 5 * DAY_MS + 4 * HOUR_MS),
    });
  });
}
