import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, investments, type UserRow } from '../../db/schema';
import { readyInvestor } from '../../modules/investing/investing-fixtures';
import { createOpportunity } from '../../modules/opportunity-lifecycle/lifecycle-fixtures';
import { createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';

/**
 * Issue 22, "More than one server": an Idempotency-Key and the API limit hold across nodes. Two
 * nodes share one database, and one Redis when REDIS_URL is set (the README's recipe); a user's
 * requests go to either, as a load balancer without sticky sessions sends them.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const LIMIT = 10;

async function twoNodes(env: Record<string, string>) {
  const nodeA = await createTestApp({ ...env, API_RATE_LIMIT: String(LIMIT) });
  const nodeB = await createTestApp({ ...env, API_RATE_LIMIT: String(LIMIT) }, { shareDatabaseWith: nodeA });
  return {
    nodeA,
    nodeB,
    async close() {
      // node B first: it shares node A's database; TestApp does not close its store
      await nodeB.close();
      await nodeA.close();
    },
  };
}

/** Signs in on node A; signing in counts against this address, which other tests may have used. */
async function signIn(node: TestApp, user: UserRow) {
  await node.ctx.rateLimiter.clear('api:ip:127.0.0.1');
  const agent = await node.as(user);
  // a Redis shared with other runs may hold a counter for this user id
  await node.ctx.rateLimiter.clear(`api:user:${user.id}`);
  return agent;
}

/** The same browser on node B: the session cookie node A set is valid there too. */
function sameBrowserOn(node: TestApp, signedIn: Agent) {
  const agent = node.agent();
  for (const [name, value] of signedIn.cookies) agent.cookies.set(name, value);
  return agent;
}

const stores = [
  ['one Redis', 'redis', { REDIS_URL }],
  ['the database alone', 'database', {}],
] as const;

describe.each(stores)('two nodes sharing %s', (_, engine, env) => {
  let pair: Awaited<ReturnType<typeof twoNodes>>;
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    pair = await twoNodes({ ...env });
    ({ nodeA, nodeB } = pair);
  });
  afterAll(() => pair.close());

  it('an Idempotency-Key used on node A answers the first response again on node B, one row written', async () => {
    const opportunity = await createOpportunity(nodeA.ctx.db, {
      status: 2,
      published_at: new Date(),
      minimum_investment: '1000.00',
      maximum_amount: '100000.00',
      target_amount: '8000.00',
      share_price: '1.250000',
    });
    const investor = await readyInvestor(nodeA.ctx.db, nodeA.ctx.clock);
    const onA = await signIn(nodeA, investor);
    const onB = sameBrowserOn(nodeB, onA);
    const body = { opportunity_id: opportunity.id, amount: '2000.00', holding: { type: 'self' } };
    const headers = { 'idempotency-key': 'two-nodes-1' };

    const first = await onA.post('/api/investments', body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await onB.post('/api/investments', body, { headers });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    // the same key with another body is refused on node B as on node A
    const reused = await onB.post('/api/investments', { ...body, amount: '3000.00' }, { headers });
    expect(reused.statusCode).toBe(422);
    expect(Object.keys((JSON.parse(reused.body) as { errors: object }).errors)).toEqual(['idempotency_key']);

    // Both nodes at once with a new key: one runs it, the other answers 409 or replays it.
    const racing = { 'idempotency-key': 'two-nodes-2' };
    const raced = await Promise.all([
      onA.post('/api/investments', { ...body, amount: '1500.00' }, { headers: racing }),
      onB.post('/api/investments', { ...body, amount: '1500.00' }, { headers: racing }),
    ]);
    const fresh = raced.filter(
      (response) => response.statusCode === 201 && response.headers['idempotent-replayed'] === undefined,
    );
    expect(fresh).toHaveLength(1);
    for (const response of raced) expect([201, 409]).toContain(response.statusCode);

    const rows = await nodeA.ctx.db
      .select({ amount: investments.amount })
      .from(investments)
      .where(eq(investments.opportunity_id, opportunity.id));
    expect(rows.map((row) => row.amount).sort()).toEqual(['1500.00', '2000.00']);
    const keys = await nodeB.ctx.db
      .select({ key: idempotencyKeys.key, status: idempotencyKeys.status_code })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.user_id, investor.id));
    expect(keys.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'two-nodes-1', status: 201 },
      { key: 'two-nodes-2', status: 201 },
    ]);
  });

  it('a user’s requests split across both nodes reach the API limit at its total, not twice it', async () => {
    // the counters live in the shared store: Redis with REDIS_URL (decision 007)
    expect([nodeA.ctx.store.engine, nodeB.ctx.store.engine]).toEqual([engine, engine]);
    const user = await createUser(nodeA.ctx.db);
    const onA = await signIn(nodeA, user);
    const onB = sameBrowserOn(nodeB, onA);

    const answers: Array<[number, unknown]> = [];
    for (let round = 0; round < LIMIT / 2 + 1; round++)
      for (const agent of [onA, onB]) {
        const response = await agent.get('/api/user');
        answers.push([response.statusCode, response.headers['x-ratelimit-remaining']]);
      }
    // LIMIT answers in all, counted down alike on both nodes; then both refuse
    expect(answers).toEqual([
      ...Array.from({ length: LIMIT }, (_, index) => [200, String(LIMIT - 1 - index)]),
      [429, '0'],
      [429, '0'],
    ]);
    await nodeA.ctx.rateLimiter.clear(`api:user:${user.id}`);
  });
});
