import { z } from 'zod';
import { defineListQuery, paginatedSchema, type ListColumn } from '../list-query';
import { MONEY_PATTERN, PRICE_PATTERN } from '../money';
import { idSchema, timestampSchema } from '../schemas/common';
import { optionalText } from '../crm/subjects';
import { opportunityResource, TAX_RELIEFS } from './opportunity-status';
import type { Resource } from '../permissions';
import { currencySchema } from '../currencies';

/*
 * Opportunities (DOMAIN.md, Investing; spec §2.1 and §4): the record, its content sections and the list.
 * Money travels as decimal strings ("2500.00"), never as numbers.
 */

const MONEY_MESSAGE = 'The :attribute field must be an amount in pounds and pence, e.g. 2500 or 2500.50.';
const PRICE_MESSAGE = 'The :attribute field must be a price with up to 6 decimals, e.g. 1.25.';
const DATE_MESSAGE = 'The :attribute field must be a date (YYYY-MM-DD).';
const SLUG_MESSAGE =
  'The :attribute field may only hold lower-case letters, digits and single hyphens, e.g. acme-robotics.';

/** Money as a decimal string: up to 12 whole digits and 2 decimals, more than zero. */
export const moneyInputSchema = z
  .string({ error: MONEY_MESSAGE })
  .trim()
  .regex(MONEY_PATTERN, { error: MONEY_MESSAGE })
  .refine((value) => /[1-9]/.test(value), { error: 'The :attribute field must be more than zero.' });
/** A share price as a decimal string: up to 12 whole digits and 6 decimals, more than zero. */
export const priceInputSchema = z
  .string({ error: PRICE_MESSAGE })
  .trim()
  .regex(PRICE_PATTERN, { error: PRICE_MESSAGE })
  .refine((value) => /[1-9]/.test(value), { error: 'The :attribute field must be more than zero.' });
const isoDate = z.iso.date({ error: DATE_MESSAGE });
/** A URL slug: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slugSchema = z.string().trim().toLowerCase().max(120).regex(SLUG_PATTERN, { error: SLUG_MESSAGE });
/** An optional reference to a classification entry: null clears it. */
const optionalRef = z.number().int().positive().nullable().optional();

/** The most characters a description (HTML) may have. */
export const DESCRIPTION_MAX = 100_000;

export const classificationRefSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'ClassificationRef' });
export type ClassificationRef = z.infer<typeof classificationRefSchema>;

/** One opportunity as lists show it. Fields marked staff-only are absent for investors. */
export const opportunitySummarySchema = z
  .object({
    id: idSchema,
    slug: z.string(),
    name: z.string(),
    company_name: z.string(),
    /** 1 Draft … 6 Matured (spec §4); the stage is the same number */
    status: z.number().int().min(1).max(6),
    stage: z.number().int().min(1).max(6),
    summary: z.string().nullable(),
    currency: z.string(),
    target_amount: z.string().nullable(),
    maximum_amount: z.string().nullable(),
    minimum_investment: z.string().nullable(),
    /** the sum of reserved, awaiting-payment and paid investments (and completed ones: what a completed round raised) */
    committed_amount: z.string(),
    /**
     * what is left to invest as the commitment gate measures it (issue 18): the maximum less what is
     * committed and what pre-emption still holds for holders (for a holder, their own entitlement is not
     * held against them), never below zero; null without a maximum
     */
    remaining_amount: z.string().nullable().optional(),
    share_price: z.string().nullable(),
    share_class: z.string().nullable(),
    tax_relief: z.enum(TAX_RELIEFS).nullable(),
    closing_date: z.string().nullable(),
    type: classificationRefSchema.nullable(),
    sub_type: classificationRefSchema.nullable(),
    industry: classificationRefSchema.nullable(),
    category: classificationRefSchema.nullable(),
    character: classificationRefSchema.nullable(),
    cover_image_url: z.string().nullable(),
    /** the fund it raises for (a fund opportunity, DOMAIN.md), or null; null when a client leaves it out */
    fund_id: z.number().int().nullable().default(null),
    fund_name: z.string().nullable().default(null),
    /** staff only: the deal it was converted from */
    pipeline_deal_id: z.number().int().nullable().optional(),
    published_at: timestampSchema.nullable(),
    closed_at: timestampSchema.nullable(),
    completed_at: timestampSchema.nullable(),
    matured_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'OpportunitySummary' });
