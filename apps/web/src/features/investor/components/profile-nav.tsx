import { SubNav } from '../../../components/layouts/sub-nav';
import { useFeature } from '../../../lib/branding';

const ITEMS = [
  { label: 'My details', path: '/investor/profile/view' },
  { label: 'Security', path: '/investor/profile/security' },
];

/** Shown while their feature is on. */
const IDENTITY = { label: 'Identity', path: '/investor/profile/identity' };

export function ProfileNav() {
  const screening = useFeature('screening');
  return <SubNav label="Profile pages" items={screening ? [...ITEMS, IDENTITY] : ITEMS} />;
}
