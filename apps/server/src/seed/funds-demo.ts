import {
  capitalCallTotal,
  divideDecimal,
  multiplyDecimal,
  ROLES,
  splitProRata,
  sumDecimals,
} from '@portico/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import {
  documents,
  fundCapitalCallLines,
  fundCompanies,
  fundCompanyStatuses,
  fundCompanyTransactions,
  fundCapitalCalls,
  fundLedgerEntries,
  fundMovements,
  fundNavs,
  funds,
  investmentPayments,
  investments,
  opportunities,
  opportunityKeyPoints,
  users,
  type InvestmentRow,
} from '../db/schema';
import { londonDate } from '../platform/time';
import { demoPdf } from './demo-files';

/*
 * Issue 20: two funds. The Portico EIS Growth Fund is live and still raising (two commitments, nothing called
 * yet). Portico Ventures Fund I (2021) has closed: seven commitments (investor@portico.test's among them), three
 * capital calls all paid, a yearly management fee, one distribution, a NAV every quarter end since it
 * started, and eight portfolio companies (one exited, one written off). Its money is written the way the database accepts it (call lines move each commitment's called
 * amount; payments are ledger entries; fees and distributions are movements with one entry per commitment).
 */

const VENTURES_CALLS = [
  { on: '2021-07-15', percent: '40.00', paidOn: '2021-07-29' },
  { on: '2022-04-01', percent: '35.00', paidOn: '2022-04-14' },
  { on: '2023-10-02', percent: '15.00', paidOn: '2023-10-16' },
];
const VENTURES_COMMITMENTS = [
  '50000.00',
  '250000.00',
  '100000.00',
  '75000.00',
  '25000.00',
  '60000.00',
  '40000.00',
];
/** NAV at each quarter end from 2021-09-30 (the last ones used only once the date has come) */
const VENTURES_NAVS = [
  '238000.00',
  '234500.00',
  '231000.00',
  '478000.00',
  '486500.00',
  '495000.00',
  '512000.00',
  '531000.00',
  '522000.00',
  '601000.00',
  '618500.00',
  '637000.00',
  '668000.00',
  '683000.00',
  '701000.00',
  '596000.00',
  '622000.00',
  '641000.00',
  '659000.00',
  '688000.00',
  '716000.00',
  '731000.00',
  '748000.00',
];

