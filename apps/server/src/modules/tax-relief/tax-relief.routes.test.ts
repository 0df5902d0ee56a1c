import { ROLES } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  fundCompanyTransactions,
  holdingTransactions,
  investments,
  taxReliefCertificates,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { createOpportunity } from '../opportunity-lifecycle/lifecycle-fixtures';

/*
 * EIS/SEIS relief (issue 20): the investor's relief statement (own lines only, the tax year turning on 6 April,
 * relief exact and rounded down), its PDF, and the certificates staff record for an existing investment's share
 * issues (one, all awaited at once, withdrawn) and for an EIS fund's company investments.
 */

let t: TestApp;
let admin: Agent;
let ivy: UserRow;
let olly: UserRow;
let ivyAgent: Agent;
let eisRound: OpportunityRow;
let seisRound: OpportunityRow;
let plainRound: OpportunityRow;
const issue = {} as Record<'ivyApril5' | 'ivyApril6' | 'ivySeis' | 'ivyExit' | 'ivyPlain' | 'olly', number>;

type Errors = { message: string; errors: Record<string, string[]> };
type Line = {
  source: string;
  share_issue_id: number;
  company_name: string;
  date: string;
  amount: string;
  rate: string;
  relief_amount: string;
  tax_year: number;
  tax_year_label: string;
  certificate: {
    status: string;
    id: number | null;
    scheme: string;
    reference: string | null;
    issued_on: string | null;
  };
};
type Statement = { lines: Line[]; totals: Array<Record<string, unknown>> };
type StaffRelief = { relief: string; rate: string | null; lines: Array<Line & { investor: { id: number } }> };
const json = <T>(response: { body: string }) => JSON.parse(response.body) as T;
const data = <T>(response: { body: string }) => json<{ data: T }>(response).data;

async function allot(
  opportunity: OpportunityRow,
  user: UserRow,
  kind: 'allotment' | 'follow_on' | 'exit',
  occurred_on: string,
  amount: string,
) {
  const [row] = await t.ctx.db
    .insert(holdingTransactions)
    .values({ opportunity_id: opportunity.id, user_id: user.id, kind, occurred_on, shares: '100', amount })
    .returning();
  if (!row) throw new Error('no transaction');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
  ivy = await createUser(t.ctx.db, { name: 'Ivy Investor' });
  olly = await createUser(t.ctx.db, { name: 'Olly Other' });
  ivyAgent = await t.as(ivy);
  eisRound = await createOpportunity(t.ctx.db, { status: 5, tax_relief: 'eis', company_name: 'Eisco Ltd' });
  seisRound = await createOpportunity(t.ctx.db, { status: 6, tax_relief: 'seis', company_name: 'Seedy Ltd' });
  plainRound = await createOpportunity(t.ctx.db, {
    status: 5,
    tax_relief: 'none',
    company_name: 'Plain Ltd',
  });
  // 5 April is the last day of 2024/25, 6 April the first of 2025/26 (London dates)
  issue.ivyApril5 = await allot(eisRound, ivy, 'allotment', '2025-04-05', '10000.00');
  issue.ivyApril6 = await allot(eisRound, ivy, 'follow_on', '2025-04-06', '3333.33');
  issue.ivySeis = await allot(seisRound, ivy, 'allotment', '2025-06-01', '1000.01');
  issue.ivyExit = await allot(eisRound, ivy, 'exit', '2025-07-01', '500.00');
  issue.ivyPlain = await allot(plainRound, ivy, 'allotment', '2025-06-01', '2000.00');
  issue.olly = await allot(eisRound, olly, 'allotment', '2025-04-06', '5000.00');
});
afterAll(() => t.close());

