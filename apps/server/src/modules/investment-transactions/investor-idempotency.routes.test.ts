import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readyInvestor } from '../investing/investing-fixtures';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Issue 18 ("Smaller"): an investor's Idempotency-Key on POST /api/investments is the platform's
 * (decision 019): a replay answers what the first request answered, for 24 hours; then it is forgotten.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
});
afterAll(() => t.close());

describe('an investor’s Idempotency-Key', () => {
  it('replays the first answer within 24 hours and is forgotten after', async () => {
    const opportunity = await createOpportunity(t.ctx.db, {
      status: 2,
      published_at: new Date(),
      minimum_investment: '1000.00',
      maximum_amount: '100000.00',
      target_amount: '8000.00',
      share_price: '1.250000',
    });
    const agent = await t.as(await readyInvestor(t.ctx.db, t.ctx.clock));
    const body = { opportunity_id: opportunity.id, amount: '2000.00', holding: { type: 'self' } };
    const send = () => agent.post('/api/investments', body, { headers: { 'idempotency-key': 'invest-1' } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    t.ctx.clock.advance(23 * 3600);
    const replay = await send();
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const rows = () =>
      t.ctx.db.select().from(investments).where(eq(investments.opportunity_id, opportunity.id));
    expect(await rows()).toHaveLength(1);
    // a day and more after the first request, the key is new again: a second reservation
    t.ctx.clock.advance(2 * 3600);
    const later = await send();
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body).not.toBe(first.body);
    expect(await rows()).toHaveLength(2);
  });
});
