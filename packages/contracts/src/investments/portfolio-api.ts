import { z } from 'zod';
import { optionalText } from '../crm/subjects';
import { idSchema, timestampSchema } from '../schemas/common';
import { HOLDING_TRANSACTION_KINDS, SHARE_PRICE_KINDS } from './investing';
import { addDecimal, divideDecimal, isZeroDecimal, subtractDecimal } from '../money';
import { RETURN_BASES, cumulativeReturn, returnBasisOf, xirr, type CashFlow, type ReturnBasis } from './xirr';
import { moneyInputSchema, priceInputSchema, publicDocumentSchema } from './opportunities';
import { portfolioLayoutSchema } from '../schemas/portfolio-settings';

/*
 * Holdings and their value (issue 11): the investor's portfolio (GET /api/portfolio, a fixed contract)
 * and an existing investment's Performance, Transactions and Cap Table for staff. Every amount, price,
 * share count and multiple is a decimal string; XIRR is a decimal string rounded to 6 places (0.125 is
 * 12.5% a year) or null when undefined.
 *
 * Definitions: invested = allotments + follow-ons; shares = bought − sold; value = shares × the latest
 * share price (share_prices, else the opportunity's share price); realised = exits + dividends;
 * unrealised = value − the cost of the shares still held (invested × shares ÷ bought, average cost);
 * MOIC = (value + realised) ÷ invested (2 decimals, null when nothing invested); XIRR over the dated
 * flows (− money in, + money out) plus today's value. Money in is dated by the payments received
 * (investment_payments), not by the day the round completed. The return shown is the cumulative
 * return ((value + realised − invested) ÷ invested) until twelve months have passed since the first
 * money went in, and the XIRR from then: `return_basis` says which. Prices are append-only: only the
 * current (not replaced) prices on or before today value a holding.
 */

const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const isoDate = z.iso.date({ error: DATE_MESSAGE });
const SHARES_MESSAGE = 'The :attribute field must be a number of shares with up to 6 decimals, e.g. 1500.';

/** A number of shares as a decimal string, more than zero. */
export const sharesInputSchema = z
  .string({ error: SHARES_MESSAGE })
  .trim()
  .regex(/^\d{1,14}(\.\d{1,6})?$/, { error: SHARES_MESSAGE })
  .refine((value) => /[1-9]/.test(value), { error: 'The :attribute field must be more than zero.' });

/** The figures of a holding (or of all of them: totals). */
const figuresShape = {
  invested: z.string(),
  value: z.string(),
  realised: z.string(),
  /** value − the cost of the shares still held; negative for a loss */
  unrealised: z.string(),
  /** (value + realised) ÷ invested, 2 decimals; null when nothing was invested */
  moic: z.string().nullable(),
  /** annual rate, 6 decimals; null when undefined */
  xirr: z.string().nullable(),
  /**
   * the return to show, 6 decimals ("-0.250000" is -25%): the cumulative return while held under twelve
   * months (return_basis 'cumulative'), else the XIRR ('annualised'); null when undefined
   */
  return_rate: z.string().nullable(),
  return_basis: z.enum(RETURN_BASES),
};

/** A holding in a company (an existing investment): `kind` "direct". */
export const directHoldingSchema = z
  .object({
    kind: z.literal('direct'),
    opportunity_id: idSchema,
    slug: z.string(),
    name: z.string(),
    company_name: z.string(),
    /** 5 Completed or 6 Matured */
    status: z.number().int(),
    currency: z.string(),
    /** YYYY-MM-DD of the first allotment or follow-on */
    first_invested_on: z.string().nullable(),
    /** shares held now */
    shares: z.string(),
    /** the latest share price and its day (null when none is known) */
    price: z.string().nullable(),
    price_date: z.string().nullable(),
    /**
     * London day the company last reported a KPI value (issue 19), null when it never has; the server
     * always sends it (optional only so older fixtures still type-check)
     */
    last_reported_on: z.string().nullable().optional(),
    ...figuresShape,
  })
  .meta({ id: 'PortfolioDirectHolding' });
export type DirectHolding = z.infer<typeof directHoldingSchema>;

/**
 * A holding in a fund (issue 20): the investor's commitments to it, measured by the fund measures
 * (DOMAIN.md). The shared figures let totals add it to the direct holdings: invested = paid-in, realised =
 * distributed, unrealised = value − (paid-in − capital returned), moic = TVPI, xirr = the fund's IRR for
 * this investor; return_rate and return_basis as a direct holding's (the first payment starts the clock).
 */
