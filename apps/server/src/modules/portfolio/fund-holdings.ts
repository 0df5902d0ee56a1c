import {
  DISTRIBUTION_KIND_LABELS,
  FEE_KIND_LABELS,
  addDecimal,
  sumDecimals,
  subtractDecimal,
  type CashFlow,
  type FundHolding,
  type PortfolioFundCall,
  type PortfolioFundDetail,
  type PortfolioFundMovement,
} from '@portico/contracts';
import { and, asc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { fundNavs, funds, type FundRow } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { londonDate, toApiTimestamp } from '../../platform/time';
import { callViews } from '../funds/capital-calls';
import { investorFundMeasures } from '../funds/fund-measures';
import { fundPaymentFlows } from '../funds/fund-money.repository';
import { movementViews } from '../funds/fund-movements';
import { fundPortfolioCompanies } from '../fund-companies/fund-companies.service';
import { returnOf } from './valuation';

/*
 * Fund holdings in the investor's portfolio (issue 20): a fund the investor has committed to, measured by
 * `investorFundMeasures` (decision 026) and nothing else, with the figures every holding shares so the
 * portfolio's totals add it to the direct holdings.
 */

const NOT_HELD = 'You hold no commitment to this fund.';

type Measured = NonNullable<Awaited<ReturnType<typeof investorFundMeasures>>>;

/** A fund holding and the dated flows its IRR is taken over (for the portfolio's totals). */
export interface HeldFund {
  holding: FundHolding;
  flows: CashFlow[];
}

interface FundHeader {
  id: number;
  name: string;
  currency: string;
}

/**
 * An investment `i` that counts as a commitment to its fund (`i` in one of the fund's opportunities): not
 * cancelled, and not a private_manual record staff keep for the books only (decision 014, addendum).
 */
const countsAsCommitment = sql`i.status <> 'cancelled' and i.type <> 'private_manual'`;

/**
 * Whether the user holds a commitment to the fund, as the fund page decides it (the fund's update reports
 * follow it: who reads them and who is told of them).
 */
export const holdsFundCommitment = (userId: SQL, fundId: SQL) => sql`exists (
    select 1 from investments i
    join opportunities o on o.id = i.opportunity_id
    where i.user_id = ${userId} and o.fund_id = ${fundId} and ${countsAsCommitment})`;

/**
 * The funds the investor holds: a commitment not cancelled (an investment in one of the fund's
 * opportunities), other than a private_manual record staff keep for the books only (decision 014,
 * addendum). In the order of their first commitment.
 */
async function heldFunds(db: DbOrTx, userId: number, fundId?: number): Promise<FundHeader[]> {
  const result = await db.execute(sql`
    select f.id, f.name, f.currency
    from investments i
    join opportunities o on o.id = i.opportunity_id
    join funds f on f.id = o.fund_id
    where i.user_id = ${userId} and ${countsAsCommitment}
      ${fundId === undefined ? sql`` : sql`and f.id = ${fundId}`}
    group by f.id, f.name, f.currency
    order by min(i.id)`);
  return rowsOf<{ id: string | number; name: string; currency: string }>(result).map((row) => ({
    id: Number(row.id),
    name: row.name,
    currency: row.currency,
  }));
}

/** The portfolio's row for a fund, from the fund measures of the investor's commitments. */
function toHeld(fund: FundHeader, measured: Measured, today: string): HeldFund {
  const { measures, flows } = measured;
  const invested = measures.paid_in;
  const realised = measures.distributed;
  const figures = { value: measures.value, realised, invested, xirr: measures.irr };
  const firstIn = flows.find((flow) => flow.amount.startsWith('-'))?.date ?? null;
  return {
    flows,
    holding: {
      kind: 'fund',
      fund_id: fund.id,
      name: fund.name,
      currency: fund.currency,
      first_invested_on: firstIn,
      committed: measures.committed,
      called: measures.called,
      uncalled: measures.uncalled,
      paid_in: measures.paid_in,
      distributed: measures.distributed,
      tvpi: measures.tvpi,
      dpi: measures.dpi,
      nav_on: measured.nav_on,
      invested,
      value: measures.value,
      realised,
      // the value against the capital still at work: paid in less the capital returned
      unrealised: subtractDecimal(measures.value, subtractDecimal(invested, measured.returned)),
      moic: measures.tvpi,
      xirr: measures.irr,
      ...returnOf(flows, figures, today),
    },
  };
}

/** Every fund holding of the investor at `today` (London). */
export async function fundHoldingsOf(db: DbOrTx, userId: number, today: string): Promise<HeldFund[]> {
  // the funds measured side by side: on PostgreSQL their queries run on the pool's connections at once
  const measured = await Promise.all(
    (await heldFunds(db, userId)).map(async (fund) => ({
      fund,
      measured: await investorFundMeasures(db, fund.id, userId, today),
    })),
  );
  return measured.flatMap((item) => (item.measured ? [toHeld(item.fund, item.measured, today)] : []));
}

/** The investor's fund page; a 404 when the fund is unknown or they hold no commitment to it. */
export async function fundHoldingDetail(
  db: DbOrTx,
  userId: number,
  fundId: number,
  today: string,
  options: { hidePayee: boolean; now: Date },
): Promise<PortfolioFundDetail> {
  const [header] = await heldFunds(db, userId, fundId);
  const [fund] = header ? await db.select().from(funds).where(eq(funds.id, fundId)) : [];
  const measured = fund ? await investorFundMeasures(db, fundId, userId, today) : null;
  if (!header || !fund || !measured) throw notFound(NOT_HELD);
  const mine = new Set(measured.commitments.map((row) => row.id));
  const [calls, movements, navs, payments, companies] = await Promise.all([
    callViews(db, fundId),
    movementViews(db, fundId),
    db
      .select({ date: fundNavs.effective_on, nav: fundNavs.nav })
      .from(fundNavs)
      .where(
        and(eq(fundNavs.fund_id, fundId), isNull(fundNavs.replaced_at), lte(fundNavs.effective_on, today)),
      )
      .orderBy(asc(fundNavs.effective_on)),
    // the same reads the measures made, for their dated list
    fundPaymentFlows(db, fundId, userId),
    fundPortfolioCompanies(db, fundId),
  ]);
  const callsOfMine = calls.flatMap((call): PortfolioFundCall[] => {
    const lines = call.lines.filter((line) => mine.has(line.investment_id));
    if (lines.length === 0) return [];
    return [
      {
        call_id: call.id,
        date: londonDate(new Date(call.created_at)),
        due_date: call.due_date,
        amount: sumDecimals(lines.map((line) => line.amount)),
        paid: sumDecimals(lines.map((line) => line.paid)),
        message: call.message,
      },
    ];
  });
  const movementsOfMine = movements.flatMap((movement): PortfolioFundMovement[] => {
    const lines = movement.lines.filter((line) => mine.has(line.investment_id));
    if (lines.length === 0) return [];
    return [
      {
        movement_id: movement.id,
        type: movement.type,
        kind: movement.kind,
        label: kindLabel(movement.type, movement.kind),
        date: movement.date,
        amount: sumDecimals(lines.map((line) => line.amount)),
        reverses_id: movement.reverses_id,
      },
    ];
  });
  const opportunityNames = await namesOf(
    db,
    measured.commitments.map((row) => row.opportunity_id),
  );
  return {
    fund: fundOf(fund),
    as_of: today,
    holding: toHeld(header, measured, today).holding,
    measures: measured.measures,
    commitments: measured.commitments.map((row) => ({
      investment_id: row.id,
      opportunity_id: row.opportunity_id,
      opportunity_name: opportunityNames.get(row.opportunity_id) ?? fund.name,
      amount: row.amount,
      called: row.called_amount ?? '0.00',
      paid: row.paid_amount,
      status: row.status,
      payment_reference: options.hidePayee ? null : row.payment_reference,
    })),
    capital_calls: callsOfMine,
    movements: movementsOfMine,
    navs,
    companies: companies.map((company) => ({
      id: company.id,
      name: company.name,
      industry: company.industry?.name ?? null,
      country: company.country,
      website: company.website,
      first_investment_on: company.first_investment_on,
      status: company.status,
      status_on: company.status_on,
      ownership_percent: company.ownership_percent,
      cost: company.cost,
      realised: company.realised,
      valuation: company.valuation,
      multiple: company.multiple,
    })),
    generated_at: toApiTimestamp(options.now),
    // each payment (or refund) on the investor's commitments, by day: the statement's entries
    payments: paymentTotals(payments.filter((row) => row.received_on <= today)),
  };
}

const kindLabel = (type: 'distribution' | 'fee', kind: string) =>
  (type === 'fee'
    ? FEE_KIND_LABELS[kind as keyof typeof FEE_KIND_LABELS]
    : DISTRIBUTION_KIND_LABELS[kind as keyof typeof DISTRIBUTION_KIND_LABELS]) ?? kind;

function fundOf(fund: FundRow): PortfolioFundDetail['fund'] {
  return {
    id: fund.id,
    name: fund.name,
    type: fund.type,
    vintage: fund.vintage,
    currency: fund.currency,
    tax_relief: fund.tax_relief,
    description: fund.description,
  };
}

async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(
    sql`select id, name from opportunities where id in (${sql.join(
      [...new Set(ids)].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(
    rowsOf<{ id: string | number; name: string }>(result).map((row) => [Number(row.id), row.name]),
  );
}

/** Money in (and refunds out) per day, oldest first: the paid effect of the ledger's entries. */
function paymentTotals(rows: Array<{ received_on: string; paid_delta: string }>) {
  const byDay = new Map<string, string>();
  for (const row of rows)
    byDay.set(row.received_on, addDecimal(byDay.get(row.received_on) ?? '0.00', row.paid_delta));
  return [...byDay]
    .filter(([, amount]) => !/^-?0+(\.0+)?$/.test(amount))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, amount]) => ({ date, amount }));
}
