import {
  costOfShares,
  formatMoney,
  ROLES,
  wholeSharesFor,
  type InvestingContext,
  type Opportunity,
  type Repricing,
  type RepricingPreview,
} from '@portico/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  holdingTransactions,
  investments,
  mailOutbox,
  notifications,
  opportunities,
  opportunityRepricingInvestments,
  opportunityRepricings,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { readyInvestor } from '../investing/investing-fixtures';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * Issue 18, "Terms that cannot move under a commitment" (decision 021): the maximum is never lowered below
 * what is committed and held for pre-emption, the share price moves only by an audited re-pricing, the
 * closing date ends commitments, shares that would overflow their column are a 422, an investor cannot
 * withdraw a reservation holding money, and "remaining" is the gate's own figure.
 */

let t: TestApp;
let admin: Agent;
let adminUser: UserRow;

type Errors = { message: string; errors: Record<string, string[]> };
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;
const errorsOf = (response: { body: string }) => json<Errors>(response).errors;
const put = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ method: 'PUT', url, payload: payload as string });

/** A business date `days` from the app clock's London today. */
const dayFrom = (days: number) => {
  const date = new Date(`${t.ctx.clock.today()}T12:00:00Z`);
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};

/** A live round: £1.00 a share, minimum £100, maximum £10,000 unless given. */
const live = (overrides: Partial<OpportunityRow> = {}) =>
  createOpportunity(t.ctx.db, {
    status: 2,
    published_at: new Date(),
    minimum_investment: '100.00',
    target_amount: '5000.00',
    maximum_amount: '10000.00',
    share_price: '1.000000',
    closing_date: dayFrom(30),
    ...overrides,
  });

const ready = () => readyInvestor(t.ctx.db, t.ctx.clock);
const reserve = (agent: Agent, opportunityId: number, amount: string) =>
  agent.post('/api/investments', { opportunity_id: opportunityId, amount, holding: { type: 'self' } });
const manual = (opportunityId: number, user: UserRow, amount: string, type = 'manual') =>
  admin.post(`/api/opportunities/${opportunityId}/investments`, {
    user_id: user.id,
    type,
    holding: { type: 'self' },
    amount,
    invested_on: t.ctx.clock.today(),
  });
const patch = (id: number, body: Record<string, unknown>) => admin.patch(`/api/opportunities/${id}`, body);
const committedOf = async (id: number) =>
  data<{ committed_amount: string }>(await admin.get(`/api/opportunities/${id}`)).committed_amount;
const rowsOf = (id: number) =>
  t.ctx.db.select().from(investments).where(eq(investments.opportunity_id, id)).orderBy(investments.id);

/** An investor who reserved `amount` in the round; their agent. */
async function reserved(round: OpportunityRow, amount: string) {
  const user = await ready();
  const agent = await t.as(user);
  const response = await reserve(agent, round.id, amount);
  expect(response.statusCode, response.body).toBe(201);
  return { user, agent, id: data<{ id: number }>(response).id };
}

/** A round raised for an existing investment whose one holder holds every share; the holder's agent. */
async function preEmptionRound(maximum: string) {
  const existing = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
  const holder = await ready();
  await t.ctx.db.insert(holdingTransactions).values({
    opportunity_id: existing.id,
    user_id: holder.id,
    kind: 'allotment',
    occurred_on: dayFrom(-400),
    shares: '1000',
    amount: '1000',
    price: '1.000000',
  });
  const round = await live({ maximum_amount: maximum, target_amount: null });
  const opened = await admin.post(`/api/opportunities/${round.id}/pre-emption`, {
    existing_investment_id: existing.id,
    ends_on: dayFrom(14),
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { round, holder, holderAgent: await t.as(holder) };
}

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1' });
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  admin = await t.as(adminUser);
});
afterAll(() => t.close());