export const fundHoldingSchema = z
  .object({
    kind: z.literal('fund'),
    fund_id: idSchema,
    name: z.string(),
    currency: z.string(),
    /** YYYY-MM-DD of the first money paid in, null before any */
    first_invested_on: z.string().nullable(),
    committed: z.string(),
    called: z.string(),
    uncalled: z.string(),
    paid_in: z.string(),
    distributed: z.string(),
    /** distributions ÷ paid-in and (distributions + value) ÷ paid-in, 2 decimals; null before money is paid in */
    tvpi: z.string().nullable(),
    dpi: z.string().nullable(),
    /** the day of the NAV the value is a share of; null while valued at cost (no NAV yet) */
    nav_on: z.string().nullable(),
    ...figuresShape,
  })
  .meta({ id: 'PortfolioFundHolding' });
export type FundHolding = z.infer<typeof fundHoldingSchema>;

/** One row of the portfolio: a company (`kind` "direct") or a fund (`kind` "fund"). */
export const portfolioHoldingSchema = z
  .discriminatedUnion('kind', [directHoldingSchema, fundHoldingSchema])
  .meta({ id: 'PortfolioHolding' });
export type PortfolioHolding = z.infer<typeof portfolioHoldingSchema>;

/** The totals of the holdings in one currency: money is never added across currencies (issue 18). */
export const portfolioCurrencyTotalsSchema = z
  .object({ currency: z.string(), ...figuresShape })
  .meta({ id: 'PortfolioCurrencyTotals' });
export type PortfolioCurrencyTotals = z.infer<typeof portfolioCurrencyTotalsSchema>;

/**
 * The portfolio's totals, over direct and fund holdings alike: those of its one currency (currency null and zero figures when nothing is
 * held). With holdings in several currencies nothing can be added up: every figure is null, and
 * `totals_by_currency` has a line per currency.
 */
export const portfolioTotalsSchema = z
  .object({
    currency: z.string().nullable(),
    invested: z.string().nullable(),
    value: z.string().nullable(),
    realised: z.string().nullable(),
    unrealised: z.string().nullable(),
    moic: z.string().nullable(),
    xirr: z.string().nullable(),
    return_rate: z.string().nullable(),
    return_basis: z.enum(RETURN_BASES).nullable(),
  })
  .meta({ id: 'PortfolioTotals' });
export type PortfolioTotals = z.infer<typeof portfolioTotalsSchema>;

export const portfolioSchema = z
  .object({
    holdings: z.array(portfolioHoldingSchema),
    totals: portfolioTotalsSchema,
    /** one line per currency held, in the order the holdings first show it */
    totals_by_currency: z.array(portfolioCurrencyTotalsSchema),
    /** the columns and headline figures to show, in order, with their labels (settings → investor → portfolio) */
    layout: portfolioLayoutSchema.optional(),
  })
  .meta({ id: 'Portfolio' });
export type Portfolio = z.infer<typeof portfolioSchema>;

/** A point of the value-over-time chart: money invested so far and what the holdings were worth. */
export const portfolioPointSchema = z
  .object({ date: z.string(), invested: z.string(), value: z.string() })
  .meta({ id: 'PortfolioPoint' });
export type PortfolioPoint = z.infer<typeof portfolioPointSchema>;

/** The value over time of the holdings in one currency. */
export const portfolioCurrencySeriesSchema = z
  .object({ currency: z.string(), points: z.array(portfolioPointSchema) })
  .meta({ id: 'PortfolioCurrencySeries' });
export type PortfolioCurrencySeries = z.infer<typeof portfolioCurrencySeriesSchema>;

/**
 * GET /api/portfolio/history: the portfolio's points, oldest first. Money is never added across
 * currencies (issue 18): `series_by_currency` has a series per currency held (in the order the history
 * first shows it), and `points` is that of the one currency, or null when holdings are in several.
 */
export const portfolioHistorySchema = z
  .object({
    points: z.array(portfolioPointSchema).nullable(),
    series_by_currency: z.array(portfolioCurrencySeriesSchema),
  })
  .meta({ id: 'PortfolioHistory' });
export type PortfolioHistory = z.infer<typeof portfolioHistorySchema>;

/**
 * GET /api/portfolio/returns' query (issue 20): both optional; `from` defaults to the first money in, `to` to
 * today (London). The server refuses `from` after `to` and `to` in the future.
 */
export const portfolioReturnsQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type PortfolioReturnsQuery = z.infer<typeof portfolioReturnsQuerySchema>;

