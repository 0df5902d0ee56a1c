import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';

/*
 * Completing a round (Closed → Completed, issue 18): staff may date the allotment (default today by the
 * London date), and see beforehand what completing will do, including the cancelled investments whose
 * money has not been refunded, which completion leaves as they are.
 */

/** The allotment date staff may give when moving a round to Completed (YYYY-MM-DD). */
export const allottedOnInputSchema = z.iso
  .date({ error: 'The allotment date must be a date (YYYY-MM-DD).' })
  .meta({
    description:
      'Completed only: the day the shares are allotted (YYYY-MM-DD, London). Default today; not in the future, ' +
      'nor before the last payment of the investments allotted was received.',
  });

/** A cancelled investment still holding money: its net received (the ledger's sum) is above zero. */
export const unrefundedInvestmentSchema = z
  .object({
    investment_id: idSchema,
    investor: z.object({ id: idSchema, name: z.string() }),
    amount: z.string(),
    /** the money received and not refunded */
    received: z.string(),
    cancelled_at: timestampSchema.nullable(),
  })
  .meta({ id: 'UnrefundedInvestment' });
export type UnrefundedInvestment = z.infer<typeof unrefundedInvestmentSchema>;

/** GET /api/opportunities/{id}/completion: what completing the round now would do. */
export const completionPreviewSchema = z
  .object({
    currency: z.string(),
    /** today by the London date: the default allotment date */
    today: z.string(),
    /** the earliest allotment date allowed: the last day a payment of an allotted investment was received */
    earliest_allotted_on: z.string().nullable(),
    /** the paid investments that would be allotted, and their money */
    paid_count: z.number().int(),
    paid_amount: z.string(),
    /** commitments still reserved or awaiting payment: completion is refused while there are any */
    unpaid_count: z.number().int(),
    /** cancelled investments whose money was not refunded: completion goes ahead, but staff are warned */
    unrefunded: z.array(unrefundedInvestmentSchema),
  })
  .meta({ id: 'CompletionPreview' });
export type CompletionPreview = z.infer<typeof completionPreviewSchema>;