describe('lowering a live round’s maximum', () => {
  it('goes down to what is committed, and no lower (422 on maximum_amount naming the floor)', async () => {
    const round = await live();
    await reserved(round, '3000.00');
    await manual(round.id, await createUser(t.ctx.db), '1500.00');
    const below = await patch(round.id, { maximum_amount: '4499.99', target_amount: '4000.00' });
    expect(below.statusCode, below.body).toBe(422);
    expect(errorsOf(below).maximum_amount).toEqual([
      `The maximum cannot be lower than ${formatMoney('4500.00')}: that much is already committed.`,
    ]);
    const [unchanged] = await t.ctx.db.select().from(opportunities).where(eq(opportunities.id, round.id));
    expect(unchanged?.maximum_amount).toBe('10000.00');
    const at = await patch(round.id, { maximum_amount: '4500.00', target_amount: '4000.00' });
    expect(at.statusCode, at.body).toBe(200);
    expect(data<Opportunity>(at).maximum_amount).toBe('4500.00');
  });

  it('counts what pre-emption still holds for holders in the floor', async () => {
    const { round, holderAgent } = await preEmptionRound('10000.00');
    // The holder takes up £1,000 of their right (decrease): £1,000 is held for them.
    const chose = await put(holderAgent, `/api/profile/pre-emption/${round.id}`, {
      choice: 6,
      amount: '1000.00',
    });
    expect(chose.statusCode, chose.body).toBe(200);
    await manual(round.id, await createUser(t.ctx.db), '3000.00');
    const below = await patch(round.id, { maximum_amount: '3999.00' });
    expect(below.statusCode, below.body).toBe(422);
    expect(errorsOf(below).maximum_amount).toEqual([
      `The maximum cannot be lower than ${formatMoney('4000.00')}: ${formatMoney('3000.00')} is committed and ${formatMoney('1000.00')} is held for existing holders’ pre-emption at this maximum.`,
    ]);
    expect((await patch(round.id, { maximum_amount: '4000.00' })).statusCode).toBe(200);
  });

  it('the database refuses a maximum below what is committed, whoever writes it', async () => {
    const round = await live({ target_amount: null });
    await reserved(round, '2000.00');
    await expect(
      t.ctx.db.update(opportunities).set({ maximum_amount: '1999.00' }).where(eq(opportunities.id, round.id)),
    ).rejects.toThrow();
  });
});