describe('the investor’s relief statement', () => {
  it('lists only the investor’s own EIS and SEIS share issues, by tax year, relief exact', async () => {
    const response = await ivyAgent.get('/api/portfolio/tax-relief');
    expect(response.statusCode).toBe(200);
    const statement = data<Statement>(response);
    expect(statement.lines.map((line) => line.share_issue_id)).toEqual([
      issue.ivyApril5,
      issue.ivyApril6,
      issue.ivySeis,
    ]);
    expect(statement.lines).toMatchObject([
      {
        source: 'direct',
        company_name: 'Eisco Ltd',
        amount: '10000.00',
        rate: '0.30',
        relief_amount: '3000.00',
        tax_year: 2024,
        tax_year_label: '2024/25',
        certificate: { status: 'awaited', scheme: 'eis3', reference: null },
      },
      // 3333.33 × 30% = 999.999: rounded down to the penny
      { amount: '3333.33', relief_amount: '999.99', tax_year: 2025, tax_year_label: '2025/26' },
      // 1000.01 × 50% = 500.005
      { company_name: 'Seedy Ltd', rate: '0.50', relief_amount: '500.00', certificate: { scheme: 'seis3' } },
    ]);
    expect(statement.totals).toEqual([
      {
        tax_year: 2025,
        tax_year_label: '2025/26',
        currency: 'GBP',
        amount: '4333.34',
        relief_amount: '1499.99',
        lines: 2,
        awaited: 2,
      },
      {
        tax_year: 2024,
        tax_year_label: '2024/25',
        currency: 'GBP',
        amount: '10000.00',
        relief_amount: '3000.00',
        lines: 1,
        awaited: 1,
      },
    ]);
  });

  it('filters to one tax year, and refuses one that is not a year', async () => {
    const year = data<Statement>(await ivyAgent.get('/api/portfolio/tax-relief?tax_year=2024'));
    expect(year.lines.map((line) => line.share_issue_id)).toEqual([issue.ivyApril5]);
    const bad = await ivyAgent.get('/api/portfolio/tax-relief?tax_year=twenty');
    expect(bad.statusCode).toBe(422);
    expect(json<Errors>(bad).errors).toHaveProperty('tax_year');
  });

  it('answers an empty statement to an investor with nothing that qualifies', async () => {
    const nobody = await t.as(await createUser(t.ctx.db));
    expect(data<Statement>(await nobody.get('/api/portfolio/tax-relief'))).toEqual({ lines: [], totals: [] });
  });

  it('is for investors only', async () => {
    expect((await admin.get('/api/portfolio/tax-relief')).statusCode).toBe(403);
    expect((await t.agent().get('/api/portfolio/tax-relief')).statusCode).toBe(401);
  });

  it('downloads the statement as a PDF', async () => {
    const response = await ivyAgent.get('/api/portfolio/tax-relief.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="Tax relief statement/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const year = await ivyAgent.get('/api/portfolio/tax-relief.pdf?tax_year=2025');
    expect(year.headers['content-disposition']).toMatch(/2025-26\.pdf/);
  });
});

describe('certificates of an existing investment', () => {
  const base = () => `/api/existing-investments/${eisRound.id}/transactions/tax-relief`;

  it('records one, which the investor then sees received; audited', async () => {
    const response = await admin.post(`${base()}/certificates`, {
      holding_transaction_id: issue.ivyApril5,
      reference: ' EIS3/ABC/1 ',
      issued_on: '2025-09-01',
    });
    expect(response.statusCode).toBe(201);
    const certificate = data<{ id: number; user_id: number; scheme: string; reference: string }>(response);
    expect(certificate).toMatchObject({ user_id: ivy.id, scheme: 'eis3', reference: 'EIS3/ABC/1' });

    const line = data<Statement>(await ivyAgent.get('/api/portfolio/tax-relief')).lines[0];
    expect(line?.certificate).toEqual({
      status: 'received',
      id: certificate.id,
      scheme: 'eis3',
      reference: 'EIS3/ABC/1',
      issued_on: '2025-09-01',
    });
    const own = await ivyAgent.get(`/api/portfolio/tax-relief/certificates/${certificate.id}`);
    expect(own.statusCode).toBe(200);
    // another investor's certificate is a 404
    const ollyAgent = await t.as(olly);
    expect((await ollyAgent.get(`/api/portfolio/tax-relief/certificates/${certificate.id}`)).statusCode).toBe(
      404,
    );

    const audits = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject_type, 'opportunity'), eq(auditLog.subject_id, eisRound.id)));
    expect(audits.map((row) => row.action)).toContain('opportunity.tax_relief_certificate_recorded');
  });

  it('keeps one certificate per share issue, and refuses bad dates and other rounds’ issues', async () => {
    const again = await admin.post(`${base()}/certificates`, {
      holding_transaction_id: issue.ivyApril5,
      reference: 'EIS3/ABC/2',
      issued_on: '2025-09-02',
    });
    expect(again.statusCode).toBe(422);
    expect(json<Errors>(again).errors.reference?.[0]).toMatch(/already has a certificate/);
    const future = await admin.post(`${base()}/certificates`, {
      holding_transaction_id: issue.ivyApril6,
      reference: 'X',
      issued_on: '2999-01-01',
    });
    expect(json<Errors>(future).errors).toHaveProperty('issued_on');
    const early = await admin.post(`${base()}/certificates`, {
      holding_transaction_id: issue.ivyApril6,
      reference: 'X',
      issued_on: '2025-04-05',
    });
    expect(json<Errors>(early).errors.issued_on?.[0]).toMatch(/before the shares/);
    for (const other of [issue.ivySeis, issue.ivyExit]) {
      const wrong = await admin.post(`${base()}/certificates`, {
        holding_transaction_id: other,
        reference: 'X',
        issued_on: '2025-09-01',
      });
      expect(wrong.statusCode).toBe(422);
      expect(json<Errors>(wrong).errors).toHaveProperty('holding_transaction_id');
    }
    const plain = await admin.post(
      `/api/existing-investments/${plainRound.id}/transactions/tax-relief/certificates`,
      {
        holding_transaction_id: issue.ivyPlain,
        reference: 'X',
        issued_on: '2025-09-01',
      },
    );
    expect(plain.statusCode).toBe(422);
    const blank = await admin.post(`${base()}/certificates`, {
      holding_transaction_id: issue.ivyApril6,
      reference: '  ',
      issued_on: '1 Sept',
    });
    expect(Object.keys(json<Errors>(blank).errors).sort()).toEqual(['issued_on', 'reference']);
  });

  it('records every awaited share issue of the round at once', async () => {
    const response = await admin.post(`${base()}/certificates/bulk`, {
      issued_on: '2025-10-01',
      reference_prefix: 'EIS3-2025-',
    });
    expect(response.statusCode).toBe(200);
    const result = data<{
      recorded: number;
      certificates: Array<{ holding_transaction_id: number; reference: string }>;
    }>(response);
    expect(result.recorded).toBe(2);
    expect(result.certificates.map((row) => row.reference).sort()).toEqual(
      [`EIS3-2025-${issue.ivyApril6}`, `EIS3-2025-${issue.olly}`].sort(),
    );
    const staff = data<StaffRelief>(await admin.get(base()));
    expect(staff.relief).toBe('eis');
    expect(staff.lines.map((line) => line.certificate.status)).toEqual(['received', 'received', 'received']);
    // nothing left awaiting
    expect(
      data<{ recorded: number }>(
        await admin.post(`${base()}/certificates/bulk`, { issued_on: '2025-10-02', reference_prefix: 'Y' }),
      ).recorded,
    ).toBe(0);
  });

  it('withdraws a certificate recorded by mistake: kept, and the issue awaits one again', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(taxReliefCertificates)
      .where(eq(taxReliefCertificates.holding_transaction_id, issue.olly));
    if (!row) throw new Error('no certificate');
    const withdrawn = await admin.post(`${base()}/certificates/${row.id}/withdraw`, {
      reason: 'Wrong reference',
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(data<{ withdrawn_at: string | null }>(withdrawn).withdrawn_at).not.toBeNull();
    const again = await admin.post(`${base()}/certificates/${row.id}/withdraw`, { reason: 'Twice' });
    expect(again.statusCode).toBe(422);
    const staff = data<StaffRelief>(await admin.get(base()));
    expect(staff.lines.find((line) => line.share_issue_id === issue.olly)?.certificate.status).toBe(
      'awaited',
    );
    // a certificate of another round is not this round's
    const seis = await admin.post(
      `/api/existing-investments/${seisRound.id}/transactions/tax-relief/certificates/${row.id}/withdraw`,
      {
        reason: 'x',
      },
    );
    expect(seis.statusCode).toBe(404);
    const recorded = await admin.post(`${base()}/certificates`, {
      holding_transaction_id: issue.olly,
      reference: 'EIS3/OLLY',
      issued_on: '2025-10-03',
    });
    expect(recorded.statusCode).toBe(201);
  });

  it('is append-only: the database refuses a change or a deletion', async () => {
    const [row] = await t.ctx.db.select().from(taxReliefCertificates).limit(1);
    if (!row) throw new Error('no certificate');
    await expect(
      t.ctx.db
        .update(taxReliefCertificates)
        .set({ reference: 'changed' })
        .where(eq(taxReliefCertificates.id, row.id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.delete(taxReliefCertificates).where(eq(taxReliefCertificates.id, row.id)),
    ).rejects.toThrow();
    // a row must cover a share issue: an exit is not one
    await expect(
      t.ctx.db.insert(taxReliefCertificates).values({
        holding_transaction_id: issue.ivyExit,
        user_id: ivy.id,
        scheme: 'eis3',
        reference: 'X',
        issued_on: '2025-09-01',
      }),
    ).rejects.toThrow();
    const [still] = await t.ctx.db
      .select({ reference: taxReliefCertificates.reference })
      .from(taxReliefCertificates)
      .where(eq(taxReliefCertificates.id, row.id));
    expect(still?.reference).toBe(row.reference);
  });

  it('needs the existing investments resource: read to see, update to record', async () => {
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get(base())).statusCode).toBe(403);
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(base())).statusCode).toBe(200);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    // the Investment Manager does not see the Transactions tab (spec §6), whose relief this is
    expect((await manager.get(base())).statusCode).toBe(403);
    const refused = await manager.post(`${base()}/certificates/bulk`, {
      issued_on: '2025-10-01',
      reference_prefix: 'Z',
    });
    expect(refused.statusCode).toBe(403);
    expect((await ivyAgent.get(base())).statusCode).toBe(403);
    const live = await createOpportunity(t.ctx.db, { status: 3 });
    expect((await admin.get(`/api/existing-investments/${live.id}/transactions/tax-relief`)).statusCode).toBe(
      404,
    );
  });
});

