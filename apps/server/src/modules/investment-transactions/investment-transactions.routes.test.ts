import { can, ROLE_IDS, ROLES } from '@portico/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  holdingTransactions,
  investmentMethodEntities,
  investmentMethods,
  investmentPayments,
  investments,
  mailOutbox,
  nomineeClients,
  nominees,
  notifications,
  organisationLinks,
  organisations,
  sharePrices,
  type InvestmentRow,
  type UserRow,
} from '../../db/schema';
import { usePostgres } from '../../test/database';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity, dayFromToday } from '../opportunity-lifecycle/lifecycle-fixtures';
import { longDate } from '../../platform/dates';
import { londonDate } from '../../platform/time';
import { insertInvestmentWithMoney } from './ledger';

let t: TestApp;
let admin: Agent;

type Errors = { message: string; errors: Record<string, string[]> };
type Investment = {
  id: number;
  status: string;
  amount: string;
  shares: string | null;
  paid_amount: string;
  payment_reference: string | null;
  holding: { type: string; id: number | null; name: string };
  investor: { id: number; name: string };
  opportunity: { id: number; name: string; stage: number };
  due_date: string | null;
  cancel_reason: string | null;
  refunded_at: string | null;
  type: string;
};
type List = {
  data: Investment[];
  totals: { count: number; committed: string; called: string; received: string };
};
const json = <T = Record<string, unknown>>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T = Record<string, unknown>>(response: { body: string }) => json<{ data: T }>(response).data;

const today = () => londonDate(t.ctx.clock.now());

/** An investment as an investor's reservation would leave it (H1 writes the real path). */
async function reserve(
  opportunityId: number,
  user: UserRow,
  amount: string,
  extra: Partial<typeof investments.$inferInsert> = {},
): Promise<InvestmentRow> {
  // money held is booked on the ledger, the only way the database takes it (decision 019)
  const row = await insertInvestmentWithMoney(
    t.ctx.db,
    { opportunity_id: opportunityId, user_id: user.id, amount, shares: null, ...extra },
    { received_on: today() },
  );
  const [saved] = await t.ctx.db
    .update(investments)
    .set({ payment_reference: `REF-${row.id}` })
    .where(eq(investments.id, row.id))
    .returning();
  return saved ?? row;
}

/** Money held by an investment, booked as the database takes it: a ledger entry and the sum, together. */
async function book(row: InvestmentRow, amount: string) {
  await t.ctx.db.transaction(async (tx) => {
    await tx.insert(investmentPayments).values({
      investment_id: row.id,
      opportunity_id: row.opportunity_id,
      user_id: row.user_id,
      amount,
      paid_delta: amount,
      received_on: today(),
    });
    await tx.update(investments).set({ paid_amount: amount }).where(eq(investments.id, row.id));
  });
}

const investmentRow = async (id: number) =>
  (await t.ctx.db.select().from(investments).where(eq(investments.id, id)))[0];

const noticesOf = (userId: number) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.notifiable_id, userId))
    .orderBy(asc(notifications.created_at));

const mailsTo = (address: string) =>
  t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(desc(mailOutbox.id));

const actionsOn = async (subjectType: string, subjectId: number) =>
  (
    await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, subjectType), eq(auditLog.subject_id, subjectId)))
      .orderBy(auditLog.id)
  ).map((row) => row.action);

async function setFeatures(features: Record<string, boolean>) {
  const response = await admin.patch('/api/features', features);
  if (response.statusCode !== 200) throw new Error(response.body);
}

const put = (agent: Agent, url: string, payload: unknown) =>
  agent.request({ url, method: 'PUT', payload: payload as string });

const live = (overrides: Parameters<typeof createOpportunity>[1] = {}) =>
  createOpportunity(t.ctx.db, {
    status: 2,
    bank_account_name: 'Acme Client Account',
    bank_sort_code: '123456',
    bank_account_number: '12345678',
    bank_iban: 'GB29NWBK60161331926819',
    bank_swift: 'NWBKGB2L',
    ...overrides,
  });

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK: '1', LOG_LEVEL: process.env.HA_LOG ?? 'silent' });
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' }));
});
afterAll(() => t.close());