export type OpportunitySummary = z.infer<typeof opportunitySummarySchema>;

export const opportunityListSchema = paginatedSchema(opportunitySummarySchema.partial());
export type OpportunityList = z.infer<typeof opportunityListSchema>;

/**
 * The one choice of the resource that guards an opportunity (spec §6): funds_opportunity for a fund
 * opportunity (one with a fund_id), else the resource of its stage (live or existing).
 */
export function opportunityGuard(opportunity: { status: number; fund_id: number | null }): Resource {
  return opportunity.fund_id === null ? opportunityResource(opportunity.status) : 'funds_opportunity';
}

// ── content sections ──────────────────────────────────────────────────────────────────────────────

export const keyPointSchema = z
  .object({ id: idSchema, text: z.string() })
  .meta({ id: 'OpportunityKeyPoint' });
export const keyDateSchema = z
  .object({ id: idSchema, date: z.string(), label: z.string() })
  .meta({ id: 'OpportunityKeyDate' });
export const teamMemberSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    role: z.string().nullable(),
    bio: z.string().nullable(),
    photo_url: z.string().nullable(),
  })
  .meta({ id: 'OpportunityTeamMember' });
export const galleryImageSchema = z
  .object({ id: idSchema, caption: z.string().nullable(), image_url: z.string() })
  .meta({ id: 'OpportunityGalleryImage' });
export const faqSchema = z
  .object({ id: idSchema, question: z.string(), answer: z.string() })
  .meta({ id: 'OpportunityFaq' });
export type KeyPoint = z.infer<typeof keyPointSchema>;
export type KeyDate = z.infer<typeof keyDateSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type GalleryImage = z.infer<typeof galleryImageSchema>;
export type Faq = z.infer<typeof faqSchema>;

/** A public document as an investor sees it: no uploader, a short-lived link. */
export const publicDocumentSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    url: z.string(),
    /** how staff filed it: "Information memorandum" and "Investment terms" matter (issue 18) */
    category: z.string().nullable().optional(),
  })
  .meta({ id: 'OpportunityPublicDocument' });
export type PublicDocument = z.infer<typeof publicDocumentSchema>;

/** One opportunity with its page: description (sanitised HTML), content and public documents. */
export const opportunitySchema = opportunitySummarySchema
  .extend({
    description: z.string().nullable(),
    key_points: z.array(keyPointSchema),
    key_dates: z.array(keyDateSchema),
    team_members: z.array(teamMemberSchema),
    gallery: z.array(galleryImageSchema),
    faqs: z.array(faqSchema),
    public_documents: z.array(publicDocumentSchema),
  })
  .meta({ id: 'Opportunity' });
export type Opportunity = z.infer<typeof opportunitySchema>;

