import type { FeatureKey, TermKey } from '@portico/contracts';
import { lazy, Suspense } from 'react';
import { SubNav } from '../../../components/layouts/sub-nav';
import { useFeatures } from '../../../lib/branding';
import { useTerminology } from '../../../lib/terminology';

const ProfileRecordLinks = lazy(async () => ({
  default: (await import('../../investor-profile/components/profile-record-links')).ProfileRecordLinks,
}));

const ITEMS: ReadonlyArray<{ label: string; path: string; feature?: FeatureKey; term?: TermKey }> = [
  { label: 'My details', path: '/investor/profile/view' },
  { label: 'Security', path: '/investor/profile/security' },
  {
    label: 'Investor categorisation',
    term: 'investor_categorisation',
    path: '/investor/profile/investor-type',
  },
  { label: 'Documents', path: '/investor/profile/documents' },
  { label: 'Organisations', path: '/investor/profile/organisation-apply', feature: 'organisationLinks' },
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