/**
 * The figures of a date range [from, to] in one currency, over direct and fund holdings (issue 20). Decimal
 * strings. opening: the value of what was held at the start of `from` (as valued at the end of the day
 * before); paid_in: money in during the range (direct: allotments and follow-ons, dated by the payments
 * received; funds: capital paid in), net of refunds; received: money out to the investor (exits, dividends;
 * fund distributions); fees: the funds' fees charged to the investor in the range (inside the fund: shown,
 * not a cash flow); closing: the value at the end of `to` (shares × the latest price on or before it; a
 * fund's share of its latest NAV on or before it). gain = closing + received − opening − paid_in; with base
 * = opening + paid_in: moic = tvpi = (closing + received) ÷ base, dpi = received ÷ base, rvpi = closing ÷
 * base (2 decimals, null when base is 0); xirr over −opening at the start of `from` (dated the day before, when
 * it was valued), the dated flows and +closing at `to` (6 decimals, null when undefined); return_rate: the
 * cumulative return (gain ÷ base) when the range's first money in (the opening, else the first payment) is
 * under twelve months before `to`, else the XIRR (return_basis says which): a whole tax year is annualised.
 */
export const portfolioRangeFiguresSchema = z
  .object({
    currency: z.string(),
    opening: z.string(),
    paid_in: z.string(),
    received: z.string(),
    fees: z.string(),
    closing: z.string(),
    gain: z.string(),
    moic: z.string().nullable(),
    tvpi: z.string().nullable(),
    dpi: z.string().nullable(),
    rvpi: z.string().nullable(),
    xirr: z.string().nullable(),
    return_rate: z.string().nullable(),
    return_basis: z.enum(RETURN_BASES),
  })
  .meta({ id: 'PortfolioRangeFigures' });
export type PortfolioRangeFigures = z.infer<typeof portfolioRangeFiguresSchema>;

/**
 * GET /api/portfolio/returns: the range's figures per currency (never added across currencies, issue 18), in
 * the order the currencies are first held; `totals` is the one currency's, null when nothing is held or
 * holdings are in several currencies.
 */
export const portfolioReturnsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: portfolioRangeFiguresSchema.nullable(),
    totals_by_currency: z.array(portfolioRangeFiguresSchema),
  })
  .meta({ id: 'PortfolioReturns' });
export type PortfolioReturns = z.infer<typeof portfolioReturnsSchema>;

/** What a range's figures are computed from (one currency). */
export interface RangeMoney {
  /** YYYY-MM-DD, the range's first and last days */
  from: string;
  to: string;
  opening: string;
  paid_in: string;
  received: string;
  fees: string;
  closing: string;
  /** the dated flows within the range, signed (money in negative, money out positive) */
  flows: readonly CashFlow[];
}

const ratioOf = (part: string, base: string) => (isZeroDecimal(base) ? null : divideDecimal(part, base, 2));

/** The day before a YYYY-MM-DD day. */
export function dayBefore(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  return new Date(noon.getTime() - 86_400_000).toISOString().slice(0, 10);
}

/**
 * The figures of a date range (issue 20), computed here and nowhere else: gain, MOIC/TVPI, DPI, RVPI, XIRR
 * and the return with its basis, exact decimals (XIRR alone in floating point). With `from` at the first
 * money in and `to` today, the opening is 0 and the figures are those of GET /api/portfolio's totals.
 */
export function rangeFigures(money: RangeMoney): Omit<PortfolioRangeFigures, 'currency'> {
  const { opening, paid_in, received, closing, from, to } = money;
  const base = addDecimal(opening, paid_in);
  const back = addDecimal(closing, received);
  // the opening value is the value at the end of the day before `from` (the start of `from`), dated so: a
  // range of a whole year (a tax year, the last twelve months) spans 365 days and is annualised
  const flows: CashFlow[] = [
    ...(isZeroDecimal(opening) ? [] : [{ date: dayBefore(from), amount: subtractDecimal('0', opening) }]),
    ...money.flows,
  ];
  const rate = xirr([...flows, { date: to, amount: closing }]);
  // the clock of the return's basis starts at the range's first money in
  const since = flows
    .filter((flow) => flow.amount.startsWith('-'))
    .reduce<string | null>((first, flow) => (first === null || flow.date < first ? flow.date : first), null);
  const basis: ReturnBasis = returnBasisOf(since, to);
  const multiple = ratioOf(back, base);
  return {
    opening,
    paid_in,
    received,
    fees: money.fees,
    closing,
    gain: subtractDecimal(back, base),
    moic: multiple,
    tvpi: multiple,
    dpi: ratioOf(received, base),
    rvpi: ratioOf(closing, base),
    xirr: rate,
    return_rate: basis === 'cumulative' ? cumulativeReturn(closing, received, base) : rate,
    return_basis: basis,
  };
}

const personSchema = z.object({ id: idSchema, name: z.string() });

