import { z } from 'zod';
import { bankDetailsSchema } from '../investments/investing-api';
import { portfolioCurrencyTotalsSchema } from '../investments/portfolio-api';
import { idSchema, timestampSchema } from '../schemas/common';

/*
 * The investor overview (issue 19, spec §2.2 /investor): what needs the signed-in investor now and how
 * they are doing, in one answer. Each part comes from the module that owns it (investing, pre-emption,
 * portfolio); money travels as decimal strings and is never added across currencies.
 */

/** One of the investor's investments with a cash call waiting for their money. */
export const overviewCashCallSchema = z
  .object({
    investment_id: idSchema,
    opportunity: z.object({
      id: idSchema,
      slug: z.string(),
      name: z.string(),
      company_name: z.string(),
      currency: z.string(),
    }),
    /** the investment's amount */
    amount: z.string(),
    /** received so far */
    paid_amount: z.string(),
    /** what is left to pay: amount (a fund commitment: what has been called of it) less what was received */
    outstanding: z.string(),
    /** YYYY-MM-DD */
    due_date: z.string(),
    /** the cash call's message from staff, if any */
    message: z.string().nullable(),
    /** null with hide_payment_reference */
    payment_reference: z.string().nullable(),
    /** null with hide_bank_details (IBAN and SWIFT only with intl_bank_details_enabled) */
    bank_details: bankDetailsSchema.nullable(),
  })
  .meta({ id: 'OverviewCashCall' });
export type OverviewCashCall = z.infer<typeof overviewCashCallSchema>;

/** A pre-emption right the investor has not yet chosen on, in a round whose window is open. */
export const overviewPreEmptionSchema = z
  .object({
    opportunity: z.object({ id: idSchema, slug: z.string(), name: z.string(), currency: z.string() }),
    existing_investment: z.object({ id: idSchema, name: z.string() }),
    /** the window's last day (YYYY-MM-DD); null when it has none */
    ends_on: z.string().nullable(),
    /** the pro-rata entitlement in money, when known */
    entitlement: z.string().nullable(),
  })
  .meta({ id: 'OverviewPreEmption' });
export type OverviewPreEmption = z.infer<typeof overviewPreEmptionSchema>;

/**
 * The 24-hour cooling-off before a first investment (COBS 4.12A), while it runs: when it ends and the
 * seconds left by the server's clock.
 */
export const overviewCoolingOffSchema = z
  .object({
    ends_at: timestampSchema,
    seconds_left: z.number().int().nonnegative(),
    /** the opportunity the investor saw the warning on, to go back to */
    opportunity_id: idSchema.nullable(),
  })
  .meta({ id: 'OverviewCoolingOff' });
export type OverviewCoolingOff = z.infer<typeof overviewCoolingOffSchema>;

/** GET /api/profile/overview */
export const investorOverviewSchema = z
  .object({
    /** awaiting payment, the earliest due first */
    cash_calls: z.array(overviewCashCallSchema),
    /** open rounds awaiting the investor's choice, the nearest deadline first */
    pre_emptions: z.array(overviewPreEmptionSchema),
    cooling_off: overviewCoolingOffSchema.nullable(),
    portfolio: z.object({
      /** holdings in the portfolio (completed and matured investments) */
      holdings: z.number().int().nonnegative(),
      /** one line per currency held: never added across currencies */
      totals_by_currency: z.array(portfolioCurrencyTotalsSchema),
    }),
  })
  .meta({ id: 'InvestorOverview' });
export type InvestorOverview = z.infer<typeof investorOverviewSchema>;
