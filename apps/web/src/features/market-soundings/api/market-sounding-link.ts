import { can } from '@portico/contracts/constants';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useFeature } from '../../../lib/branding';
import { useUser } from '../../../lib/session';

/**
 * Where "Market sounding" on a pipeline deal's or a draft opportunity's page leads: the new sounding with
 * that subject chosen. Undefined while the feature is off or the role may not open soundings.
 */
export function useMarketSoundingHref(subject: { deal_id: number } | { opportunity_id: number }) {
  const user = useUser();
  const on = useFeature('marketSounding');
  if (!on || !can(user.role_id, 'compliance', 'create')) return undefined;
  const [key, id] =
    'deal_id' in subject ? ['deal_id', subject.deal_id] : ['opportunity_id', subject.opportunity_id];
  return `${ADMIN_SCREENS.newMarketSounding.path}?${key}=${id}`;
}
