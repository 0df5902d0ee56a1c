import type { FeatureKey, TermKey } from '@portico/contracts';
import { lazy, Suspense } from 'react';
import { SubNav } from '../../../components/layouts/sub-nav';
import { useFeatures } from '../../../lib/branding';
import { useTerminology } from '../../../lib/terminology';

const ProfileRecordLinks = lazy(async () => ({
  default: (await import('../../investor-profile/components/profile-record-links')).ProfileRecordLinks,
}));

/** The profile's pages in onboarding order; one with a feature shows only while the feature is on. */
const ITEMS: ReadonlyArray<{ label: string; path: string; feature?: FeatureKey; term?: TermKey }> = [
  { label: 'Overview', path: '/investor/profile/view' },
  { label: 'My details', path: '/investor/profile/details' },
  { label: 'Client type', path: '/investor/profile/type' },
  {
    label: 'Investor categorisation',
    term: 'investor_categorisation',
    path: '/investor/profile/investor-type',
  },
  { label: 'Appropriateness test', path: '/investor/profile/appropriateness', feature: 'complianceTest' },
  { label: 'Identity', path: '/investor/profile/identity', feature: 'screening' },
  { label: 'Documents', path: '/investor/profile/documents' },
  { label: 'Organisations', path: '/investor/profile/organisation-apply', feature: 'organisationLinks' },
  { label: 'Membership', path: '/investor/profile/subscription' },
  { label: 'Security', path: '/investor/profile/security' },
];

export function ProfileNav() {
  const features = useFeatures();
  const terminology = useTerminology();
  const items = ITEMS.filter((item) => !item.feature || features[item.feature]).map((item) => ({
    label: item.term ? terminology[item.term] : item.label,
    path: item.path,
  }));
  return (
    <>
      <SubNav label="Profile pages" items={items} />
      <Suspense fallback={null}>
        <ProfileRecordLinks />
      </Suspense>
    </>
  );
}