describe('an EIS fund’s certificates (EIS5)', () => {
  it('splits the fund’s investment over its investors by paid-in capital, and records an EIS5', async () => {
    const on = await admin.patch('/api/features', { enableFunds: true });
    expect(on.statusCode).toBe(200);
    const created = await admin.post('/api/funds', {
      name: 'Relief Fund',
      currency: 'GBP',
      target_size: '1000000',
      tax_relief: 'eis',
    });
    expect(created.statusCode).toBe(201);
    const fundId = data<{ id: number }>(created).id;
    const raise = await createOpportunity(t.ctx.db, {
      status: 2,
      fund_id: fundId,
      share_price: null,
      tax_relief: 'eis',
      maximum_amount: '1000000.00',
      target_amount: '500000.00',
    });
    const commitments = [];
    for (const [investor, amount] of [
      [ivy, '10000.00'],
      [olly, '30000.00'],
    ] as const) {
      const [row] = await t.ctx.db
        .insert(investments)
        .values({
          opportunity_id: raise.id,
          user_id: investor.id,
          amount,
          payment_reference: `RF-${investor.id}`,
        })
        .returning();
      if (!row) throw new Error('no commitment');
      commitments.push(row);
    }
    const called = await admin.post(`/api/funds/${fundId}/capital-calls`, {
      percent: '100',
      due_date: '2099-01-01',
    });
    expect(called.statusCode).toBe(201);
    for (const row of commitments) {
      const paid = await admin.post(`/api/investments/${row.id}/payments`, {
        amount: row.amount,
        received_on: '2025-05-01',
      });
      expect(paid.statusCode).toBe(201);
    }
    const company = await admin.post('/api/fund-companies', { fund_id: fundId, name: 'Portfolio Co Ltd' });
    expect(company.statusCode).toBe(201);
    const [investment] = await t.ctx.db
      .insert(fundCompanyTransactions)
      .values({
        company_id: data<{ id: number }>(company).id,
        kind: 'investment',
        effective_on: '2025-06-01',
        amount: '20000.01',
      })
      .returning();
    if (!investment) throw new Error('no investment');

    const staff = data<StaffRelief>(await admin.get(`/api/funds/${fundId}/tax-relief`));
    // a quarter and three quarters of 20,000.01: the penny to the larger remainder (decision 024)
    expect(staff.lines.map((line) => [line.investor.id, line.amount]).sort()).toEqual(
      [
        [ivy.id, '5000.00'],
        [olly.id, '15000.01'],
      ].sort(),
    );
    const line = (await ivyAgent.get('/api/portfolio/tax-relief').then((r) => data<Statement>(r))).lines.find(
      (row) => row.source === 'fund',
    );
    expect(line).toMatchObject({
      company_name: 'Portfolio Co Ltd',
      amount: '5000.00',
      relief_amount: '1500.00',
      tax_year_label: '2025/26',
      certificate: { status: 'awaited', scheme: 'eis5' },
    });

    const recorded = await admin.post(`/api/funds/${fundId}/tax-relief/certificates`, {
      fund_company_transaction_id: investment.id,
      user_id: ivy.id,
      reference: 'EIS5/RF/1',
      issued_on: '2025-07-01',
    });
    expect(recorded.statusCode).toBe(201);
    expect(data<{ scheme: string }>(recorded).scheme).toBe('eis5');
    const after = data<Statement>(await ivyAgent.get('/api/portfolio/tax-relief')).lines.find(
      (row) => row.source === 'fund',
    );
    expect(after?.certificate).toMatchObject({ status: 'received', reference: 'EIS5/RF/1' });
    const twice = await admin.post(`/api/funds/${fundId}/tax-relief/certificates`, {
      fund_company_transaction_id: investment.id,
      user_id: ivy.id,
      reference: 'EIS5/RF/2',
      issued_on: '2025-07-01',
    });
    expect(twice.statusCode).toBe(422);
    const stranger = await createUser(t.ctx.db);
    const none = await admin.post(`/api/funds/${fundId}/tax-relief/certificates`, {
      fund_company_transaction_id: investment.id,
      user_id: stranger.id,
      reference: 'EIS5/RF/3',
      issued_on: '2025-07-01',
    });
    expect(json<Errors>(none).errors).toHaveProperty('fund_company_transaction_id');
    const adviser = await t.as(await createStaff(t.ctx.db, ROLES.ADVISER));
    expect((await adviser.get(`/api/funds/${fundId}/tax-relief`)).statusCode).toBe(403);

    // withdrawn through the fund; a direct certificate is not the fund's (404)
    const fundCertificate = data<{ id: number }>(recorded).id;
    const [direct] = await t.ctx.db
      .select()
      .from(taxReliefCertificates)
      .where(eq(taxReliefCertificates.holding_transaction_id, issue.ivyApril5));
    if (!direct) throw new Error('no direct certificate');
    const wrongFund = await admin.post(`/api/funds/${fundId}/tax-relief/certificates/${direct.id}/withdraw`, {
      reason: 'Not ours',
    });
    expect(wrongFund.statusCode).toBe(404);
    const withdrawn = await admin.post(
      `/api/funds/${fundId}/tax-relief/certificates/${fundCertificate}/withdraw`,
      { reason: 'Recorded for the wrong investor' },
    );
    expect(withdrawn.statusCode).toBe(200);
    const again = data<StaffRelief>(await admin.get(`/api/funds/${fundId}/tax-relief`));
    expect(again.lines.find((row) => row.investor.id === ivy.id)?.certificate.status).toBe('awaited');
  });
});
