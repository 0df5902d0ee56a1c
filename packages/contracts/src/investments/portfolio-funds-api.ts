import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import { FUND_MOVEMENT_TYPES, fundMeasuresSchema } from '../funds/fund-money';
import { FUND_TYPES } from '../funds/funds';
import { FUND_COMPANY_STATUSES } from '../fund-companies/fund-companies';
import { INVESTMENT_STATUSES, TAX_RELIEFS } from './opportunity-status';
import { fundHoldingSchema } from './portfolio-api';

/*
 * The investor's page of one fund they hold (issue 20, spec §2.2 /investor/portfolio/fund/{id}):
 * GET /api/portfolio/funds/{fundId}. Only the signed-in investor's own commitments, calls, distributions and
 * fees; the fund's NAV history. Money is a decimal string; multiples 2 decimals, IRR 6.
 */

/** One of the investor's commitments to the fund (an investment in one of its opportunities). */
export const portfolioFundCommitmentSchema = z
  .object({
    investment_id: idSchema,
    opportunity_id: idSchema,
    opportunity_name: z.string(),
    amount: z.string(),
    called: z.string(),
    paid: z.string(),
    status: z.enum(INVESTMENT_STATUSES),
    /** null when payment references are hidden (hide_payment_reference) */
    payment_reference: z.string().nullable(),
  })
  .meta({ id: 'PortfolioFundCommitment' });
export type PortfolioFundCommitment = z.infer<typeof portfolioFundCommitmentSchema>;

/** The investor's part of one capital call (the lines of all their commitments added), newest first. */
export const portfolioFundCallSchema = z
  .object({
    call_id: idSchema,
    /** the London day it was issued */
    date: z.string(),
    due_date: z.string(),
    amount: z.string(),
    /** what their payments cover of it, applied to the oldest call first */
    paid: z.string(),
    message: z.string().nullable(),
  })
  .meta({ id: 'PortfolioFundCall' });
export type PortfolioFundCall = z.infer<typeof portfolioFundCallSchema>;

/** The investor's part of a distribution or a fee (a reversal is negative and names the one it undoes). */
export const portfolioFundMovementSchema = z
  .object({
    movement_id: idSchema,
    type: z.enum(FUND_MOVEMENT_TYPES),
    kind: z.string(),
    /** "Return of capital", "Management fee"… */
    label: z.string(),
    date: z.string(),
    amount: z.string(),
    reverses_id: idSchema.nullable(),
  })
  .meta({ id: 'PortfolioFundMovement' });
export type PortfolioFundMovement = z.infer<typeof portfolioFundMovementSchema>;

/** One of the fund's portfolio companies as its investors see it: what the fund paid, holds and got back. */
export const portfolioFundCompanySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    industry: z.string().nullable(),
    country: z.string().nullable(),
    website: z.string().nullable(),
    first_investment_on: z.string().nullable(),
    /** the latest maturity status and its date (null before the first) */
    status: z.enum(FUND_COMPANY_STATUSES).nullable(),
    status_on: z.string().nullable(),
    ownership_percent: z.string().nullable(),
    /** the fund's cost, realised, current valuation and multiple, in the fund's currency */
    cost: z.string(),
    realised: z.string(),
    valuation: z.string(),
    multiple: z.string().nullable(),
  })
  .meta({ id: 'PortfolioFundCompany' });
export type PortfolioFundCompany = z.infer<typeof portfolioFundCompanySchema>;

export const portfolioFundDetailSchema = z
  .object({
    fund: z.object({
      id: idSchema,
      name: z.string(),
      type: z.enum(FUND_TYPES),
      vintage: z.number().int().nullable(),
      currency: z.string(),
      tax_relief: z.enum(TAX_RELIEFS),
      description: z.string().nullable(),
    }),
    /** the London day the measures are taken */
    as_of: z.string(),
    /** the row GET /api/portfolio shows for this fund */
    holding: fundHoldingSchema,
    /** the fund measures of the investor's commitments (DOMAIN.md, Fund measures) */
    measures: fundMeasuresSchema,
    commitments: z.array(portfolioFundCommitmentSchema),
    capital_calls: z.array(portfolioFundCallSchema),
    /** money received on their commitments per day (a refund negative), oldest first */
    payments: z.array(z.object({ date: z.string(), amount: z.string() })),
    /** distributions and fees, newest date first */
    movements: z.array(portfolioFundMovementSchema),
    /** the fund's current NAVs, oldest date first */
    navs: z.array(z.object({ date: z.string(), nav: z.string() })),
    /** the fund's portfolio companies, by name */
    companies: z.array(portfolioFundCompanySchema),
    generated_at: timestampSchema,
  })
  .meta({ id: 'PortfolioFundDetail' });
export type PortfolioFundDetail = z.infer<typeof portfolioFundDetailSchema>;
