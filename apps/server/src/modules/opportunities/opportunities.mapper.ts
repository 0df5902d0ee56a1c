import type { Opportunity, OpportunitySummary, PublicDocument } from '@portico/contracts';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { imageUrl } from './opportunity-content';
import type { contentOf } from './opportunity-content';
import type { OpportunityWithNames } from './opportunities.repository';

/** Who is looking: staff see everything, an investor what the portal shows. */
export type Viewer = 'staff' | 'investor';

export function toOpportunitySummary(
  row: OpportunityWithNames,
  viewer: Viewer = 'staff',
): OpportunitySummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    company_name: row.company_name,
    status: row.status,
    stage: row.status,
    summary: row.summary,
    currency: row.currency,
    target_amount: row.target_amount,
    maximum_amount: row.maximum_amount,
    minimum_investment: row.minimum_investment,
    committed_amount: row.committed_amount,
    share_price: row.share_price,
    share_class: row.share_class,
    tax_relief: row.tax_relief,
    closing_date: row.closing_date,
    type: row.type,
    sub_type: row.sub_type,
    industry: row.industry,
    category: row.category,
    character: row.character,
    cover_image_url: imageUrl(row.cover_image_key),
    fund_id: row.fund_id,
    fund_name: row.fund_name,
    ...(viewer === 'staff' ? { pipeline_deal_id: row.pipeline_deal_id } : {}),
    published_at: toApiTimestampOrNull(row.published_at),
    closed_at: toApiTimestampOrNull(row.closed_at),
    completed_at: toApiTimestampOrNull(row.completed_at),
    matured_at: toApiTimestampOrNull(row.matured_at),
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}

export function toOpportunity(
  row: OpportunityWithNames,
  content: Awaited<ReturnType<typeof contentOf>>,
  publicDocuments: PublicDocument[],
  viewer: Viewer = 'staff',
): Opportunity {
  return {
    ...toOpportunitySummary(row, viewer),
    description: row.description,
    ...content,
    public_documents: publicDocuments,
  };
}