describe('the share price under a commitment', () => {
  it('cannot be edited once an investment is live: a 422 pointing to re-pricing', async () => {
    const round = await live();
    expect((await patch(round.id, { share_price: '1.10' })).statusCode).toBe(200);
    await reserved(round, '1100.00');
    const refused = await patch(round.id, { share_price: '2.00' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorsOf(refused).share_price?.[0]).toMatch(
      /^Investments have been made in this round at £1\.10 a share.*Re-price/,
    );
    // the same price is no change
    expect((await patch(round.id, { share_price: '1.100000', name: 'Renamed' })).statusCode).toBe(200);
  });

  it('the database refuses a price change under investments without a re-pricing', async () => {
    const round = await live();
    await reserved(round, '1000.00');
    await expect(
      t.ctx.db.update(opportunities).set({ share_price: '2.000000' }).where(eq(opportunities.id, round.id)),
    ).rejects.toThrow();
  });
});

describe('re-pricing a round', () => {
  it('recomputes every investment by the investor path’s rule, records it and tells each investor once', async () => {
    const round = await live({ share_price: '1.250000' });
    const a = await reserved(round, '5000.00'); // 4,000 shares
    const manualInvestor = await createUser(t.ctx.db, { name: 'Manny Manual' });
    expect((await manual(round.id, manualInvestor, '1000.00')).statusCode).toBe(201); // 800 shares
    const privateInvestor = await createUser(t.ctx.db, { name: 'Pia Private' });
    expect((await manual(round.id, privateInvestor, '2000.00', 'private_manual')).statusCode).toBe(201);

    const preview = data<RepricingPreview>(
      await admin.get(`/api/opportunities/${round.id}/repricing-preview?share_price=1.50`),
    );
    expect(preview.problems).toEqual([]);
    expect(preview.committed_before).toBe('8000.00');
    expect(preview.committed_after).toBe('7998.00');
    expect(
      preview.investments.map((line) => [line.investor.name, line.shares_after, line.amount_after]),
    ).toEqual([
      [a.user.name, '3333', '4999.50'],
      ['Manny Manual', '666', '999.00'],
      ['Pia Private', '1333', '1999.50'],
    ]);

    const response = await admin.post(`/api/opportunities/${round.id}/repricings`, {
      share_price: '1.50',
      reason: 'The company accepted a higher valuation.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = data<Repricing>(response);
    expect(made).toMatchObject({
      opportunity_id: round.id,
      old_price: '1.250000',
      new_price: '1.500000',
      reason: 'The company accepted a higher valuation.',
      repriced_by: { id: adminUser.id, name: 'Ada Admin' },
    });
    expect(made.investments).toHaveLength(3);
    expect(made.investments[0]).toMatchObject({
      shares_before: '4000.000000',
      amount_before: '5000.00',
      shares_after: '3333.000000',
      amount_after: '4999.50',
    });

    const rows = await rowsOf(round.id);
    expect(rows.map((row) => [row.shares, row.amount])).toEqual([
      ['3333.000000', '4999.50'],
      ['666.000000', '999.00'],
      ['1333.000000', '1999.50'],
    ]);
    const [after] = await t.ctx.db.select().from(opportunities).where(eq(opportunities.id, round.id));
    expect(after?.share_price).toBe('1.500000');
    expect(await committedOf(round.id)).toBe('7998.00');
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'opportunity.repriced'), eq(auditLog.subject_id, round.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toEqual({ share_price: '1.250000' });

    // Each investor told, by notification and email; the private_manual investor never.
    const told = async (user: UserRow) => ({
      notices: (
        await t.ctx.db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.notifiable_id, user.id),
              eq(notifications.type, 'App\\Notifications\\InvestmentRepriced'),
            ),
          )
      ).length,
      mails: (
        await t.ctx.db
          .select()
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.to_address, user.email),
              sql`${mailOutbox.subject} like '%share price of%has changed'`,
            ),
          )
      ).length,
    });
    expect(await told(a.user)).toEqual({ notices: 1, mails: 1 });
    expect(await told(manualInvestor)).toEqual({ notices: 1, mails: 1 });
    expect(await told(privateInvestor)).toEqual({ notices: 0, mails: 0 });

    const history = data<Repricing[]>(await admin.get(`/api/opportunities/${round.id}/repricings`));
    expect(history.map((item) => item.id)).toEqual([made.id]);
    // the record is never edited
    await expect(
      t.ctx.db
        .update(opportunityRepricings)
        .set({ reason: 'Rewritten' })
        .where(eq(opportunityRepricings.id, made.id)),
    ).rejects.toThrow();
  });

  it('is refused with every reason on share_price; nothing changes', async () => {
    const round = await live({ share_price: '1.000000', maximum_amount: '10000.00' });
    const small = await reserved(round, '150.00');
    await reserved(round, '1000.00'); // 5 shares at £200: no problem
    // £150 buys no whole share at £200
    const tooDear = await admin.post(`/api/opportunities/${round.id}/repricings`, {
      share_price: '200',
      reason: 'Consolidation',
    });
    expect(tooDear.statusCode, tooDear.body).toBe(422);
    expect(errorsOf(tooDear).share_price).toEqual([
      `${small.user.name}’s ${formatMoney('150.00')} buys no whole share at £200.00: cancel that investment first, or choose a lower price.`,
    ]);
    const same = await admin.post(`/api/opportunities/${round.id}/repricings`, {
      share_price: '1.00',
      reason: 'No change',
    });
    expect(errorsOf(same).share_price).toEqual(['The share price is already £1.00.']);
    const noReason = await admin.post(`/api/opportunities/${round.id}/repricings`, { share_price: '2' });
    expect(noReason.statusCode).toBe(422);
    expect(errorsOf(noReason).reason).toBeDefined();
    expect((await rowsOf(round.id)).map((row) => row.shares)).toEqual(['150.000000', '1000.000000']);
    expect(
      await t.ctx.db
        .select()
        .from(opportunityRepricings)
        .where(eq(opportunityRepricings.opportunity_id, round.id)),
    ).toEqual([]);
  });

  it('refuses while an investment holds more money than its new cost', async () => {
    const round = await live({ share_price: '1.000000' });
    const { id, user } = await reserved(round, '1000.00');
    const paid = await admin.post(`/api/investments/${id}/payments`, {
      amount: '999.50',
      received_on: t.ctx.clock.today(),
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const refused = await admin.post(`/api/opportunities/${round.id}/repricings`, {
      share_price: '3.00',
      reason: 'Down round reversed',
    });
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).share_price).toEqual([
      `${user.name} has paid ${formatMoney('999.50')}, more than the ${formatMoney('999.00')} their 333 shares cost at £3.00: refund the ${formatMoney('0.50')} difference first, or choose a price their money buys whole shares at.`,
    ]);
  });

  it('is staff-only with update on live opportunities; a completed round cannot be re-priced', async () => {
    const round = await live();
    const investor = await t.as(await ready());
    const body = { share_price: '2', reason: 'x' };
    expect((await investor.post(`/api/opportunities/${round.id}/repricings`, body)).statusCode).toBe(403);
    const completed = await createOpportunity(t.ctx.db, { status: 5, published_at: new Date() });
    const refused = await admin.post(`/api/opportunities/${completed.id}/repricings`, body);
    expect(refused.statusCode).toBe(422);
    expect(errorsOf(refused).share_price?.[0]).toMatch(/^Only a live or closed round can be re-priced/);
    expect((await admin.post('/api/opportunities/999999999/repricings', body)).statusCode).toBe(404);
  });
});

