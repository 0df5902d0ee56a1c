import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from './common';

/*
 * Market soundings (issue 21, UK MAR Art. 11, DOMAIN.md "Insider register"): before a deal is public, staff
 * sound investors about it. An investor first sees only the consent wording; the deal's details come after
 * they accept. Every step (invited, viewed, accepted or declined with the wording shown, answered, opted out,
 * cleansed) is kept with its UTC time and cannot be edited or deleted. The request and answer shapes of
 * create, the investor's GET, accept, decline and response are fixed by the Contract.
 */

/** Spec §4, word for word. */
export const MARKET_SOUNDING_RESPONSES = {
  1: 'Interested with finance in place',
  2: 'Interested without finance in place',
  3: 'Not Interested',
} as const;
export const MARKET_SOUNDING_RESPONSE_VALUES = [1, 2, 3] as const;
export type MarketSoundingResponse = (typeof MARKET_SOUNDING_RESPONSE_VALUES)[number];

/** The statement every sounding opens with; the branding's market_sounding_description follows it. */
export const MARKET_SOUNDING_STANDARD_WORDING =
  'You are being market sounded. The information we would like to share with you is inside information ' +
  'within the meaning of Article 7 of the UK Market Abuse Regulation. By agreeing to receive it you agree ' +
  'that you will be made an insider: you may not deal, or attempt to deal, in the financial instruments it ' +
  'concerns, recommend or induce another person to deal in them, cancel or amend an order already placed ' +
  'concerning them, or disclose the information to anyone, until it has been made public or has ceased to ' +
  'be inside information. You may decline to receive it; declining reveals nothing about the deal.';

/** The events kept for a sounding, in the order they happen. */
export const MARKET_SOUNDING_EVENT_KINDS = [
  'invited',
  'viewed',
  'accepted',
  'declined',
  'answered',
  'opted_out',
  'cleansed',
] as const;
export type MarketSoundingEventKind = (typeof MARKET_SOUNDING_EVENT_KINDS)[number];

export const MARKET_SOUNDING_EVENT_LABELS: Record<MarketSoundingEventKind, string> = {
  invited: 'Invited',
  viewed: 'Viewed the consent',
  accepted: 'Accepted',
  declined: 'Declined',
  answered: 'Answered',
  opted_out: 'Opted out of future soundings',
  cleansed: 'Cleansed',
};

/** A recipient's state, derived from their events. */
export const MARKET_SOUNDING_RECIPIENT_STATUSES = ['invited', 'viewed', 'accepted', 'declined'] as const;
export type MarketSoundingRecipientStatus = (typeof MARKET_SOUNDING_RECIPIENT_STATUSES)[number];

export const MARKET_SOUNDING_RECIPIENT_STATUS_LABELS: Record<MarketSoundingRecipientStatus, string> = {
  invited: 'Not yet opened',
  viewed: 'Viewed, not decided',
  accepted: 'Accepted',
  declined: 'Declined',
};

export const MARKET_SOUNDING_STATUSES = ['open', 'cleansed'] as const;
export type MarketSoundingStatus = (typeof MARKET_SOUNDING_STATUSES)[number];

/** The investor's page of a sounding, the cta of its notification. */
export const marketSoundingInvestorPath = (id: number): string =>
  `/investor/investments/market-sounding/${id}`;

export const MARKET_SOUNDING_MAX_RECIPIENTS = 500;

const required = { error: 'The :attribute field is required.' };

/** POST /api/market-soundings: on a draft opportunity XOR a pipeline deal (422 on both or neither). */
export const marketSoundingCreateSchema = z.object({
  opportunity_id: idSchema.nullable().optional(),
  deal_id: idSchema.nullable().optional(),
  /** the ids of /api/investors (users); none may be on the opt-out list */
  investor_ids: z
    .array(idSchema, required)
    .min(1, { error: 'Choose at least one investor to sound.' })
    .max(MARKET_SOUNDING_MAX_RECIPIENTS, {
      error: `A sounding may have at most ${MARKET_SOUNDING_MAX_RECIPIENTS} investors.`,
    }),
  /** what will be disclosed: the deal's details, shown to an investor only after they accept */
  summary: z
    .string(required)
    .trim()
    .min(1, required)
    .max(20_000, { error: 'The :attribute field must not be greater than 20000 characters.' }),
});
export type MarketSoundingCreate = z.infer<typeof marketSoundingCreateSchema>;

export const marketSoundingCreatedSchema = z.object({ data: z.object({ id: idSchema }) });

/** POST /api/market-soundings/{id}/cleanse: the information is public, or no longer inside information. */
export const marketSoundingCleanseSchema = z.object({
  reason: z
    .string(required)
    .trim()
    .min(1, required)
    .max(2000, { error: 'The :attribute field must not be greater than 2000 characters.' }),
});
export type MarketSoundingCleanse = z.infer<typeof marketSoundingCleanseSchema>;

/** What is sounded: a pipeline deal or a draft opportunity. */
export const marketSoundingSubjectSchema = z
  .object({
    type: z.enum(['deal', 'opportunity']),
    id: idSchema,
    name: z.string(),
  })
  .meta({ id: 'MarketSoundingSubject' });
export type MarketSoundingSubject = z.infer<typeof marketSoundingSubjectSchema>;

export const marketSoundingCountsSchema = z.object({
  invited: z.number().int(),
  viewed: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  answered: z.number().int(),
});
export type MarketSoundingCounts = z.infer<typeof marketSoundingCountsSchema>;