/** The content sections: their API paths and what an item holds. */
export const OPPORTUNITY_SECTIONS = ['key_points', 'key_dates', 'team_members', 'gallery', 'faqs'] as const;
export type OpportunitySection = (typeof OPPORTUNITY_SECTIONS)[number];
export const OPPORTUNITY_SECTION_PATHS = {
  key_points: 'key-points',
  key_dates: 'key-dates',
  team_members: 'team-members',
  gallery: 'gallery',
  faqs: 'faqs',
} as const satisfies Record<OpportunitySection, string>;

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** What each section's item is made of, new (every required field) and changed (any field). */
export const sectionInputSchemas = {
  key_points: z.object({ text: requiredText(500) }).meta({ id: 'NewOpportunityKeyPoint' }),
  key_dates: z.object({ date: isoDate, label: requiredText(200) }).meta({ id: 'NewOpportunityKeyDate' }),
  team_members: z
    .object({ name: requiredText(200), role: optionalText(200), bio: optionalText(2000) })
    .meta({ id: 'NewOpportunityTeamMember' }),
  // the image itself is the multipart file `image`
  gallery: z.object({ caption: optionalText(300) }).meta({ id: 'NewOpportunityGalleryImage' }),
  faqs: z
    .object({ question: requiredText(500), answer: requiredText(5000) })
    .meta({ id: 'NewOpportunityFaq' }),
} as const;
export const sectionChangeSchemas = {
  key_points: sectionInputSchemas.key_points.partial().meta({ id: 'OpportunityKeyPointChanges' }),
  key_dates: sectionInputSchemas.key_dates.partial().meta({ id: 'OpportunityKeyDateChanges' }),
  team_members: sectionInputSchemas.team_members.partial().meta({ id: 'OpportunityTeamMemberChanges' }),
  gallery: sectionInputSchemas.gallery.partial().meta({ id: 'OpportunityGalleryImageChanges' }),
  faqs: sectionInputSchemas.faqs.partial().meta({ id: 'OpportunityFaqChanges' }),
} as const;
export const sectionItemSchemas = {
  key_points: keyPointSchema,
  key_dates: keyDateSchema,
  team_members: teamMemberSchema,
  gallery: galleryImageSchema,
  faqs: faqSchema,
} as const;

/** The new order of a section's items: every item's id, once. */
export const sectionOrderSchema = z
  .object({ ids: z.array(z.number().int().positive()).max(200) })
  .meta({ id: 'OpportunitySectionOrder' });

// ── inputs ────────────────────────────────────────────────────────────────────────────────────────

export const opportunityChangesShape = {
  name: requiredText(200).optional(),
  company_name: requiredText(200).optional(),
  slug: slugSchema.optional(),
  summary: optionalText(300),
  description: z.string().max(DESCRIPTION_MAX).nullable().optional(),
  target_amount: moneyInputSchema.optional(),
  maximum_amount: moneyInputSchema.optional(),
  minimum_investment: moneyInputSchema.optional(),
  share_price: priceInputSchema.optional(),
  share_class: optionalText(100),
  tax_relief: z.enum(TAX_RELIEFS).optional(),
  closing_date: isoDate.optional(),
  investment_type_id: optionalRef,
  investment_sub_type_id: optionalRef,
  industry_id: optionalRef,
  investment_category_id: optionalRef,
  investment_character_id: optionalRef,
  /** the fund it raises for (a fund opportunity); null makes it an ordinary opportunity again */
  fund_id: optionalRef,
};

export const updateOpportunityInputSchema = z
  .object(opportunityChangesShape)
  .meta({ id: 'OpportunityChanges' });
export type UpdateOpportunityInput = z.input<typeof updateOpportunityInputSchema>;

export const createOpportunityInputSchema = z
  .object({
    ...opportunityChangesShape,
    name: requiredText(200),
    company_name: requiredText(200),
    target_amount: moneyInputSchema,
    maximum_amount: moneyInputSchema,
    minimum_investment: moneyInputSchema,
    share_price: priceInputSchema,
    tax_relief: z.enum(TAX_RELIEFS),
    closing_date: isoDate,
    /** the currency its money is in (ISO 4217), chosen once: GBP unless given */
    currency: currencySchema.optional(),
    /**
     * A new round of this existing investment (a completed or matured opportunity): the draft is made
     * with its holders' pre-emption choices, Awaiting, in the same step (decision 015).
     */
    pre_emption_of_id: idSchema.optional(),
  })
  .meta({ id: 'NewOpportunity' });
export type CreateOpportunityInput = z.input<typeof createOpportunityInputSchema>;

// ── list ──────────────────────────────────────────────────────────────────────────────────────────

export const OPPORTUNITY_LIST_FIELDS = Object.keys(opportunitySummarySchema.shape) as Array<
  keyof OpportunitySummary
>;

