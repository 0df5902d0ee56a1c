import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  isZeroDecimal,
  maxDecimal,
  splitProRata,
  subtractDecimal,
  sumDecimals,
  xirr,
  type CashFlow,
  type FundCommitment,
  type FundKpis,
  type FundMeasures,
} from '@portico/contracts';
import type { DbOrTx } from '../../db/client';
import {
  commitmentsOf,
  ledgerEntriesOf,
  navAt,
  paidInOfFund,
  fundPaymentFlows,
  type Commitment,
} from './fund-money.repository';

/*
 * The fund measures of DOMAIN.md, computed here and nowhere else (decision 026): committed, called, uncalled,
 * paid-in, distributed, fees, value, DPI, RVPI, TVPI and IRR, for the fund and for each commitment. Value is
 * the latest NAV on or before the date, split over the commitments by paid-in capital with the pro-rata rule
 * (so the commitments' values sum to the NAV exactly); before the first NAV, each commitment is valued at cost
 * (paid-in less fees and capital returned). IRR is XIRR over the money paid in (negative), the distributions
 * (positive) and the value at the date.
 */

interface Totals {
  committed: string;
  called: string;
  paid_in: string;
  distributed: string;
  returned: string;
  fees: string;
  value: string;
  flows: CashFlow[];
}

const ratio = (part: string, paidIn: string) =>
  isZeroDecimal(paidIn) ? null : divideDecimal(part, paidIn, 2);

function measuresOf(totals: Totals, asOf: string): FundMeasures {
  const flows = isZeroDecimal(totals.value)
    ? totals.flows
    : [...totals.flows, { date: asOf, amount: totals.value }];
  return {
    committed: totals.committed,
    called: totals.called,
    uncalled: subtractDecimal(totals.committed, totals.called),
    paid_in: totals.paid_in,
    distributed: totals.distributed,
    fees: totals.fees,
    value: totals.value,
    dpi: ratio(totals.distributed, totals.paid_in),
    rvpi: ratio(totals.value, totals.paid_in),
    tvpi: ratio(addDecimal(totals.distributed, totals.value), totals.paid_in),
    irr: flows.some((flow) => compareDecimal(flow.amount, '0') < 0) ? xirr(flows) : null,
  };
}

/**
 * Each commitment's totals at `asOf`, or those of `userId`'s commitments alone. The NAV is split over every
 * commitment of the fund that has paid in (read as id and paid-in only), so one investor's value is the same
 * figure as in the fund's view.
 */
async function commitmentTotals(
  db: DbOrTx,
  fundId: number,
  asOf: string,
  userId?: number,
): Promise<{
  commitments: Commitment[];
  per: Map<number, Totals>;
  nav: { nav: string; effective_on: string } | undefined;
}> {
  // five reads at once (on PostgreSQL, side by side on the pool)
  const [commitments, weights, flows, entries, nav] = await Promise.all([
    commitmentsOf(db, fundId, { userId }),
    paidInOfFund(db, fundId),
    fundPaymentFlows(db, fundId, userId),
    ledgerEntriesOf(db, fundId, userId),
    navAt(db, fundId, asOf),
  ]);
  const per = new Map<number, Totals>(
    commitments.map((row) => [
      row.id,
      {
        committed: row.amount,
        called: row.called_amount ?? '0.00',
        paid_in: row.paid_amount,
        distributed: '0.00',
        returned: '0.00',
        fees: '0.00',
        value: '0.00',
        flows: [],
      },
    ]),
  );
  for (const flow of flows) {
    const totals = flow.investment_id === null ? undefined : per.get(flow.investment_id);
    if (totals && flow.received_on <= asOf)
      totals.flows.push({ date: flow.received_on, amount: subtractDecimal('0', flow.paid_delta) });
  }
  for (const entry of entries) {
    const totals = per.get(entry.investment_id);
    if (!totals || entry.effective_on > asOf) continue;
    if (entry.type === 'fee') totals.fees = addDecimal(totals.fees, entry.amount);
    else {
      totals.distributed = addDecimal(totals.distributed, entry.amount);
      if (entry.kind === 'return_of_capital') totals.returned = addDecimal(totals.returned, entry.amount);
      totals.flows.push({ date: entry.effective_on, amount: entry.amount });
    }
  }
  valueCommitments(weights, per, nav?.nav ?? null);
  return { commitments, per, nav };
}

