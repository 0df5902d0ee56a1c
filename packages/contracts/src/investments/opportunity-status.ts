// Plain constants, no zod: opportunity statuses and stages (spec §4), the transitions issue 10 allows,
// and which admin page opens for a stage (spec §2.1). Exported by '@portico/contracts/constants' too.

export const OPPORTUNITY_STATUS = {
  DRAFT: 1,
  LIVE_EXTERNAL: 2,
  LIVE_INTERNAL: 3,
  CLOSED: 4,
  COMPLETED: 5,
  MATURED: 6,
} as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUS)[keyof typeof OPPORTUNITY_STATUS];
export const OPPORTUNITY_STATUSES = [1, 2, 3, 4, 5, 6] as const satisfies readonly OpportunityStatus[];

export function isOpportunityStatus(value: unknown): value is OpportunityStatus {
  return typeof value === 'number' && (OPPORTUNITY_STATUSES as readonly number[]).includes(value);
}

/** The terminology key that names a status (Settings → terminology → opportunities). */
export const opportunityStatusTerm = (status: OpportunityStatus) => `status_${status}` as const;

/**
 * The moves the platform allows (issue 10; the specification leaves them open): Draft → Live (external
 * or internal), External ⇄ Internal, Live → Closed, Closed → Live (reopen), Closed → Completed,
 * Completed → Matured. Every other move is refused.
 */
export const OPPORTUNITY_TRANSITIONS: Readonly<Record<OpportunityStatus, readonly OpportunityStatus[]>> = {
  1: [2, 3],
  2: [3, 4],
  3: [2, 4],
  4: [2, 3, 5],
  5: [6],
  6: [],
};

export function canTransition(from: OpportunityStatus, to: OpportunityStatus): boolean {
  return OPPORTUNITY_TRANSITIONS[from].includes(to);
}

/** Stage numbers map to statuses in the same order (spec §4): 1 draft, 2 to 4 live, 5 and 6 existing. */
export type OpportunityPhase = 'draft' | 'live' | 'existing';
export function opportunityPhase(stage: number): OpportunityPhase {
  if (stage <= 1) return 'draft';
  return stage <= 4 ? 'live' : 'existing';
}

/** The permission resource that guards an opportunity at a stage (spec §6). */
export function opportunityResource(
  stage: number,
): 'investment_opportunity_live' | 'investment_opportunity_existing' {
  return opportunityPhase(stage) === 'existing'
    ? 'investment_opportunity_existing'
    : 'investment_opportunity_live';
}

/**
 * The admin page an opportunity opens on, by stage (spec §2.1): stage 1 the edit page, stages 2 to 4 the
 * live details page, stages 5 and 6 the existing-investment page. Every list, search result and
 * notification links through this.
 */
export function opportunityAdminPath(id: number, stage: number): string {
  switch (opportunityPhase(stage)) {
    case 'draft':
      return `/admin/investments/opportunities/${id}/edit`;
    case 'live':
      return `/admin/investments/opportunities/${id}/details`;
    case 'existing':
      return `/admin/investments/existing/${id}/details`;
  }
}

/** Tax relief an opportunity offers. */
export const TAX_RELIEFS = ['eis', 'seis', 'none'] as const;
export type TaxRelief = (typeof TAX_RELIEFS)[number];
export const TAX_RELIEF_LABELS: Record<TaxRelief, string> = { eis: 'EIS', seis: 'SEIS', none: 'None' };

/**
 * An investment's state (DOMAIN.md, Investing; spec §4 allocation labels). Reserved, awaiting payment and
 * paid count towards an opportunity's committed amount. Issue 11 builds the journey between them.
 */
export const INVESTMENT_STATUSES = [
  'reserved',
  'awaiting_payment',
  'paid',
  'completed',
  'cancelled',
] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];
export const COMMITTED_INVESTMENT_STATUSES = ['reserved', 'awaiting_payment', 'paid'] as const;
/**
 * An opportunity's committed_amount: its committed investments and, once it has completed, the completed
 * ones (what it raised). Only a completed round holds completed investments, so for a live round this is
 * the same money as COMMITTED_INVESTMENT_STATUSES, which the commitment gate and the room use.
 */
export const RAISED_INVESTMENT_STATUSES = [...COMMITTED_INVESTMENT_STATUSES, 'completed'] as const;

/** How an investment came about: through the portal, or entered by staff for a deal done off it (spec §4). */
export const INVESTMENT_TYPES = ['platform', 'manual', 'private_manual'] as const;
export type InvestmentType = (typeof INVESTMENT_TYPES)[number];
