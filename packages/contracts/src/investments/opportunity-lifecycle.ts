import { z } from 'zod';
import { personRefSchema } from '../crm/subjects';
import { investorRefSchema } from '../crm/organisations';
import { idSchema, timestampSchema } from '../schemas/common';
import { allottedOnInputSchema } from './completion-api';
import { OPPORTUNITY_STATUSES, type OpportunityStatus } from './opportunity-status';

const statusSchema = z
  .number()
  .int()
  .refine(
    (value): value is OpportunityStatus => (OPPORTUNITY_STATUSES as readonly number[]).includes(value),
    {
      error: 'The :attribute field must be one of 1 (Draft) to 6 (Matured).',
    },
  )
  .meta({ description: '1 Draft, 2 Live - External, 3 Live - Internal, 4 Closed, 5 Completed, 6 Matured' });

/** POST /api/opportunities/{id}/transition */
export const opportunityTransitionInputSchema = z
  .object({ status: statusSchema, allotted_on: allottedOnInputSchema.optional() })
  .meta({ id: 'NewOpportunityStatus' });
export type OpportunityTransitionInput = z.input<typeof opportunityTransitionInputSchema>;

/**
 * The fields an opportunity needs before it goes live (issue 10): what an investor must see. The
 * closing date must also be in the future.
 */
export const GO_LIVE_FIELDS = [
  'name',
  'company_name',
  'target_amount',
  'maximum_amount',
  'minimum_investment',
  'share_price',
  'tax_relief',
  'closing_date',
] as const;
export type GoLiveField = (typeof GO_LIVE_FIELDS)[number];

/** Each field as a person names it, in a 422 and in the web's list of what is missing. */
export const GO_LIVE_FIELD_LABELS: Record<GoLiveField, string> = {
  name: 'name',
  company_name: 'company name',
  target_amount: 'target raise',
  maximum_amount: 'maximum raise',
  minimum_investment: 'minimum investment',
  share_price: 'share price',
  tax_relief: 'tax relief',
  closing_date: 'closing date',
};

/** A client group as an invitation shows it. */
export const clientGroupRefSchema = z
  .object({ id: idSchema, name: z.string(), members_count: z.number().int() })
  .meta({ id: 'ClientGroupRef' });

/** An investor or a client group invited to an opportunity (a Live - Internal one is offered only to them). */
export const opportunityInvitationSchema = z
  .object({
    id: idSchema,
    opportunity_id: idSchema,
    kind: z.enum(['investor', 'client_group']),
    investor: investorRefSchema.nullable(),
    client_group: clientGroupRefSchema.nullable(),
    invited_by: personRefSchema.nullable(),
    created_at: timestampSchema,
    /** when its investors were notified; null until the opportunity is Live - Internal */
    notified_at: timestampSchema.nullable(),
  })
  .meta({ id: 'OpportunityInvitation' });
export type OpportunityInvitation = z.infer<typeof opportunityInvitationSchema>;

export const opportunityInvitationListSchema = z.object({ data: z.array(opportunityInvitationSchema) });

const ids = z.array(z.number().int().positive()).max(100).default([]);

/** POST /api/opportunities/{id}/invitations: invite investors and groups; those already invited stay. */
export const createOpportunityInvitationsInputSchema = z
  .object({ user_ids: ids, client_group_ids: ids })
  .meta({ id: 'NewOpportunityInvitations' });
export type CreateOpportunityInvitationsInput = z.input<typeof createOpportunityInvitationsInputSchema>;