const sumOf = (all: Totals[], value: string | null): Totals => {
  const sum = (key: 'committed' | 'called' | 'paid_in' | 'distributed' | 'returned' | 'fees' | 'value') =>
    sumDecimals(all.map((totals) => totals[key]));
  return {
    committed: sum('committed'),
    called: sum('called'),
    paid_in: sum('paid_in'),
    distributed: sum('distributed'),
    returned: sum('returned'),
    fees: sum('fees'),
    value: value ?? sum('value'),
    flows: all.flatMap((totals) => totals.flows),
  };
};

/** The fund's measures at `asOf` (a London date), and each commitment's. */
export async function fundMeasures(
  db: DbOrTx,
  fund: { id: number; currency: string },
  asOf: string,
): Promise<FundKpis> {
  const { commitments, per, nav } = await commitmentTotals(db, fund.id, asOf);
  return {
    fund_id: fund.id,
    currency: fund.currency,
    as_of: asOf,
    nav_on: nav?.effective_on ?? null,
    fund: measuresOf(sumOf([...per.values()], nav?.nav ?? null), asOf),
    commitments: commitments.map((row): FundCommitment => {
      const totals = per.get(row.id);
      if (!totals) throw new Error(`commitment ${row.id} lost`);
      return {
        investment_id: row.id,
        investor: { id: row.user_id, name: row.investor_name },
        opportunity_id: row.opportunity_id,
        status: row.status,
        payment_reference: row.payment_reference,
        ...measuresOf(totals, asOf),
      };
    }),
  };
}

/**
 * One investor's measures in a fund at `asOf`: their commitments (several, through several of the fund's
 * opportunities or holding vehicles) added up, IRR over all their flows; null when they hold none. Also the
 * capital returned to them and the dated flows the IRR is taken over (payments negative, distributions
 * positive, without the value), so the portfolio can add a fund holding to its totals (issue 20).
 */
export async function investorFundMeasures(
  db: DbOrTx,
  fundId: number,
  userId: number,
  asOf: string,
): Promise<{
  measures: FundMeasures;
  commitments: Commitment[];
  nav_on: string | null;
  returned: string;
  flows: CashFlow[];
} | null> {
  const { commitments, per, nav } = await commitmentTotals(db, fundId, asOf, userId);
  if (commitments.length === 0) return null;
  const own = sumOf(
    commitments.flatMap((row) => per.get(row.id) ?? []),
    null,
  );
  return {
    measures: measuresOf(own, asOf),
    commitments,
    nav_on: nav?.effective_on ?? null,
    returned: own.returned,
    flows: [...own.flows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  };
}

/** Each commitment's value: its paid-in share of the NAV (exact to the penny), or its cost before any NAV. */
function valueCommitments(
  weighted: ReadonlyArray<{ id: number; paid_amount: string }>,
  per: Map<number, Totals>,
  nav: string | null,
) {
  if (nav !== null && weighted.length > 0) {
    for (const line of splitProRata(
      nav,
      weighted.map((row) => ({ key: row.id, weight: row.paid_amount })),
    )) {
      const totals = per.get(line.key);
      if (totals) totals.value = line.amount;
    }
    return;
  }
  if (nav !== null) return;
  for (const totals of per.values())
    totals.value = maxDecimal(
      '0.00',
      subtractDecimal(subtractDecimal(totals.paid_in, totals.fees), totals.returned),
    );
}