/** Portico Ventures Fund I's eight companies: what it paid, how each is valued, one exit and one write-off. */
const VENTURES_COMPANIES: Array<{
  name: string;
  country: string;
  description: string;
  ownership: string;
  boardSeat: boolean;
  moves: Array<{
    kind: 'investment' | 'follow_on' | 'valuation' | 'exit' | 'write_off';
    on: string;
    amount: string;
    note?: string;
  }>;
  status?: { status: 'exited' | 'written_off'; on: string; note: string };
}> = [
  {
    name: 'Kestrel Analytics Ltd',
    country: 'GB',
    description: 'Footfall analytics for high-street retailers.',
    ownership: '4.5000',
    boardSeat: true,
    moves: [
      { kind: 'investment', on: '2021-08-10', amount: '60000.00', note: 'Seed round' },
      { kind: 'follow_on', on: '2022-06-14', amount: '20000.00', note: 'Seed extension' },
      { kind: 'exit', on: '2025-06-20', amount: '168000.00', note: 'Trade sale to a listed retailer' },
    ],
    status: { status: 'exited', on: '2025-06-20', note: 'Sold to a listed retailer: 2.1x' },
  },
  {
    name: 'Brightwater Robotics Ltd',
    country: 'GB',
    description: 'Autonomous inspection robots for offshore wind.',
    ownership: '6.0000',
    boardSeat: true,
    moves: [
      { kind: 'investment', on: '2021-09-15', amount: '75000.00', note: 'Series A' },
      { kind: 'valuation', on: '2024-03-31', amount: '150000.00', note: 'Series B price' },
      { kind: 'valuation', on: '2026-03-31', amount: '210000.00', note: 'Annual review' },
    ],
  },
  {
    name: 'Loom & Lantern Ltd',
    country: 'GB',
    description: 'Direct-to-consumer homeware.',
    ownership: '8.0000',
    boardSeat: false,
    moves: [
      { kind: 'investment', on: '2021-11-02', amount: '50000.00', note: 'Seed round' },
      { kind: 'write_off', on: '2024-09-30', amount: '50000.00', note: 'Entered administration' },
    ],
    status: { status: 'written_off', on: '2024-09-30', note: 'Entered administration; no recovery expected' },
  },
  {
    name: 'Northfield Energy Storage Ltd',
    country: 'GB',
    description: 'Grid-scale battery management software.',
    ownership: '5.2000',
    boardSeat: true,
    moves: [
      { kind: 'investment', on: '2022-05-10', amount: '80000.00', note: 'Series A' },
      { kind: 'follow_on', on: '2023-11-01', amount: '20000.00', note: 'Pro-rata in the Series A extension' },
      { kind: 'valuation', on: '2025-12-31', amount: '260000.00', note: 'Series B price' },
    ],
  },
  {
    name: 'Cobalt Health Records Ltd',
    country: 'GB',
    description: 'Patient-held records for private clinics.',
    ownership: '3.8000',
    boardSeat: false,
    moves: [
      { kind: 'investment', on: '2022-07-20', amount: '55000.00', note: 'Seed round' },
      { kind: 'valuation', on: '2025-06-30', amount: '70000.00', note: 'Annual review' },
    ],
  },
  {
    name: 'Tidewell Payments Ltd',
    country: 'IE',
    description: 'Open-banking payments for utilities.',
    ownership: '2.9000',
    boardSeat: false,
    moves: [
      { kind: 'investment', on: '2022-10-05', amount: '35000.00', note: 'Seed round' },
      { kind: 'valuation', on: '2025-09-30', amount: '30000.00', note: 'Down round' },
    ],
  },
  {
    name: 'Fernhill Agritech Ltd',
    country: 'GB',
    description: 'Soil sensing for regenerative farms.',
    ownership: '7.5000',
    boardSeat: true,
    moves: [
      { kind: 'investment', on: '2023-10-20', amount: '60000.00', note: 'Seed round' },
      { kind: 'valuation', on: '2026-03-31', amount: '75000.00', note: 'Annual review' },
    ],
  },
  {
    name: 'Quillstack Ltd',
    country: 'GB',
    description: 'Developer tools for regulated industries.',
    ownership: '4.0000',
    boardSeat: false,
    moves: [{ kind: 'investment', on: '2023-11-15', amount: '40000.00', note: 'Pre-seed round' }],
  },
];

/** The venture fund's companies with their transactions and statuses, as far as the date has come. */
async function ventureCompanies(tx: DbOrTx, fundId: number, today: string, adminId: number | null) {
  for (const company of VENTURES_COMPANIES) {
    const first = company.moves[0]?.on ?? today;
    if (first > today) continue;
    const [row] = await tx
      .insert(fundCompanies)
      .values({
        fund_id: fundId,
        name: company.name,
        country: company.country,
        description: company.description,
        share_class: 'Ordinary',
        first_investment_on: first,
        board_seat: company.boardSeat,
        ownership_percent: company.ownership,
        created_by: adminId,
        created_at: new Date(`${first}T09:00:00Z`),
      })
      .returning();
    if (!row) continue;
    const moves = company.moves.filter((move) => move.on <= today);
    await tx.insert(fundCompanyTransactions).values(
      moves.map((move) => ({
        company_id: row.id,
        kind: move.kind,
        effective_on: move.on,
        amount: move.kind === 'valuation' ? null : move.amount,
        valuation: move.kind === 'valuation' ? move.amount : null,
        note: move.note ?? null,
        created_by: adminId,
        created_at: new Date(`${move.on}T12:00:00Z`),
      })),
    );
    await tx.insert(fundCompanyStatuses).values([
      {
        company_id: row.id,
        status: 'active' as const,
        effective_on: first,
        note: 'First investment',
        created_by: adminId,
      },
      ...(company.status && company.status.on <= today
        ? [
            {
              company_id: row.id,
              status: company.status.status,
              effective_on: company.status.on,
              note: company.status.note,
              created_by: adminId,
            },
          ]
        : []),
    ]);
  }
}

function quarterEnds(from: string, count: number): string[] {
  const [year, month] = from.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const end = new Date(Date.UTC(year, month - 1 + index * 3 + 1, 0));
    return end.toISOString().slice(0, 10);
  });
}

