import { useParams } from 'react-router';
import { useInvesting } from './get-investing';
import { useOpportunityBySlug } from './get-opportunity-by-slug';

/** The pages under /investor/investments/{slug}: the opportunity of the slug, then what investing needs. */
export function useInvestingOpportunity() {
  const { slug = '' } = useParams();
  const opportunity = useOpportunityBySlug(slug);
  const investing = useInvesting(opportunity.data?.id);
  return { slug, opportunity, investing };
}
