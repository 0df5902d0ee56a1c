import {
  DISTRIBUTION_KINDS,
  DISTRIBUTION_KIND_LABELS,
  multiplyDecimal,
  sumDecimals,
  type PortfolioFundDetail,
} from '@portico/contracts';
import { longDate } from '../../platform/dates';
import { formatAmount } from '../../platform/money';
import type { FundStatementInput } from './fund-statement-pdf';

/*
 * The capital account statement of one investor in one fund (issue 20): what the investor's fund page
 * shows, as the figures and every dated entry of a PDF. Formatting only: every figure comes from the page's
 * answer (the fund measures), none is computed again here.
 */

const multiple = (value: string | null) => (value === null ? '—' : `${value}x`);
const rate = (value: string | null) => (value === null ? '—' : `${multiplyDecimal(value, '100', 1)}%`);

export function fundStatementInput(
  detail: PortfolioFundDetail,
  investorName: string,
  appName: string,
): FundStatementInput {
  const { measures, fund } = detail;
  const money = (value: string) => formatAmount(value, fund.currency);
  const distributed = detail.movements.filter((movement) => movement.type === 'distribution');
  const byKind = DISTRIBUTION_KINDS.map((kind) => ({
    label: `Distributions: ${DISTRIBUTION_KIND_LABELS[kind].toLowerCase()}`,
    value: money(sumDecimals(distributed.filter((row) => row.kind === kind).map((row) => row.amount))),
  }));
  const entries = [
    ...detail.capital_calls.map((call) => ({
      date: call.date,
      order: 0,
      text: `Capital call (due ${longDate(call.due_date)})`,
      amount: money(call.amount),
    })),
    ...detail.payments.map((payment) => ({
      date: payment.date,
      order: 1,
      text: payment.amount.startsWith('-') ? 'Refund' : 'Payment received',
      amount: money(payment.amount),
    })),
    ...detail.movements.map((movement) => ({
      date: movement.date,
      order: 2,
      text: `${movement.reverses_id === null ? '' : 'Reversal: '}${movement.type === 'fee' ? 'Fee' : 'Distribution'}: ${movement.label}`,
      amount: money(movement.amount),
    })),
  ]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order))
    .map((entry) => ({ date: longDate(entry.date), text: entry.text, amount: entry.amount }));
  return {
    appName,
    fundName: fund.name,
    investorName,
    dateLine: `As at ${longDate(detail.as_of)}`,
    summary: [
      { label: 'Commitment', value: money(measures.committed) },
      { label: 'Called', value: money(measures.called) },
      { label: 'Uncalled', value: money(measures.uncalled) },
      { label: 'Paid in', value: money(measures.paid_in) },
      ...byKind,
      { label: 'Distributions in total', value: money(measures.distributed) },
      { label: 'Fees', value: money(measures.fees) },
      {
        label:
          detail.holding.nav_on === null
            ? 'Value (at cost: no NAV yet)'
            : `Value (share of the NAV of ${longDate(detail.holding.nav_on)})`,
        value: money(measures.value),
      },
      { label: 'TVPI', value: multiple(measures.tvpi) },
      { label: 'DPI', value: multiple(measures.dpi) },
      { label: 'IRR', value: rate(measures.irr) },
    ],
    entries,
  };
}