async function insertFundOpportunity(
  tx: DbOrTx,
  values: typeof opportunities.$inferInsert,
  points: string[],
  adminId: number | null,
  files: Array<{ key: string; body: Buffer; type: string }>,
) {
  const [row] = await tx.insert(opportunities).values(values).returning();
  if (!row) throw new Error('no fund opportunity');
  await tx
    .insert(opportunityKeyPoints)
    .values(points.map((text, position) => ({ opportunity_id: row.id, position, text })));
  const key = `documents/demo-${row.slug}-memorandum.pdf`;
  const body = demoPdf(`${row.name}: information memorandum`, [row.summary ?? row.name, ...points]);
  files.push({ key, body, type: 'application/pdf' });
  await tx.insert(documents).values({
    subject_type: 'opportunity',
    subject_id: row.id,
    name: 'Information memorandum.pdf',
    storage_key: key,
    content_type: 'application/pdf',
    size_bytes: body.length,
    visibility: 'public',
    category: 'Memorandum',
    uploaded_by: adminId,
  });
  return row;
}

/** A past capital call, written as the service writes one, and paid on `paidOn` by every commitment. */
async function pastCall(
  tx: DbOrTx,
  fundId: number,
  commitments: InvestmentRow[],
  call: (typeof VENTURES_CALLS)[number],
  adminId: number | null,
) {
  const committed = sumDecimals(commitments.map((row) => row.amount));
  const total = capitalCallTotal(committed, call.percent);
  const lines = splitProRata(
    total,
    commitments.map((row) => ({ key: row, weight: row.amount })),
  );
  const [made] = await tx
    .insert(fundCapitalCalls)
    .values({
      fund_id: fundId,
      percent: call.percent,
      total,
      due_date: call.paidOn,
      request_key: `demo-call-${call.on}`,
      created_by: adminId,
      created_at: new Date(`${call.on}T09:00:00Z`),
    })
    .returning();
  if (!made) throw new Error('no demo call');
  await tx.insert(fundCapitalCallLines).values(
    lines.map((line) => ({
      call_id: made.id,
      investment_id: line.key.id,
      user_id: line.key.user_id,
      amount: line.amount,
    })),
  );
  for (const line of lines) {
    await tx.insert(investmentPayments).values({
      investment_id: line.key.id,
      opportunity_id: line.key.opportunity_id,
      user_id: line.key.user_id,
      kind: 'payment',
      amount: line.amount,
      paid_delta: line.amount,
      received_on: call.paidOn,
      reference: `${line.key.payment_reference ?? 'FUND'} call ${call.on}`,
      recorded_by: adminId,
    });
    await tx
      .update(investments)
      .set({
        status: 'awaiting_payment',
        called_at: new Date(`${call.on}T09:00:00Z`),
        paid_amount: sql`${investments.paid_amount} + ${line.amount}::numeric`,
      })
      .where(eq(investments.id, line.key.id));
  }
}

/** A fee or distribution split by paid-in capital at its date (every call before it was paid in full). */
async function pastMovement(
  tx: DbOrTx,
  fundId: number,
  paidIn: Map<number, string>,
  commitments: InvestmentRow[],
  movement: { type: 'fee' | 'distribution'; kind: string; total: string; on: string; note: string },
  adminId: number | null,
) {
  const [made] = await tx
    .insert(fundMovements)
    .values({
      fund_id: fundId,
      type: movement.type,
      kind: movement.kind,
      total: movement.total,
      effective_on: movement.on,
      note: movement.note,
      request_key: `demo-${movement.type}-${movement.on}`,
      created_by: adminId,
      created_at: new Date(`${movement.on}T10:00:00Z`),
    })
    .returning();
  if (!made) throw new Error('no demo movement');
  const lines = splitProRata(
    movement.total,
    commitments.map((row) => ({ key: row, weight: paidIn.get(row.id) ?? '0' })),
  );
  await tx.insert(fundLedgerEntries).values(
    lines.map((line) => ({
      movement_id: made.id,
      fund_id: fundId,
      investment_id: line.key.id,
      user_id: line.key.user_id,
      type: movement.type,
      amount: line.amount,
      effective_on: movement.on,
    })),
  );
}