/** A point of a share-price history. */
export const sharePriceSchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    effective_on: z.string(),
    price: z.string(),
    kind: z.enum(SHARE_PRICE_KINDS),
    note: z.string().nullable(),
    /** who entered it (null for the round's price written at completion by a user since deleted) */
    created_by: personSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    /** when it was corrected or withdrawn (null while it is the current price of its day) */
    replaced_at: timestampSchema.nullable(),
    replaced_by: personSchema.nullable(),
    /** the price that corrected it; null while current, or when it was withdrawn without a successor */
    superseded_by_id: idSchema.nullable(),
  })
  .meta({ id: 'SharePrice' });
export type SharePrice = z.infer<typeof sharePriceSchema>;

/** One holding transaction; `investor` is present for staff only. */
export const holdingTransactionSchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    investor: z.object({ id: idSchema, name: z.string() }).optional(),
    kind: z.enum(HOLDING_TRANSACTION_KINDS),
    occurred_on: z.string(),
    shares: z.string().nullable(),
    amount: z.string(),
    price: z.string().nullable(),
    share_class: z.string().nullable(),
    note: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'HoldingTransaction' });
export type HoldingTransaction = z.infer<typeof holdingTransactionSchema>;

/** GET /api/portfolio/{opportunityId}: one holding with its history and documents. */
export const portfolioHoldingDetailSchema = directHoldingSchema
  .extend({
    transactions: z.array(holdingTransactionSchema),
    /** oldest first, for the value-over-time chart */
    prices: z.array(
      z.object({ effective_on: z.string(), price: z.string(), kind: z.enum(SHARE_PRICE_KINDS) }),
    ),
    public_documents: z.array(publicDocumentSchema),
    /** the holding's value over time */
    history: z.array(portfolioPointSchema),
  })
  .meta({ id: 'PortfolioHoldingDetail' });
export type PortfolioHoldingDetail = z.infer<typeof portfolioHoldingDetailSchema>;

/** An existing investment's Performance: the history and what every holding is worth at the latest price. */
export const existingPerformanceSchema = z
  .object({
    currency: z.string(),
    price: z.string().nullable(),
    price_date: z.string().nullable(),
    /** shares held by all holders */
    shares: z.string(),
    invested: z.string(),
    value: z.string(),
    realised: z.string(),
    moic: z.string().nullable(),
    /** every price, oldest day first, the replaced ones (corrections, withdrawals) beside the current */
    prices: z.array(sharePriceSchema),
  })
  .meta({ id: 'ExistingInvestmentPerformance' });
export type ExistingPerformance = z.infer<typeof existingPerformanceSchema>;

export const createSharePriceInputSchema = z
  .object({
    effective_on: isoDate,
    price: priceInputSchema,
    kind: z.enum(SHARE_PRICE_KINDS).default('valuation'),
    note: optionalText(500),
  })
  .meta({ id: 'NewSharePrice' });
export type CreateSharePriceInput = z.input<typeof createSharePriceInputSchema>;

/** A correction: a NEW price replacing the one named (same day unless `effective_on` moves it). */
export const updateSharePriceInputSchema = z
  .object({
    effective_on: isoDate.optional(),
    price: priceInputSchema.optional(),
    kind: z.enum(SHARE_PRICE_KINDS).optional(),
    note: optionalText(500),
  })
  .meta({ id: 'SharePriceChanges' });
export type UpdateSharePriceInput = z.input<typeof updateSharePriceInputSchema>;

/** What staff add on an existing investment's Transactions (allotments come from completion). */
export const STAFF_HOLDING_TRANSACTION_KINDS = ['follow_on', 'exit', 'dividend'] as const;

export const createHoldingTransactionInputSchema = z
  .object({
    kind: z.enum(STAFF_HOLDING_TRANSACTION_KINDS),
    /** the investor whose holding it is */
    user_id: z.number({ error: 'Choose the investor.' }).int().positive(),
    occurred_on: isoDate,
    /** required for a follow-on and an exit, absent for a dividend */
    shares: sharesInputSchema.optional(),
    amount: moneyInputSchema,
    price: priceInputSchema.optional(),
    share_class: optionalText(100),
    note: optionalText(500),
  })
  .superRefine((value, context) => {
    if (value.kind !== 'dividend' && value.shares === undefined)
      context.addIssue({ code: 'custom', path: ['shares'], message: 'The shares field is required.' });
    if (value.kind === 'dividend' && value.shares !== undefined)
      context.addIssue({ code: 'custom', path: ['shares'], message: 'A dividend moves no shares.' });
  })
  .meta({ id: 'NewHoldingTransaction' });
export type CreateHoldingTransactionInput = z.input<typeof createHoldingTransactionInputSchema>;
