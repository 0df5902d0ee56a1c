import { SubNav } from '../../../components/layouts/sub-nav';

const ITEMS = [
  { label: 'My details', path: '/investor/profile/view' },
  { label: 'Security', path: '/investor/profile/security' },
];

export function ProfileNav() {
  return <SubNav label="Profile pages" items={ITEMS} />;
}