export const opportunitiesListQuery = defineListQuery({
  table: 'opportunities',
  filters: {
    status: 'exact',
    type: 'exact',
    industry: 'exact',
    tax_relief: 'exact',
    slug: 'exact',
    fund: 'exact',
    search: 'scope',
  },
  sorts: [
    'name',
    'company_name',
    'status',
    'closing_date',
    'target_amount',
    'committed_amount',
    'created_at',
  ],
  defaultSort: ['-created_at'],
  includes: [],
  fields: OPPORTUNITY_LIST_FIELDS,
  appends: [],
});

/** The columns of the opportunities list and of its CSV and Excel exports, in order. */
export const OPPORTUNITY_COLUMNS = [
  { key: 'name', label: 'Name', default: true },
  { key: 'company_name', label: 'Company', default: true },
  { key: 'status', label: 'Status', default: true },
  { key: 'type', label: 'Type', default: false },
  { key: 'industry', label: 'Industry', default: false },
  { key: 'tax_relief', label: 'Tax relief', default: true },
  { key: 'target_amount', label: 'Target', default: true, money: true },
  { key: 'committed_amount', label: 'Committed', default: true, money: true },
  { key: 'minimum_investment', label: 'Minimum investment', default: false, money: true },
  { key: 'closing_date', label: 'Closing date', default: true },
  { key: 'created_at', label: 'Added', default: false },
] as const satisfies ReadonlyArray<ListColumn<keyof OpportunitySummary>>;
export type OpportunityColumnKey = (typeof OPPORTUNITY_COLUMNS)[number]['key'];

// ── re-pricing (issue 18, decision 021) ──────────────────────────────────────────────────────────

/** POST /api/opportunities/{id}/repricings: the new share price and why. */
export const repricingInputSchema = z.object({
  share_price: priceInputSchema,
  reason: z
    .string({ error: 'Give the reason for the re-pricing.' })
    .trim()
    .min(1, { error: 'Give the reason for the re-pricing.' })
    .max(1000, { error: 'The reason may have at most 1000 characters.' }),
});
export type RepricingInput = z.infer<typeof repricingInputSchema>;

/** GET /api/opportunities/{id}/repricing-preview?share_price=… */
export const repricingPreviewQuerySchema = z.object({ share_price: priceInputSchema });

/** One investment a re-pricing recomputes: whole shares at the new price, and their cost. */
export const repricingLineSchema = z
  .object({
    investment_id: idSchema,
    investor: z.object({ id: idSchema, name: z.string() }),
    type: z.string(),
    status: z.string(),
    paid_amount: z.string(),
    shares_before: z.string().nullable(),
    amount_before: z.string(),
    shares_after: z.string(),
    amount_after: z.string(),
    /** why this investment keeps the re-pricing from being made (no whole share, money to refund first) */
    problem: z.string().nullable(),
  })
  .meta({ id: 'RepricingLine' });
export type RepricingLine = z.infer<typeof repricingLineSchema>;

/** What a re-pricing would do, before it is made. */
export const repricingPreviewSchema = z
  .object({
    opportunity_id: idSchema,
    currency: z.string(),
    old_price: z.string().nullable(),
    new_price: z.string(),
    committed_before: z.string(),
    committed_after: z.string(),
    investments: z.array(repricingLineSchema),
    /** every reason it would be refused (the 422's messages on share_price); empty when it can be made */
    problems: z.array(z.string()),
  })
  .meta({ id: 'RepricingPreview' });
export type RepricingPreview = z.infer<typeof repricingPreviewSchema>;

/** A re-pricing made: who, when, why, and each investment before and after. */
export const repricingSchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    old_price: z.string(),
    new_price: z.string(),
    reason: z.string(),
    repriced_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: timestampSchema,
    investments: z.array(
      repricingLineSchema.omit({ problem: true, paid_amount: true, type: true, status: true }),
    ),
  })
  .meta({ id: 'Repricing' });
export type Repricing = z.infer<typeof repricingSchema>;
