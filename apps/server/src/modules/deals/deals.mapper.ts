import type { DealPerformance, PipelineDeal } from '@portico/contracts';
import type { DealPerformanceRow } from '../../db/schema';
import { toApiTimestamp } from '../../platform/time';
import type { DealJoinedRow } from './deals.repository';

/** A left join's row of nulls is no reference at all. */
const ref = (value: { id: number | null; name: string | null } | null) =>
  value?.id != null && value.name != null ? { id: value.id, name: value.name } : null;

export function toDeal(row: DealJoinedRow): PipelineDeal {
  const { deal } = row;
  return {
    id: deal.id,
    name: deal.name,
    company_name: deal.company_name,
    pipeline_id: deal.pipeline_id,
    pipeline: row.pipeline,
    stage_id: deal.stage_id,
    stage: row.stage,
    position: deal.position,
    summary: deal.summary,
    website: deal.website,
    industry_id: deal.industry_id,
    industry: ref(row.industry),
    investment_type_id: deal.investment_type_id,
    investment_type: ref(row.investment_type),
    amount_sought: deal.amount_sought,
    pre_money_valuation: deal.pre_money_valuation,
    source: deal.source,
    owner_id: deal.owner_id,
    owner: ref(row.owner),
    opportunity_id: row.opportunity_id === null ? null : Number(row.opportunity_id),
    created_at: toApiTimestamp(deal.created_at),
    updated_at: toApiTimestamp(deal.updated_at),
  };
}

export function toPerformance(row: DealPerformanceRow): DealPerformance {
  return {
    id: row.id,
    pipeline_deal_id: row.pipeline_deal_id,
    period: row.period,
    revenue: row.revenue,
    gross_profit: row.gross_profit,
    ebitda: row.ebitda,
    cash: row.cash,
    headcount: row.headcount,
    notes: row.notes,
    created_at: toApiTimestamp(row.created_at),
    updated_at: toApiTimestamp(row.updated_at),
  };
}
