// Plain constants of the investing journey (issue 11): how an investment is held, the money after it,
// the holding's history and pre-emption. Meanings: DOMAIN.md, Investing; spec §4.
import { compareDecimal } from '../money';
import type { InvestmentStatus } from './opportunity-status';

/**
 * How an investment is held (DOMAIN.md, Investment): in the investor's own name, through an organisation
 * they are linked to, an investment-method entity of theirs (a SIPP, an ISA), or a nominee (with
 * `nominee_enabled`). The request names the organisation, entity or nominee by id.
 */
export const HOLDING_TYPES = ['self', 'organisation', 'investment_method', 'nominee'] as const;
export type HoldingType = (typeof HOLDING_TYPES)[number];

/** The terminology key of each investment state's label (spec §4 allocation labels). */
export const INVESTMENT_STATUS_TERMS: Readonly<Record<InvestmentStatus, string>> = {
  reserved: 'reserved_allocations',
  awaiting_payment: 'cash_call_awaiting',
  paid: 'cash_call_received',
  completed: 'status_5',
  cancelled: 'investment_cancelled',
};

/**
 * The state an investor is shown for an investment: its own, except that a fund commitment (one with a called
 * amount, decision 026) that has paid all that was called so far shows as paid (Cash Call - Payment Received),
 * not as awaiting payment, until the next capital call.
 */
export function investorStatusOf(investment: {
  status: InvestmentStatus;
  called_amount?: string | null;
  paid_amount?: string | null;
}): InvestmentStatus {
  const called = investment.called_amount;
  if (investment.status !== 'awaiting_payment' || called === null || called === undefined)
    return investment.status;
  return compareDecimal(investment.paid_amount ?? '0', called) >= 0 ? 'paid' : 'awaiting_payment';
}

/**
 * The cooling-off an investor's first investment on the platform waits for (COBS 4.12A): the invest step
 * opens 24 hours after they first saw the personalised risk warning.
 */
export const FIRST_INVESTMENT_COOLING_OFF_SECONDS = 24 * 60 * 60;

/**
 * What a ledger entry is (decision 019): a payment (a bank line: it pays the investment and any excess is
 * held unallocated), a refund of an investment's money, a refund of unallocated money, an application of
 * unallocated money to an investment, or a reversal of a mistaken entry (with a reason).
 */
export const PAYMENT_KINDS = ['payment', 'refund', 'unallocated_refund', 'application', 'reversal'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABELS: Readonly<Record<PaymentKind, string>> = {
  payment: 'Payment',
  refund: 'Refund',
  unallocated_refund: 'Refund of unallocated money',
  application: 'Unallocated money applied',
  reversal: 'Reversal',
};

/** A cash call's state, kept by the database from the investments it called. */
export const CASH_CALL_STATUSES = ['open', 'paid', 'cancelled'] as const;
export type CashCallStatus = (typeof CASH_CALL_STATUSES)[number];

/**
 * THE investment states' moves (decision 019), as opportunities have theirs: a cash call moves reserved to
 * awaiting payment; the money reaching the amount moves reserved or awaiting payment to paid, and a
 * reversal taking it below moves paid back (to awaiting payment when it was called, else reserved);
 * completion moves paid to completed; staff (or the investor, while reserved and holding no money) cancel
 * anything before completed. Nothing leaves completed or cancelled. The server checks every move here
 * (`assertMove`); the database ties each state to its money (investments_state_money).
 */
export const INVESTMENT_TRANSITIONS: Readonly<Record<InvestmentStatus, readonly InvestmentStatus[]>> = {
  reserved: ['awaiting_payment', 'paid', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['completed', 'awaiting_payment', 'reserved', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canMoveInvestment(from: InvestmentStatus, to: InvestmentStatus): boolean {
  return INVESTMENT_TRANSITIONS[from].includes(to);
}

/** What staff call each state (the admin's words; the investor's labels are the terminology's). */
export const INVESTMENT_STATUS_STAFF_LABELS: Readonly<Record<InvestmentStatus, string>> = {
  reserved: 'Reserved',
  awaiting_payment: 'Called',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * A point of an existing investment's share-price history: the round's price, a valuation entered by
 * staff, or the price at an exit. The latest one values every holding.
 */
export const SHARE_PRICE_KINDS = ['round', 'valuation', 'exit'] as const;
export type SharePriceKind = (typeof SHARE_PRICE_KINDS)[number];

/**
 * A holding's dated cash flows (an existing investment's Transactions): shares allotted at completion,
 * a follow-on purchase, an exit (shares sold, money back), a dividend (money back, shares kept).
 */
export const HOLDING_TRANSACTION_KINDS = ['allotment', 'follow_on', 'exit', 'dividend'] as const;
export type HoldingTransactionKind = (typeof HOLDING_TRANSACTION_KINDS)[number];

/** Pre-emption choices (spec §4), by code. */
export const PRE_EMPTION_CHOICE = {
  DONT_TAKE: 1,
  MAINTAIN: 2,
  INCREASE: 3,
  NOT_APPLICABLE: 4,
  AWAITING: 5,
  DECREASE: 6,
} as const;
export type PreEmptionChoice = (typeof PRE_EMPTION_CHOICE)[keyof typeof PRE_EMPTION_CHOICE];
export const PRE_EMPTION_CHOICES = [1, 2, 3, 4, 5, 6] as const satisfies readonly PreEmptionChoice[];
export const PRE_EMPTION_LABELS: Readonly<Record<PreEmptionChoice, string>> = {
  1: 'Don’t take',
  2: 'Maintain',
  3: 'Increase',
  4: 'Not applicable',
  5: 'Awaiting',
  6: 'Decrease',
};