describe('the closing date ends commitments (London date), closed by staff or not', () => {
  it('refuses the investor’s reservation and a manual investment the day after it; the closing day itself is open', async () => {
    const past = await live({ closing_date: dayFrom(-1) });
    const agent = await t.as(await ready());
    const refused = await reserve(agent, past.id, '1000.00');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorsOf(refused).opportunity_id?.[0]).toMatch(
      /^This opportunity closed on .*: it no longer takes commitments\.$/,
    );
    const context = data<InvestingContext>(await agent.get(`/api/profile/investing/${past.id}`));
    expect(context.can_invest).toBe(false);
    expect(context.reasons.map((reason) => reason.code)).toContain('closed');
    const staff = await manual(past.id, await createUser(t.ctx.db), '1000.00');
    expect(staff.statusCode).toBe(422);
    expect(errorsOf(staff).amount?.[0]).toMatch(/^The closing date \(.*\) has passed/);
    expect(await rowsOf(past.id)).toEqual([]);

    const today = await live({ closing_date: dayFrom(0) });
    expect((await reserve(agent, today.id, '1000.00')).statusCode).toBe(201);
  });
});

describe('a share price so small the shares would overflow their column', () => {
  it('is a 422 on share_price when set against the maximum, on create and on update', async () => {
    const round = await live({ status: 1, maximum_amount: '999999999.00', target_amount: null });
    const update = await patch(round.id, { share_price: '0.000001' });
    expect(update.statusCode, update.body).toBe(422);
    expect(errorsOf(update).share_price?.[0]).toMatch(/would buy more shares than can be recorded/);
    const create = await admin.post('/api/opportunities', {
      name: 'Tiny price',
      company_name: 'Tiny Ltd',
      target_amount: '1000.00',
      minimum_investment: '100.00',
      maximum_amount: '999999999.00',
      share_price: '0.000001',
      tax_relief: 'eis',
      closing_date: dayFrom(30),
    });
    expect(create.statusCode, create.body).toBe(422);
    expect(errorsOf(create).share_price?.[0]).toMatch(/would buy more shares than can be recorded/);
  });

  it('is a 422 on amount, not a 500, when investing or recording a manual investment without a maximum', async () => {
    const round = await live({ maximum_amount: null, target_amount: null, share_price: '0.000001' });
    const agent = await t.as(await ready());
    const investor = await reserve(agent, round.id, '100000000.00');
    expect(investor.statusCode, investor.body).toBe(422);
    expect(errorsOf(investor).amount?.[0]).toMatch(/buys more shares than can be recorded/);
    const staff = await manual(round.id, await createUser(t.ctx.db), '100000000.00');
    expect(staff.statusCode, staff.body).toBe(422);
    expect(errorsOf(staff).amount?.[0]).toMatch(/buys more shares than can be recorded/);
    // the largest amount that fits is taken
    expect((await reserve(agent, round.id, '99999999.99')).statusCode).toBe(201);
  });

  it('is a 422 when re-pricing to such a price', async () => {
    const round = await live({ maximum_amount: '999999999.00', target_amount: null });
    await reserved(round, '1000.00');
    const refused = await admin.post(`/api/opportunities/${round.id}/repricings`, {
      share_price: '0.000001',
      reason: 'Split',
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorsOf(refused).share_price?.[0]).toMatch(/would buy more shares than can be recorded/);
  });
});

describe('withdrawing a reservation that holds money', () => {
  it('is refused: staff cancel it and refund; without money it is withdrawn', async () => {
    const round = await live();
    const { id, agent } = await reserved(round, '1000.00');
    const paid = await admin.post(`/api/investments/${id}/payments`, {
      amount: '400.00',
      received_on: t.ctx.clock.today(),
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    const refused = await agent.post(`/api/profile/investments/${id}/cancel`, {});
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorsOf(refused).status).toEqual([
      `We have already received ${formatMoney('400.00')} for this reservation, so it cannot be withdrawn here: please contact us and we will cancel it and refund your money.`,
    ]);
    const [still] = await t.ctx.db.select().from(investments).where(eq(investments.id, id));
    expect(still?.status).toBe('reserved');

    const other = await reserved(round, '1000.00');
    expect((await other.agent.post(`/api/profile/investments/${other.id}/cancel`, {})).statusCode).toBe(200);
  });
});

describe('“remaining” is the gate’s figure everywhere', () => {
  it('the opportunity page, the list and the invest step show maximum − committed − held, and the gate agrees', async () => {
    const { round, holderAgent } = await preEmptionRound('10000.00');
    expect(
      (await put(holderAgent, `/api/profile/pre-emption/${round.id}`, { choice: 6, amount: '2500.00' }))
        .statusCode,
    ).toBe(200);
    const first = await reserved(round, '3000.00');
    // £10,000 − £3,000 committed − £2,500 held for the holder = £4,500
    const page = data<Opportunity>(await first.agent.get(`/api/opportunities/${round.id}`));
    expect(page.remaining_amount).toBe('4500.00');
    const list = data<Array<{ id: number; remaining_amount: string | null }>>(
      await first.agent.get(`/api/opportunities?fields=id,remaining_amount&filter[status]=2&per_page=100`),
    );
    expect(list.find((item) => item.id === round.id)?.remaining_amount).toBe('4500.00');
    const context = data<InvestingContext>(await first.agent.get(`/api/profile/investing/${round.id}`));
    expect(context.opportunity.remaining_amount).toBe('4500.00');
    // the holder is not held against themselves
    const own = data<Opportunity>(await holderAgent.get(`/api/opportunities/${round.id}`));
    expect(own.remaining_amount).toBe('7000.00');

    const over = await reserve(first.agent, round.id, '4501.00');
    expect(over.statusCode).toBe(422);
    expect(errorsOf(over).amount?.[0]).toMatch(/^Only £4,500\.00 remains\./);
    expect((await reserve(first.agent, round.id, '4500.00')).statusCode).toBe(201);
    const none = data<Opportunity>(await first.agent.get(`/api/opportunities/${round.id}`));
    expect(none.remaining_amount).toBe('0.00');
  });
});

/**
 * Races on PostgreSQL (PGlite runs one statement at a time): requests start a few milliseconds apart so
 * their transactions overlap.
 */
describe('under parallel requests', () => {
  const many = usePostgres();
  const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const staggered = <T>(requests: Array<() => Promise<T>>, every: number) =>
    Promise.all(requests.map(async (go, index) => (await after(index * every), go())));
  const agentsOf = async (count: number) => {
    const agents: Agent[] = [];
    for (let index = 0; index < count; index += 1) agents.push(await t.as(await ready()));
    return agents;
  };
  const cents = (amount: string) => BigInt(amount.replace('.', ''));

  /**
   * A commitment in flight: a transaction holding the round's row lock (as the gate does) that has added
   * an investment at the old terms and not yet committed, while a staff change to the terms arrives. The
   * change must wait for the lock and see the investment (PostgreSQL only: PGlite has one connection).
   */
  async function whileCommitting(
    round: OpportunityRow,
    amount: string,
    shares: string,
    change: () => Promise<{ statusCode: number; body: string }>,
  ) {
    const investor = await createUser(t.ctx.db);
    let pending: Promise<{ statusCode: number; body: string }> | undefined;
    await t.ctx.db.transaction(async (tx) => {
      await tx.select().from(opportunities).where(eq(opportunities.id, round.id)).for('update');
      await tx.insert(investments).values({
        opportunity_id: round.id,
        user_id: investor.id,
        amount,
        shares,
        status: 'reserved',
        type: 'platform',
      });
      pending = change();
      // long enough for the change to reach its own reads; the answer does not depend on it
      await after(400);
    });
    if (!pending) throw new Error('no change sent');
    return pending;
  }

  it.runIf(many)(
    'a maximum lowered while a reservation is being made waits for it and counts it',
    async () => {
      const round = await live({ maximum_amount: '1000.00', target_amount: null });
      const response = await whileCommitting(round, '600.00', '600', () =>
        patch(round.id, { maximum_amount: '500.00' }),
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response).maximum_amount?.[0]).toMatch(/^The maximum cannot be lower than £600\.00/);
    },
  );

  it.runIf(many)(
    'a re-pricing made while a reservation is being made waits for it and re-prices it',
    async () => {
      const round = await live({ share_price: '1.000000', target_amount: null });
      const response = await whileCommitting(round, '1000.00', '1000', () =>
        admin.post(`/api/opportunities/${round.id}/repricings`, {
          share_price: '1.25',
          reason: 'Valuation agreed',
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect((await rowsOf(round.id)).map((row) => [row.shares, row.amount])).toEqual([
        ['800.000000', '1000.00'],
      ]);
    },
  );

  it(
    'lowering the maximum while reservations arrive never leaves more committed than the maximum',
    { timeout: 120_000 },
    async () => {
      const round = await live({ maximum_amount: '20000.00', target_amount: null });
      const agents = await agentsOf(many ? 30 : 6);
      const lowerings = ['12000.00', '9000.00', '7000.00', '5000.00', '3000.00'];
      const requests: Array<() => Promise<{ statusCode: number; body: string }>> = agents.map(
        (agent) => () => reserve(agent, round.id, '500.00'),
      );
      lowerings.forEach((maximum, index) =>
        requests.splice(index * 6 + 3, 0, () => patch(round.id, { maximum_amount: maximum })),
      );
      const responses = await staggered(requests, 3);
      for (const response of responses) expect([200, 201, 422], response.body).toContain(response.statusCode);
      const [final] = await t.ctx.db.select().from(opportunities).where(eq(opportunities.id, round.id));
      const committed = await committedOf(round.id);
      expect(cents(committed)).toBeLessThanOrEqual(cents(final?.maximum_amount ?? '0'));
      const accepted = responses.filter((response) => response.statusCode === 201).length;
      expect(committed).toBe(`${accepted * 500}.00`);
    },
  );

  it(
    're-pricing while investments arrive leaves every investment at the new price by the rule, none at the old',
    { timeout: 120_000 },
    async () => {
      const round = await live({ maximum_amount: '100000.00', target_amount: null, share_price: '1.000000' });
      const agents = await agentsOf(many ? 30 : 6);
      // some before, the rest around the re-pricing
      for (const agent of agents.slice(0, 3))
        expect((await reserve(agent, round.id, '1000.00')).statusCode).toBe(201);
      const requests: Array<() => Promise<{ statusCode: number; body: string }>> = agents
        .slice(3)
        .map((agent) => () => reserve(agent, round.id, '1000.00'));
      requests.splice(Math.floor(requests.length / 2), 0, () =>
        admin.post(`/api/opportunities/${round.id}/repricings`, {
          share_price: '1.25',
          reason: 'Valuation agreed',
        }),
      );
      const responses = await staggered(requests, 3);
      for (const response of responses) expect([201], response.body).toContain(response.statusCode);
      const rows = await rowsOf(round.id);
      expect(rows).toHaveLength(agents.length);
      for (const row of rows) {
        // £1,000 buys 800 whole shares at £1.25 (1,000 at the old £1.00): the amount is their cost.
        expect(row.shares).toBe('800.000000');
        expect(row.amount).toBe(costOfShares(wholeSharesFor('1000.00', '1.25'), '1.25'));
      }
      const recorded = await t.ctx.db
        .select()
        .from(opportunityRepricingInvestments)
        .where(
          inArray(
            opportunityRepricingInvestments.investment_id,
            rows.map((row) => row.id),
          ),
        );
      // every investment made before the re-pricing was recomputed by it; the later ones at the new price
      expect(recorded.every((line) => line.shares_before === '1000.000000')).toBe(true);
    },
  );
});