describe('permissions', () => {
  it.each(ROLE_IDS.map((role) => [role]))(
    'answers role %i what spec §6 gives it, on every endpoint',
    async (role) => {
      const agent = await t.as(await createStaff(t.ctx.db, role));
      const investor = await createUser(t.ctx.db);
      const opportunity = await live();
      const reserved = await reserve(opportunity.id, investor, '2000.00');
      const another = await reserve(opportunity.id, investor, '1000.00');
      const staff = role !== ROLES.USER;
      const allowed = (resource: Parameters<typeof can>[1], action: Parameters<typeof can>[2]) =>
        staff && can(role, resource, action);
      const cases: Array<[string, () => Promise<{ statusCode: number; body: string }>, boolean]> = [
        [
          'list',
          () => agent.get(`/api/opportunities/${opportunity.id}/investments`),
          allowed('investment_opportunity_live', 'show'),
        ],
        [
          'manual',
          () =>
            agent.post(`/api/opportunities/${opportunity.id}/investments`, {
              user_id: investor.id,
              type: 'manual',
              holding: { type: 'self' },
              amount: '1250.00',
              invested_on: today(),
            }),
          allowed('investment_opportunity_live', 'update'),
        ],
        [
          'bank details',
          () => agent.get(`/api/opportunities/${opportunity.id}/bank-details`),
          allowed('investment_opportunity_live', 'show'),
        ],
        [
          'change bank details',
          () => put(agent, `/api/opportunities/${opportunity.id}/bank-details`, { bank_account_name: 'X' }),
          allowed('investment_opportunity_live', 'update'),
        ],
        [
          'cash call',
          () =>
            agent.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
              investment_ids: [reserved.id],
              due_date: dayFromToday(14),
            }),
          allowed('cash_calls', 'create'),
        ],
        [
          'payments',
          () => agent.get(`/api/investments/${reserved.id}/payments`),
          allowed('investment_opportunity_live', 'show'),
        ],
        [
          'payment',
          () =>
            agent.post(`/api/investments/${reserved.id}/payments`, { amount: '100', received_on: today() }),
          allowed('cash_calls', 'update'),
        ],
        [
          'cancel',
          () => agent.post(`/api/investments/${another.id}/cancel`, { reason: 'Changed their mind' }),
          allowed('investment_opportunity_live', 'update'),
        ],
        [
          'investor tab',
          () => agent.get(`/api/investors/${investor.id}/investments`),
          allowed('investors', 'show'),
        ],
      ];
      for (const [name, call, expected] of cases) {
        const response = await call();
        if (expected) expect(response.statusCode, `${role} ${name}: ${response.body}`).toBeLessThan(300);
        else expect(response.statusCode, `${role} ${name}`).toBe(403);
      }
      // Refund: the cancelled investment had no money, so an allowed role hears why (422), others 403.
      await t.ctx.db
        .update(investments)
        .set({ status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'x' })
        .where(eq(investments.id, another.id));
      await book(another, '10.00');
      const refund = await agent.post(`/api/investments/${another.id}/refund`, { refunded_on: today() });
      expect(refund.statusCode, `${role} refund`).toBe(allowed('cash_calls', 'update') ? 201 : 403);
    },
  );

  it('answers 404 for an unknown opportunity, investment or record', async () => {
    expect((await admin.get('/api/opportunities/999999999/investments')).statusCode).toBe(404);
    expect((await admin.get('/api/investments/999999999/payments')).statusCode).toBe(404);
    expect(
      (await admin.post('/api/investments/999999999/payments', { amount: '1', received_on: today() }))
        .statusCode,
    ).toBe(404);
    for (const path of ['investors', 'organisations', 'investment-methods', 'nominees'])
      expect((await admin.get(`/api/${path}/999999999/investments`)).statusCode, path).toBe(404);
    const staff = await createStaff(t.ctx.db, ROLES.SUPPORT);
    expect((await admin.get(`/api/investors/${staff.id}/investments`)).statusCode).toBe(404);
  });
});

describe('the opportunity’s Transactions', () => {
  it('lists every investment with investor, holding, money and state, filtered, with totals', async () => {
    const opportunity = await live();
    const ann = await createUser(t.ctx.db, { name: 'Ann Investor' });
    const [organisation] = await t.ctx.db
      .insert(organisations)
      .values({ name: 'Ann Holdings Ltd' })
      .returning();
    if (!organisation) throw new Error('no organisation');
    await t.ctx.db.insert(organisationLinks).values({ organisation_id: organisation.id, user_id: ann.id });
    const first = await reserve(opportunity.id, ann, '5000.00');
    await reserve(opportunity.id, ann, '2500.00', {
      status: 'paid',
      paid_amount: '2500.00',
      holding_type: 'organisation',
      organisation_id: organisation.id,
    });
    await reserve(opportunity.id, ann, '1000.00', {
      status: 'cancelled',
      cancelled_at: new Date(),
      cancel_reason: 'Duplicate',
    });
    const list = json<List>(await admin.get(`/api/opportunities/${opportunity.id}/investments`));
    expect(list.data).toHaveLength(3);
    expect(list.totals).toMatchObject({
      count: 3,
      committed: '7500.00',
      called: '2500.00',
      received: '2500.00',
    });
    const byStatus = new Map(list.data.map((row) => [row.status, row]));
    expect(byStatus.get('reserved')).toMatchObject({
      id: first.id,
      amount: '5000.00',
      investor: { id: ann.id, name: 'Ann Investor' },
      holding: { type: 'self', id: null, name: 'Ann Investor' },
      opportunity: { id: opportunity.id, stage: 2 },
    });
    expect(byStatus.get('paid')?.holding).toEqual({
      type: 'organisation',
      id: organisation.id,
      name: 'Ann Holdings Ltd',
    });
    const filtered = json<List>(
      await admin.get(`/api/opportunities/${opportunity.id}/investments?filter[status]=paid,cancelled`),
    );
    expect(filtered.data.map((row) => row.status).sort()).toEqual(['cancelled', 'paid']);
    expect(filtered.totals.count).toBe(3);
    expect(
      (await admin.get(`/api/opportunities/${opportunity.id}/investments?filter[status]=lost`)).statusCode,
    ).toBe(422);
  });
});

