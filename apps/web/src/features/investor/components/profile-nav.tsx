import type { FeatureKey } from '@portico/contracts';
import { SubNav, type SubNavItem } from '../../../components/layouts/sub-nav';
import { useFeatures } from '../../../lib/branding';

/** A profile page; one with a feature shows only while the feature is on. */
const ITEMS: ReadonlyArray<SubNavItem & { feature?: FeatureKey }> = [
  { label: 'Overview', path: '/investor/profile/view' },
  { label: 'My details', path: '/investor/profile/details' },
  { label: 'Client type', path: '/investor/profile/type' },
  { label: 'Membership', path: '/investor/profile/subscription' },
  { label: 'Appropriateness test', path: '/investor/profile/appropriateness', feature: 'complianceTest' },
  { label: 'Identity', path: '/investor/profile/identity', feature: 'screening' },
  { label: 'Security', path: '/investor/profile/security' },
];

export function ProfileNav() {
  const features = useFeatures();
  return (
    <SubNav
      label="Profile pages"
      items={ITEMS.filter((item) => item.feature === undefined || features[item.feature])}
    />
  );
}
