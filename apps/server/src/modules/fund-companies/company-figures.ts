import {
  addDecimal,
  divideDecimal,
  isZeroDecimal,
  sumDecimals,
  type FundCompanyFigures,
  type FundCompanyTransactionKind,
} from '@portico/contracts';

/*
 * The one place a fund-investment company's figures are computed (issue 20), in decimal strings:
 * - cost: Σ investments and follow-ons, net of reversals (a reversal carries its original's amount negated);
 * - realised: Σ partial exits, exits and dividends, net of reversals;
 * - valuation: the latest valuation's value, 0 once the latest marking is a write-off or an exit, else the cost
 *   (a reversed transaction and its reversal are left out of "latest");
 * - multiple: (valuation + realised) ÷ cost with 2 decimals, null with no cost.
 */

/** What the figures read of a transaction. */
export interface FigureTransaction {
  id: number;
  kind: FundCompanyTransactionKind;
  effective_on: string;
  amount: string | null;
  valuation: string | null;
  reverses_id: number | null;
}

const COST_KINDS: readonly FundCompanyTransactionKind[] = ['investment', 'follow_on'];
const REALISED_KINDS: readonly FundCompanyTransactionKind[] = ['partial_exit', 'exit', 'dividend'];
/** The transactions that set what the holding is worth. */
const MARKING_KINDS: readonly FundCompanyTransactionKind[] = ['valuation', 'write_off', 'exit'];

const sumOf = (rows: readonly FigureTransaction[], kinds: readonly FundCompanyTransactionKind[]) =>
  sumDecimals(rows.filter((row) => kinds.includes(row.kind)).map((row) => row.amount ?? '0'));

/** (valuation + realised) ÷ cost, 2 decimals; null when nothing was invested. */
export function multipleOf(cost: string, valuation: string, realised: string): string | null {
  if (isZeroDecimal(cost) || cost.startsWith('-')) return null;
  return divideDecimal(addDecimal(valuation, realised), cost, 2, 'half-up');
}

export function companyFigures(transactions: readonly FigureTransaction[]): FundCompanyFigures {
  const cost = sumOf(transactions, COST_KINDS);
  const realised = sumOf(transactions, REALISED_KINDS);
  const reversed = new Set(
    transactions.flatMap((row) => (row.reverses_id === null ? [] : [row.reverses_id])),
  );
  const latest = transactions
    .filter((row) => row.reverses_id === null && !reversed.has(row.id) && MARKING_KINDS.includes(row.kind))
    .reduce<FigureTransaction | undefined>((best, row) => {
      if (!best) return row;
      if (row.effective_on !== best.effective_on) return row.effective_on > best.effective_on ? row : best;
      return row.id > best.id ? row : best;
    }, undefined);
  const valuation = !latest
    ? cost
    : latest.kind === 'valuation'
      ? addDecimal(latest.valuation ?? '0', '0')
      : '0.00';
  return { cost, realised, valuation, multiple: multipleOf(cost, valuation, realised) };
}

/** The figures of several companies together (a fund's portfolio): sums, and the multiple of the sums. */
export function totalFigures(figures: readonly FundCompanyFigures[]): FundCompanyFigures {
  const cost = sumDecimals(figures.map((figure) => figure.cost));
  const realised = sumDecimals(figures.map((figure) => figure.realised));
  const valuation = sumDecimals(figures.map((figure) => figure.valuation));
  return { cost, realised, valuation, multiple: multipleOf(cost, valuation, realised) };
}