describe('an existing investment’s Transactions (spec §6)', () => {
  it('are refused to the Investment Manager, as its Cap Table is; other readers still see them', async () => {
    const holder = await createUser(t.ctx.db, { name: 'Hana Holder' });
    const existing = await createOpportunity(t.ctx.db, { status: 5 });
    const completed = await reserve(existing.id, holder, '3000.00', {
      status: 'completed',
      shares: '2400',
      paid_amount: '3000.00',
    });
    const liveRound = await live();
    const reserved = await reserve(liveRound.id, holder, '1000.00');
    const list = (agent: Agent, id: number) => agent.get(`/api/opportunities/${id}/investments`);
    const payments = (agent: Agent, id: number) => agent.get(`/api/investments/${id}/payments`);

    const manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    for (const response of [
      await list(manager, existing.id),
      await payments(manager, completed.id),
      await manager.get(`/api/existing-investments/${existing.id}/cap-table`),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain('3000.00');
    }
    // a live round's Transactions stay open to the Investment Manager
    expect((await list(manager, liveRound.id)).statusCode).toBe(200);
    expect((await payments(manager, reserved.id)).statusCode).toBe(200);

    for (const role of [ROLES.SUPER_ADMIN, ROLES.FUND_MANAGER]) {
      const agent = await t.as(await createStaff(t.ctx.db, role));
      const rows = json<List>(await list(agent, existing.id)).data;
      expect(
        rows.map((row) => [row.amount, row.shares]),
        `role ${role}`,
      ).toEqual([['3000.00', '2400.000000']]);
      expect((await payments(agent, completed.id)).statusCode, `role ${role}`).toBe(200);
    }
  });
});

describe('manual investments', () => {
  it('records a manual investment with whole shares, a reference, activity and a notice', async () => {
    const opportunity = await live({ share_price: '1.250000' });
    const investor = await createUser(t.ctx.db, { name: 'Manual Mo' });
    const response = await admin.post(`/api/opportunities/${opportunity.id}/investments`, {
      user_id: investor.id,
      type: 'manual',
      holding: { type: 'self' },
      amount: '5000.99',
      invested_on: dayFromToday(-3),
      note: 'Signed at the dinner',
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = data<Investment>(response);
    expect(made).toMatchObject({
      status: 'reserved',
      type: 'manual',
      amount: '5000.00',
      shares: '4000.000000',
      rounding_note:
        '£5,000.99 buys 4000 whole shares at £1.25 a share: £5,000.00 is recorded, and the remaining £0.99 is not kept.',
    });
    expect(made.payment_reference).toMatch(new RegExp(`^P${opportunity.id}-\\d{6}$`));
    expect(await actionsOn('opportunity', opportunity.id)).toEqual(['opportunity.investment_recorded']);
    expect(await actionsOn('investor', investor.id)).toEqual(['investor.investment_recorded']);
    const [notice] = await noticesOf(investor.id);
    expect(notice?.data).toMatchObject({
      message: `An investment of £5,000.00 in **${opportunity.name}** was recorded for you.`,
      cta: '/investor/investments',
    });
  });

  it('records a private_manual one already paid, silently', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const response = await admin.post(`/api/opportunities/${opportunity.id}/investments`, {
      user_id: investor.id,
      type: 'private_manual',
      holding: { type: 'self' },
      amount: '2500',
      invested_on: today(),
      paid: true,
      reference: 'BACS 991',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(data<Investment>(response)).toMatchObject({ status: 'paid', paid_amount: '2500.00' });
    const payments = await t.ctx.db
      .select()
      .from(investmentPayments)
      .where(eq(investmentPayments.investment_id, data<Investment>(response).id));
    expect(payments).toMatchObject([{ kind: 'payment', amount: '2500.00', reference: 'BACS 991' }]);
    expect(await noticesOf(investor.id)).toEqual([]);
  });

  it('refuses past the maximum, on a closed round, another’s vehicle, a future date, a non-investor', async () => {
    const opportunity = await live({ maximum_amount: '10000.00', target_amount: '5000.00' });
    const investor = await createUser(t.ctx.db);
    await reserve(opportunity.id, investor, '8000.00');
    const manual = (body: Record<string, unknown>, id = opportunity.id) =>
      admin.post(`/api/opportunities/${id}/investments`, {
        user_id: investor.id,
        type: 'manual',
        holding: { type: 'self' },
        amount: '1000',
        invested_on: today(),
        ...body,
      });
    const over = await manual({ amount: '2001.25' });
    expect(over.statusCode).toBe(422);
    expect(json<Errors>(over).errors.amount).toEqual([
      'That would take the opportunity past its maximum of £10,000.00: £2,000.00 remains.',
    ]);
    expect((await manual({ amount: '2000.00' })).statusCode).toBe(201);
    const closed = await live({ status: 4 });
    expect(json<Errors>(await manual({}, closed.id)).errors.amount?.[0]).toMatch(/not taking commitments/);
    const [organisation] = await t.ctx.db
      .insert(organisations)
      .values({ name: 'Not Theirs Ltd' })
      .returning();
    const other = await manual({ holding: { type: 'organisation', organisation_id: organisation?.id } });
    expect(json<Errors>(other).errors['holding.organisation_id']).toEqual([
      'The investor is not linked to that organisation.',
    ]);
    expect(json<Errors>(await manual({ invested_on: dayFromToday(2) })).errors.invested_on).toBeDefined();
    const staff = await createStaff(t.ctx.db, ROLES.SUPPORT);
    expect(json<Errors>(await manual({ user_id: staff.id })).errors.user_id).toBeDefined();
    expect(json<Errors>(await manual({ amount: '-5' })).errors.amount).toBeDefined();
  });

  it.runIf(usePostgres())('never passes the maximum under parallel requests on PostgreSQL', async () => {
    const opportunity = await live({ maximum_amount: '10000.00', target_amount: '5000.00' });
    const investor = await createUser(t.ctx.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        admin.post(`/api/opportunities/${opportunity.id}/investments`, {
          user_id: investor.id,
          type: 'manual',
          holding: { type: 'self' },
          amount: '2000.00',
          invested_on: today(),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(7);
    const list = json<List>(await admin.get(`/api/opportunities/${opportunity.id}/investments`));
    expect(list.totals.committed).toBe('10000.00');
  });
});

describe('cash calls', () => {
  it('calls every reserved investment: awaiting payment, notified and emailed where and how to pay', async () => {
    await setFeatures({
      hide_bank_details: false,
      hide_payment_reference: false,
      intl_bank_details_enabled: false,
    });
    const opportunity = await live();
    const bo = await createUser(t.ctx.db, { name: 'Bo Investor', notification_emails: false });
    const one = await reserve(opportunity.id, bo, '3000.00');
    const two = await reserve(opportunity.id, bo, '1000.50');
    const paid = await reserve(opportunity.id, bo, '500.00', { status: 'paid', paid_amount: '500.00' });
    const due = dayFromToday(14);
    const response = await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
      due_date: due,
      message: 'Completion is planned for next month.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const call = data<{ id: number; investment_ids: number[]; amount: string }>(response);
    expect(call.investment_ids.sort()).toEqual([one.id, two.id].sort());
    expect(call.amount).toBe('4000.50');
    for (const id of [one.id, two.id])
      expect(await investmentRow(id)).toMatchObject({ status: 'awaiting_payment', cash_call_id: call.id });
    expect((await investmentRow(paid.id))?.status).toBe('paid');
    expect((await investmentRow(one.id))?.called_at).toBeInstanceOf(Date);
    const notices = await noticesOf(bo.id);
    expect(notices).toHaveLength(2);
    expect(notices[0]?.data).toMatchObject({ icon: 'default', cta: '/investor/investments' });
    expect(String(notices[0]?.data.message)).toMatch(/^Cash Call - Awaiting Payment: please pay £/);
    // The payment instruction is emailed even with notification emails off, and once per investment.
    const mails = await mailsTo(bo.email);
    expect(mails).toHaveLength(2);
    const text = mails.map((mail) => mail.text_body).join('\n');
    expect(text).toContain('Amount: £3,000.00');
    expect(text).toContain('Account name: Acme Client Account');
    expect(text).toContain('Sort code: 12-34-56');
    expect(text).toContain(`Payment reference: REF-${one.id}`);
    expect(text).toContain('Completion is planned for next month.');
    expect(text).not.toContain('IBAN');
    const list = json<List>(await admin.get(`/api/opportunities/${opportunity.id}/investments`));
    expect(list.data.find((row) => row.id === one.id)?.due_date).toBe(due);
    expect(list.totals.called).toBe('4500.50');
  });

  it('leaves out what the flags hide, and adds IBAN and SWIFT when international', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    await reserve(opportunity.id, investor, '1000.00');
    await setFeatures({ hide_bank_details: true, hide_payment_reference: true });
    await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, { due_date: dayFromToday(7) });
    const [hidden] = await mailsTo(investor.email);
    expect(hidden?.text_body).toContain('Amount: £1,000.00');
    expect(hidden?.text_body).not.toContain('Account name');
    expect(hidden?.text_body).not.toContain('Payment reference');
    await setFeatures({
      hide_bank_details: false,
      hide_payment_reference: false,
      intl_bank_details_enabled: true,
    });
    await reserve(opportunity.id, investor, '1000.00');
    await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, { due_date: dayFromToday(7) });
    const [international] = await mailsTo(investor.email);
    expect(international?.text_body).toContain('IBAN: GB29NWBK60161331926819');
    expect(international?.text_body).toContain('SWIFT/BIC: NWBKGB2L');
    await setFeatures({ intl_bank_details_enabled: false });
  });

  it('calls only reserved investments of the opportunity, due today or later', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const paid = await reserve(opportunity.id, investor, '500.00', { status: 'paid', paid_amount: '500.00' });
    const elsewhere = await reserve((await live()).id, investor, '500.00');
    const refused = await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
      investment_ids: [paid.id, elsewhere.id],
      due_date: dayFromToday(7),
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(json<Errors>(refused).errors)).toEqual(['investment_ids.0', 'investment_ids.1']);
    const none = await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
      due_date: dayFromToday(7),
    });
    expect(json<Errors>(none).errors.investment_ids).toEqual(['There are no reserved investments to call.']);
    const past = await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
      due_date: dayFromToday(-1),
    });
    expect(json<Errors>(past).errors.due_date).toEqual(['The due date cannot be in the past.']);
  });
});