/** A sounding in the staff list. */
export const marketSoundingSchema = z
  .object({
    id: idSchema,
    subject: marketSoundingSubjectSchema,
    summary: z.string(),
    created_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: timestampSchema,
    cleansed_at: timestampSchema.nullable(),
    counts: marketSoundingCountsSchema,
  })
  .meta({ id: 'MarketSounding' });
export type MarketSounding = z.infer<typeof marketSoundingSchema>;

export const marketSoundingListSchema = paginatedSchema(marketSoundingSchema);

export const marketSoundingListQuery = defineListQuery({
  table: 'market_soundings',
  filters: {
    /** open | cleansed */
    status: 'exact',
  },
  sorts: ['created_at'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: [],
  appends: [],
});

export const marketSoundingRecipientSchema = z
  .object({
    investor: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    status: z.enum(MARKET_SOUNDING_RECIPIENT_STATUSES),
    response: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    /** on the opt-out list now (from this sounding or another) */
    opted_out: z.boolean(),
    invited_at: timestampSchema,
    viewed_at: timestampSchema.nullable(),
    /** when they accepted or declined */
    decided_at: timestampSchema.nullable(),
    responded_at: timestampSchema.nullable(),
  })
  .meta({ id: 'MarketSoundingRecipient' });
export type MarketSoundingRecipient = z.infer<typeof marketSoundingRecipientSchema>;

export const marketSoundingEventSchema = z
  .object({
    kind: z.enum(MARKET_SOUNDING_EVENT_KINDS),
    /** the investor's name; null for a sounding-wide event (cleansed) */
    investor: z.string().nullable(),
    response: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    created_at: timestampSchema,
    /** who did it; null when the actor's account is gone */
    actor: z.string().nullable(),
  })
  .meta({ id: 'MarketSoundingEvent' });
export type MarketSoundingEvent = z.infer<typeof marketSoundingEventSchema>;

/** GET /api/market-soundings/{id}: the sounding with its wording, recipients and timeline (oldest first). */
export const marketSoundingDetailSchema = marketSoundingSchema
  .extend({
    wording: z.string(),
    cleansing_reason: z.string().nullable(),
    recipients: z.array(marketSoundingRecipientSchema),
    events: z.array(marketSoundingEventSchema),
  })
  .meta({ id: 'MarketSoundingDetail' });
export type MarketSoundingDetail = z.infer<typeof marketSoundingDetailSchema>;

/** GET /api/market-soundings/opt-outs: investors who asked not to be sounded again (for the picker). */
export const marketSoundingOptOutSchema = z
  .object({
    investor: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    created_at: timestampSchema,
  })
  .meta({ id: 'MarketSoundingOptOut' });
export type MarketSoundingOptOut = z.infer<typeof marketSoundingOptOutSchema>;

/** GET /api/insider-register: one acceptance of a market sounding. */
export const insiderRegisterEntrySchema = z
  .object({
    /** the acceptance event's id */
    id: idSchema,
    sounding_id: idSchema,
    investor: z.object({ id: idSchema, name: z.string(), email: z.string() }),
    subject: marketSoundingSubjectSchema,
    accepted_at: timestampSchema,
    /** the wording the investor accepted */
    wording: z.string(),
    response: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    responded_at: timestampSchema.nullable(),
    cleansed_at: timestampSchema.nullable(),
  })
  .meta({ id: 'InsiderRegisterEntry' });
export type InsiderRegisterEntry = z.infer<typeof insiderRegisterEntrySchema>;

export const insiderRegisterListSchema = paginatedSchema(insiderRegisterEntrySchema);

export const insiderRegisterListQuery = defineListQuery({
  table: 'insider_register',
  filters: {
    sounding_id: 'exact',
    investor_id: 'exact',
  },
  sorts: ['accepted_at'],
  defaultSort: ['-accepted_at'],
  includes: [],
  fields: [],
  appends: [],
});

/**
 * GET /api/profile/market-soundings/{id} (and the answer of accept, decline, response, opt-out): the
 * investor's own sounding. `details` is null unless they accepted: until then nothing identifies the deal.
 */
export const investorMarketSoundingSchema = z
  .object({
    id: idSchema,
    /** null: not yet decided; false: declined */
    accepted: z.boolean().nullable(),
    /** the consent wording: the standard statement and the firm's market-sounding description */
    wording: z.string(),
    invited_at: timestampSchema,
    decided_at: timestampSchema.nullable(),
    response: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    cleansed_at: timestampSchema.nullable(),
    /** on the opt-out list: not to be sounded again */
    opted_out: z.boolean(),
    details: z.object({ subject_name: z.string(), summary: z.string() }).nullable(),
  })
  .meta({ id: 'InvestorMarketSounding' });
export type InvestorMarketSounding = z.infer<typeof investorMarketSoundingSchema>;

/** GET /api/profile/market-soundings: the investor's own soundings, newest first. */
export const investorMarketSoundingListItemSchema = z
  .object({
    id: idSchema,
    invited_at: timestampSchema,
    accepted: z.boolean().nullable(),
    response: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
    cleansed_at: timestampSchema.nullable(),
    /** the deal's name, only once accepted */
    subject_name: z.string().nullable(),
  })
  .meta({ id: 'InvestorMarketSoundingListItem' });
export type InvestorMarketSoundingListItem = z.infer<typeof investorMarketSoundingListItemSchema>;

/** POST /api/profile/market-soundings/{id}/response */
export const marketSoundingResponseInputSchema = z.object({
  response: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'The :attribute field must be 1, 2 or 3.',
  }),
});
export type MarketSoundingResponseInput = z.infer<typeof marketSoundingResponseInputSchema>;