export async function seedFundsDemo(ctx: AppContext, now = new Date()) {
  const today = londonDate(now);
  const files: Array<{ key: string; body: Buffer; type: string }> = [];
  await ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@portico.test'));
    const adminId = admin?.id ?? null;
    const [me] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'investor@portico.test'));
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.role_id, ROLES.USER),
          sql`${users.email_verified_at} is not null`,
          sql`${users.email} not in ('investor@portico.test', 'investor2@portico.test')`,
        ),
      )
      .orderBy(asc(users.id))
      .limit(VENTURES_COMMITMENTS.length - 1);
    const holders = [me, ...others].filter((row): row is { id: number } => row !== undefined);

    // The live EIS fund, raising now.
    const [growth] = await tx
      .insert(funds)
      .values({
        name: 'Portico EIS Growth Fund',
        type: 'eis',
        vintage: Number(today.slice(0, 4)),
        currency: 'GBP',
        target_size: '5000000.00',
        management_fee_percent: '2.00',
        carried_interest_percent: '20.00',
        hurdle_percent: '5.00',
        tax_relief: 'eis',
        status: 2,
        active: 1,
        description:
          'An evergreen EIS fund investing in 8 to 12 UK growth companies a year, each EIS-qualifying, so investors claim 30% income tax relief on every allotment (EIS5 certificates).',
        created_by: adminId,
      })
      .returning();
    if (!growth) throw new Error('no growth fund');
    const growthRound = await insertFundOpportunity(
      tx,
      {
        slug: 'portico-eis-growth-fund-2026',
        name: `Portico EIS Growth Fund: ${today.slice(0, 4)} subscription`,
        company_name: 'Portico EIS Growth Fund',
        fund_id: growth.id,
        status: 2,
        summary: 'A diversified portfolio of EIS-qualifying UK growth companies, with 30% income tax relief.',
        description:
          '<p>The fund invests in 8 to 12 EIS-qualifying UK companies a year, each after the investment committee’s diligence. Commitments are drawn down as the fund invests, usually over 12 to 18 months.</p><h3>Risks</h3><p>Investing in early-stage companies puts your capital at risk; you may lose all of it. Tax relief depends on your circumstances and on the companies keeping their EIS status.</p>',
        target_amount: '5000000.00',
        maximum_amount: '5000000.00',
        minimum_investment: '10000.00',
        share_price: null,
        tax_relief: 'eis',
        closing_date: londonDate(new Date(now.getTime() + 120 * 86_400_000)),
        bank_account_name: 'Portico EIS Growth Fund Client Account',
        bank_sort_code: '608371',
        bank_account_number: '41002233',
        created_by: adminId,
        published_at: new Date(now.getTime() - 20 * 86_400_000),
      },
      [
        'EIS income tax relief of 30% on each allotment',
        '8 to 12 companies a year, across software, health and climate',
        'Drawn down as the fund invests: about 18 months',
      ],
      adminId,
      files,
    );
    for (const [index, holder] of others.slice(0, 2).entries())
      await tx.insert(investments).values({
        opportunity_id: growthRound.id,
        user_id: holder.id,
        amount: index === 0 ? '50000.00' : '20000.00',
        payment_reference: `PEGF-${holder.id}`,
        invested_on: londonDate(new Date(now.getTime() - (10 - index * 4) * 86_400_000)),
      });

    // The 2021 venture fund: closed to new commitments, called and invested.
    const [ventures] = await tx
      .insert(funds)
      .values({
        name: 'Portico Ventures Fund I',
        type: 'venture_capital',
        vintage: 2021,
        currency: 'GBP',
        target_size: '750000.00',
        management_fee_percent: '2.00',
        carried_interest_percent: '20.00',
        hurdle_percent: '8.00',
        tax_relief: 'none',
        status: 2,
        active: 1,
        description:
          'The syndicate’s first pooled fund: eight seed and Series A companies backed between 2021 and 2023, now in its harvest years.',
        created_by: adminId,
        created_at: new Date('2021-05-04T09:00:00Z'),
      })
      .returning();
    if (!ventures) throw new Error('no ventures fund');
    const venturesRound = await insertFundOpportunity(
      tx,
      {
        slug: 'portico-ventures-fund-i',
        name: 'Portico Ventures Fund I: first and final close',
        company_name: 'Portico Ventures Fund I',
        fund_id: ventures.id,
        status: 4,
        summary: 'Seed and Series A companies from the syndicate’s deal flow, in one diversified fund.',
        description:
          '<p>Portico Ventures Fund I backs seed and Series A companies from the syndicate’s deal flow. Commitments are called as the fund invests.</p>',
        target_amount: '750000.00',
        maximum_amount: '750000.00',
        minimum_investment: '25000.00',
        share_price: null,
        tax_relief: 'none',
        closing_date: '2021-06-30',
        bank_account_name: 'Portico Ventures Fund I LP',
        bank_sort_code: '608371',
        bank_account_number: '41009911',
        created_by: adminId,
        published_at: new Date('2021-05-10T09:00:00Z'),
        closed_at: new Date('2021-06-30T17:00:00Z'),
        created_at: new Date('2021-05-04T09:00:00Z'),
      },
      [
        'Eight companies, seed and Series A',
        'Called as the fund invests: 90% called by 2023',
        'Management fee 2% of commitments a year; 20% carried interest over an 8% hurdle',
      ],
      adminId,
      files,
    );
    const commitments: InvestmentRow[] = [];
    for (const [index, holder] of holders.entries()) {
      const [row] = await tx
        .insert(investments)
        .values({
          opportunity_id: venturesRound.id,
          user_id: holder.id,
          amount: VENTURES_COMMITMENTS[index] ?? '25000.00',
          payment_reference: `PVF1-${holder.id}`,
          invested_on: '2021-06-20',
          created_at: new Date('2021-06-20T12:00:00Z'),
        })
        .returning();
      if (row) commitments.push(row);
    }
    if (commitments.length === 0) return;
    for (const call of VENTURES_CALLS) await pastCall(tx, ventures.id, commitments, call, adminId);
    const paid = await tx
      .select()
      .from(investments)
      .where(eq(investments.opportunity_id, venturesRound.id))
      .orderBy(asc(investments.id));
    const paidIn = (by: string) =>
      new Map(
        paid.map((row) => {
          const called = sumDecimals(
            VENTURES_CALLS.filter((call) => call.paidOn <= by).map((call) => call.percent),
          );
          return [row.id, divideDecimal(multiplyDecimal(row.amount, called, 4), '100', 2)];
        }),
      );
    const committed = sumDecimals(paid.map((row) => row.amount));
    const yearlyFee = multiplyDecimal(committed, '0.02', 2);
    for (const year of [2021, 2022, 2023, 2024, 2025]) {
      const on = `${year}-12-31`;
      if (on > today) break;
      await pastMovement(
        tx,
        ventures.id,
        paidIn(on),
        paid,
        {
          type: 'fee',
          kind: 'management_fee',
          total: year === 2021 ? divideDecimal(yearlyFee, '2', 2) : yearlyFee,
          on,
          note: `Management fee ${year}${year === 2021 ? ' (from the first close: half a year)' : ''}`,
        },
        adminId,
      );
    }
    if ('2025-06-30' <= today)
      await pastMovement(
        tx,
        ventures.id,
        paidIn('2025-06-30'),
        paid,
        {
          type: 'distribution',
          kind: 'return_of_capital',
          total: '96000.00',
          on: '2025-06-30',
          note: 'Proceeds of the sale of Kestrel Analytics',
        },
        adminId,
      );
    await ventureCompanies(tx, ventures.id, today, adminId);
    const navs = quarterEnds('2021-09-30', VENTURES_NAVS.length)
      .map((on, index) => ({ on, nav: VENTURES_NAVS[index] ?? '0' }))
      .filter((point) => point.on <= today);
    if (navs.length > 0)
      await tx.insert(fundNavs).values(
        navs.map((point) => ({
          fund_id: ventures.id,
          nav: point.nav,
          effective_on: point.on,
          note: point.on.endsWith('-12-31') ? 'Audited year end' : 'Quarterly valuation',
          created_by: adminId,
          created_at: new Date(`${point.on}T18:00:00Z`),
        })),
      );
  });
  for (const file of files) await ctx.storage.put(file.key, file.body, file.type);
}