describe('payments, cancellations and refunds', () => {
  it('takes partial payments, refuses overpayment, and turns paid at the amount with a notice', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db, { name: 'Cy Investor' });
    const row = await reserve(opportunity.id, investor, '5000.00', {
      status: 'awaiting_payment',
      called_at: new Date(),
    });
    const pay = (amount: string, reference = 'FPS') =>
      admin.post(`/api/investments/${row.id}/payments`, { amount, received_on: today(), reference });
    const part = await pay('1999.99');
    expect(part.statusCode, part.body).toBe(201);
    expect(data<{ investment: Investment }>(part).investment).toMatchObject({
      status: 'awaiting_payment',
      paid_amount: '1999.99',
    });
    const rest = await pay('3000.01', 'FPS 2');
    const detail = data<{ investment: Investment; payments: Array<{ amount: string; kind: string }> }>(rest);
    expect(detail.investment).toMatchObject({ status: 'paid', paid_amount: '5000.00' });
    expect(detail.payments.map((payment) => payment.amount)).toEqual(['1999.99', '3000.01']);
    expect((await investmentRow(row.id))?.paid_at).toBeInstanceOf(Date);
    const [notice] = await noticesOf(investor.id);
    expect(notice?.data.message).toBe(
      `Cash Call - Payment Received: we have received your payment of £5,000.00 for **${opportunity.name}**. Thank you.`,
    );
    expect((await mailsTo(investor.email))[0]?.text_body).toContain('Cash Call - Payment Received');
    // more money on a paid investment is held unallocated, never refused
    const more = data<{ unallocated: string }>(await pay('1', 'FPS 3'));
    expect(more.unallocated).toBe('1.00');
    expect(await actionsOn('investor', investor.id)).toEqual([
      'investor.payment_received',
      'investor.investment_paid',
      'investor.payment_received',
    ]);
  });

  it('makes one paid transition when two staff book the same bank line at once', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const row = await reserve(opportunity.id, investor, '2000.00', { status: 'awaiting_payment' });
    const support = await t.as(await createStaff(t.ctx.db, ROLES.SUPPORT));
    const answers = await Promise.all([
      admin.post(`/api/investments/${row.id}/payments`, {
        amount: '2000',
        received_on: today(),
        reference: 'FPS 77',
      }),
      support.post(`/api/investments/${row.id}/payments`, {
        amount: '2000',
        received_on: today(),
        reference: 'fps 77',
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect(await investmentRow(row.id)).toMatchObject({ status: 'paid', paid_amount: '2000.00' });
    expect(
      await t.ctx.db.select().from(investmentPayments).where(eq(investmentPayments.investment_id, row.id)),
    ).toHaveLength(1);
    expect(await noticesOf(investor.id)).toHaveLength(1);
  });

  it('cancels with a reason, then refunds the money received', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const row = await reserve(opportunity.id, investor, '4000.00', { status: 'awaiting_payment' });
    await admin.post(`/api/investments/${row.id}/payments`, { amount: '1500', received_on: today() });
    expect(
      json<Errors>(await admin.post(`/api/investments/${row.id}/cancel`, { reason: '  ' })).errors.reason,
    ).toEqual(['Say why the investment is cancelled.']);
    expect(
      json<Errors>(await admin.post(`/api/investments/${row.id}/refund`, { refunded_on: today() })).errors
        .refunded_on,
    ).toEqual(['Cancel the investment before refunding it.']);
    const cancelled = await admin.post(`/api/investments/${row.id}/cancel`, {
      reason: 'Could not raise the funds',
    });
    expect(data<Investment>(cancelled)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Could not raise the funds',
      paid_amount: '1500.00',
    });
    const refunded = await admin.post(`/api/investments/${row.id}/refund`, {
      refunded_on: today(),
      reference: 'RTN-1',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const detail = data<{ investment: Investment; payments: Array<{ amount: string; kind: string }> }>(
      refunded,
    );
    expect(detail.investment.paid_amount).toBe('0.00');
    expect(detail.investment.refunded_at).toEqual(expect.any(String));
    expect(detail.payments.map((payment) => [payment.kind, payment.amount])).toEqual([
      ['payment', '1500.00'],
      ['refund', '1500.00'],
    ]);
    expect((await admin.post(`/api/investments/${row.id}/refund`, { refunded_on: today() })).statusCode).toBe(
      422,
    );
    expect(await actionsOn('opportunity', opportunity.id)).toEqual([
      'opportunity.payment_received',
      'opportunity.investment_cancelled',
      'opportunity.investment_refunded',
    ]);
    const list = json<List>(await admin.get(`/api/opportunities/${opportunity.id}/investments`));
    expect(list.totals).toMatchObject({ committed: '0.00', received: '0.00' });
    // the investor is told of both, live and by email, whatever their email setting
    const [cancelNotice, refundNotice] = await noticesOf(investor.id);
    expect(cancelNotice?.data).toEqual({
      message: `Your investment of £4,000.00 in **${opportunity.name}** was cancelled: Could not raise the funds. We will refund the £1,500.00 you paid.`,
      cta: '/investor/investments',
      icon: 'default',
    });
    expect(cancelNotice?.type).toBe('App\\Notifications\\InvestmentCancelled');
    expect(refundNotice?.data.message).toBe(
      `We have refunded the £1,500.00 you paid for **${opportunity.name}** on ${longDate(today())}.`,
    );
    const [refundMail, cancelMail] = await mailsTo(investor.email);
    expect(cancelMail?.subject).toContain(`your investment in ${opportunity.name} was cancelled`);
    expect(cancelMail?.text_body).toContain('Reason: Could not raise the funds');
    expect(refundMail?.subject).toContain(`your payment for ${opportunity.name} was refunded`);
    expect(refundMail?.text_body).toContain('Amount: £1,500.00');
    expect(refundMail?.text_body).toContain('Reference: RTN-1');
  });

  it('cancels and refunds a private_manual investment without a word to the investor', async () => {
    const opportunity = await live();
    const investor = await createUser(t.ctx.db);
    const row = await reserve(opportunity.id, investor, '900.00', {
      status: 'paid',
      paid_amount: '900.00',
      type: 'private_manual',
    });
    const cancelled = await admin.post(`/api/investments/${row.id}/cancel`, {
      reason: 'Allotted elsewhere.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refunded = await admin.post(`/api/investments/${row.id}/refund`, { refunded_on: today() });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await noticesOf(investor.id)).toEqual([]);
    expect(await mailsTo(investor.email)).toEqual([]);
  });
});

describe('completing a round', () => {
  it('is refused while commitments are unpaid, naming them, then allots the paid ones', async () => {
    const opportunity = await live({ status: 4, share_price: '2.500000', share_class: 'Ordinary A' });
    const dee = await createUser(t.ctx.db, { name: 'Dee Investor' });
    const eve = await createUser(t.ctx.db, { name: 'Eve Investor' });
    const paid = await reserve(opportunity.id, dee, '5000.00', {
      status: 'paid',
      paid_amount: '5000.00',
      shares: '2000',
    });
    const unpaid = await reserve(opportunity.id, eve, '1000.00', {
      status: 'awaiting_payment',
      paid_amount: '250.00',
    });
    const silent = await reserve(opportunity.id, eve, '2500.00', {
      status: 'paid',
      paid_amount: '2500.00',
      type: 'private_manual',
    });
    const refused = await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 5 });
    expect(refused.statusCode).toBe(422);
    expect(json<Errors>(refused).errors.status).toEqual([
      '1 commitment is unpaid (Eve Investor £1,000.00 (£250.00 paid)): record their payments or cancel them before completing.',
    ]);
    expect((await investmentRow(paid.id))?.status).toBe('paid');
    await admin.post(`/api/investments/${unpaid.id}/cancel`, { reason: 'Missed the deadline' });
    const done = await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 5 });
    expect(done.statusCode, done.body).toBe(200);
    expect(await investmentRow(paid.id)).toMatchObject({ status: 'completed', shares: '2000.000000' });
    expect((await investmentRow(paid.id))?.completed_at).toBeInstanceOf(Date);
    expect((await investmentRow(silent.id))?.shares).toBe('1000.000000');
    const allotments = await t.ctx.db
      .select()
      .from(holdingTransactions)
      .where(eq(holdingTransactions.opportunity_id, opportunity.id))
      .orderBy(holdingTransactions.investment_id);
    expect(allotments).toMatchObject([
      {
        investment_id: paid.id,
        user_id: dee.id,
        kind: 'allotment',
        amount: '5000.00',
        shares: '2000.000000',
        price: '2.500000',
        share_class: 'Ordinary A',
        occurred_on: today(),
      },
      { investment_id: silent.id, kind: 'allotment', amount: '2500.00', shares: '1000.000000' },
    ]);
    expect(
      await t.ctx.db.select().from(sharePrices).where(eq(sharePrices.opportunity_id, opportunity.id)),
    ).toMatchObject([{ kind: 'round', price: '2.500000', effective_on: today() }]);
    // What the round raised stays its committed amount (the cancelled commitment is not in it).
    const record = json<{ data: { committed_amount: string } }>(
      await admin.get(`/api/opportunities/${opportunity.id}`),
    );
    expect(record.data.committed_amount).toBe('7500.00');
    const [notice] = await noticesOf(dee.id);
    expect(notice?.data).toEqual({
      message: `**${opportunity.name}** has completed: 2,000 shares were allotted to you for £5,000.00.`,
      cta: `/investor/portfolio/${opportunity.id}`,
      icon: 'investment_opportunity_transition_existing',
    });
    expect((await mailsTo(dee.email))[0]?.text_body).toContain('2,000 shares were allotted to you');
    expect(
      (await noticesOf(eve.id)).filter(
        (row) => row.data.icon === 'investment_opportunity_transition_existing',
      ),
    ).toEqual([]);
    expect(await actionsOn('investor', dee.id)).toContain('investor.shares_allotted');
  });

  it('completes a round with nothing paid, allotting nothing', async () => {
    const opportunity = await live({ status: 4 });
    const done = await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 5 });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('a round in another currency', () => {
  it('speaks its currency in every message to the investor and to staff', async () => {
    await setFeatures({ hide_bank_details: false, hide_payment_reference: false });
    const opportunity = await live({ currency: 'EUR', share_price: '2.000000' });
    const investor = await createUser(t.ctx.db, { name: 'Erin Euro' });
    const other = await createUser(t.ctx.db, { name: 'Otto Other' });
    const called = await reserve(opportunity.id, investor, '4000.00', { shares: '2000' });
    const dropped = await reserve(opportunity.id, other, '1000.00', { shares: '500' });
    const call = await admin.post(`/api/opportunities/${opportunity.id}/cash-calls`, {
      due_date: dayFromToday(14),
      investment_ids: [called.id],
    });
    expect(call.statusCode, call.body).toBe(201);
    expect((await mailsTo(investor.email))[0]?.text_body).toContain('Amount: €4,000.00');

    const tooMuch = await admin.post(`/api/investments/${called.id}/payments`, {
      amount: '5000',
      received_on: today(),
      reference: 'SEPA 1',
    });
    expect(data<{ unallocated: string }>(tooMuch).unallocated).toBe('1000.00');
    const back = await admin.post(`/api/investments/${called.id}/unallocated/refund`, {
      amount: '1000',
      refunded_on: today(),
    });
    expect(back.statusCode, back.body).toBe(201);
    await admin.post(`/api/investments/${dropped.id}/payments`, { amount: '300', received_on: today() });
    await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 4 });
    const refused = await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 5 });
    expect(json<Errors>(refused).errors.status?.[0]).toContain('Otto Other €1,000.00 (€300.00 paid)');
    await admin.post(`/api/investments/${dropped.id}/cancel`, { reason: 'Changed their mind' });
    await admin.post(`/api/investments/${dropped.id}/refund`, { refunded_on: today() });
    expect(
      (await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 5 })).statusCode,
    ).toBe(200);

    const messages = async (id: number) =>
      (await noticesOf(id)).map((row) => String(row.data.message)).join('\n');
    const erin = await messages(investor.id);
    expect(erin).toMatch(/Cash Call - Awaiting Payment: please pay €4,000\.00/);
    expect(erin).toMatch(/we have received your payment of €4,000\.00/);
    expect(erin).toMatch(/2,000 shares were allotted to you for €4,000\.00/);
    const otto = await messages(other.id);
    expect(otto).toMatch(/Your investment of €1,000\.00 .* We will refund the €300\.00 you paid\./);
    expect(otto).toMatch(/We have refunded the €300\.00 you paid/);
    expect(erin).toMatch(/We have refunded the €1,000\.00 you paid/);
    expect(`${erin}\n${otto}`).not.toContain('£');
  });
});

describe('the Transactions tabs of investors, organisations, investment methods and nominees', () => {
  it('lists the investments held through each', async () => {
    const investor = await createUser(t.ctx.db, { name: 'Fay Investor' });
    const opportunity = await live();
    const [organisation] = await t.ctx.db.insert(organisations).values({ name: 'Fay Ltd' }).returning();
    const [method] = await t.ctx.db.insert(investmentMethods).values({ name: 'Big SIPP' }).returning();
    const [nominee] = await t.ctx.db.insert(nominees).values({ name: 'Safe Nominees' }).returning();
    if (!organisation || !method || !nominee) throw new Error('fixtures');
    const [entity] = await t.ctx.db
      .insert(investmentMethodEntities)
      .values({ investment_method_id: method.id, user_id: investor.id, name: 'Fay SIPP' })
      .returning();
    if (!entity) throw new Error('entity');
    await t.ctx.db
      .insert(organisationLinks)
      .values({ organisation_id: organisation.id, user_id: investor.id });
    await t.ctx.db.insert(nomineeClients).values({ nominee_id: nominee.id, user_id: investor.id });
    const holdings = [
      { type: 'self' },
      { type: 'organisation', organisation_id: organisation.id },
      { type: 'investment_method', investment_method_entity_id: entity.id },
      { type: 'nominee', nominee_id: nominee.id },
    ];
    for (const holding of holdings) {
      const response = await admin.post(`/api/opportunities/${opportunity.id}/investments`, {
        user_id: investor.id,
        type: 'manual',
        holding,
        amount: '1000',
        invested_on: today(),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const tab = async (path: string) => json<List>(await admin.get(path));
    expect((await tab(`/api/investors/${investor.id}/investments`)).totals).toMatchObject({
      count: 4,
      committed: '4000.00',
    });
    expect(
      (await tab(`/api/organisations/${organisation.id}/investments`)).data.map((row) => row.holding.name),
    ).toEqual(['Fay Ltd']);
    expect(
      (await tab(`/api/investment-methods/${method.id}/investments`)).data.map((row) => row.holding.name),
    ).toEqual(['Fay SIPP']);
    expect(
      (await tab(`/api/nominees/${nominee.id}/investments`)).data.map((row) => row.holding.name),
    ).toEqual(['Safe Nominees']);
    expect((await tab(`/api/investors/${investor.id}/investments?filter[status]=paid`)).data).toEqual([]);
  });
});

describe('bank details', () => {
  it('shows and changes where investors pay, hidden in the admin by its flag', async () => {
    const opportunity = await live();
    const shown = data<Record<string, unknown>>(
      await admin.get(`/api/opportunities/${opportunity.id}/bank-details`),
    );
    expect(shown).toMatchObject({ hidden: false, bank_account_name: 'Acme Client Account', bank_iban: null });
    const changed = await put(admin, `/api/opportunities/${opportunity.id}/bank-details`, {
      bank_sort_code: '65-43-21',
      bank_account_number: '',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data(changed)).toMatchObject({
      bank_sort_code: '654321',
      bank_account_number: null,
      bank_account_name: 'Acme Client Account',
    });
    const bad = await put(admin, `/api/opportunities/${opportunity.id}/bank-details`, {
      bank_sort_code: '12',
    });
    expect(Object.keys(json<Errors>(bad).errors)).toEqual(['bank_sort_code']);
    await setFeatures({ hide_bank_details_admin: true });
    expect(data(await admin.get(`/api/opportunities/${opportunity.id}/bank-details`))).toMatchObject({
      hidden: true,
      bank_account_name: null,
    });
    expect(
      (await put(admin, `/api/opportunities/${opportunity.id}/bank-details`, { bank_account_name: 'Y' }))
        .statusCode,
    ).toBe(403);
    await setFeatures({ hide_bank_details_admin: false });
    expect(await actionsOn('opportunity', opportunity.id)).toEqual(['opportunity.bank_details_changed']);
  });
});

describe('private_manual investments are the round’s books only (decision 014, addendum)', () => {
  it('stay out of the investor’s investments, portfolio, holding and history; manual ones show', async () => {
    const opportunity = await live({ status: 4, share_price: '2.000000' });
    const investor = await createUser(t.ctx.db, { name: 'Gil Founder' });
    const shown = await reserve(opportunity.id, investor, '2000.00', {
      status: 'paid',
      paid_amount: '2000.00',
      type: 'manual',
    });
    const hidden = await reserve(opportunity.id, investor, '6000.00', {
      status: 'paid',
      paid_amount: '6000.00',
      type: 'private_manual',
    });
    const agent = await t.as(investor);
    const mine = data<Array<{ id: number }>>(await agent.get('/api/profile/investments'));
    expect(mine.map((row) => row.id)).toEqual([shown.id]);
    expect((await agent.get(`/api/profile/investments/${hidden.id}`)).statusCode).toBe(404);

    const done = await admin.post(`/api/opportunities/${opportunity.id}/transition`, { status: 5 });
    expect(done.statusCode, done.body).toBe(200);
    // both are allotted for the books
    expect(
      await t.ctx.db
        .select()
        .from(holdingTransactions)
        .where(eq(holdingTransactions.opportunity_id, opportunity.id)),
    ).toHaveLength(2);
    const portfolio = data<{
      holdings: Array<{ invested: string; shares: string }>;
      totals: { invested: string };
    }>(await agent.get('/api/portfolio'));
    expect(portfolio.holdings).toMatchObject([{ invested: '2000.00', shares: '1000.000000' }]);
    expect(portfolio.totals.invested).toBe('2000.00');
    const holding = data<{ invested: string; transactions: Array<{ amount: string }> }>(
      await agent.get(`/api/portfolio/${opportunity.id}`),
    );
    expect(holding.invested).toBe('2000.00');
    expect(holding.transactions.map((row) => row.amount)).toEqual(['2000.00']);
    const history = data<{ points: Array<{ invested: string }> }>(
      await agent.get('/api/portfolio/history'),
    ).points;
    expect(history.at(-1)?.invested).toBe('2000.00');
    // the investor heard of the manual one's allotment only
    const notices = (await noticesOf(investor.id)).map((row) => String(row.data.message));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/1,000 shares were allotted to you for £2,000\.00/);
    // staff see both
    const list = json<List>(await admin.get(`/api/investors/${investor.id}/investments`));
    expect(list.data.map((row) => row.type).sort()).toEqual(['manual', 'private_manual']);
  });
});
