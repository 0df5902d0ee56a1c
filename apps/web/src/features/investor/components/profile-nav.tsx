import { SubNav } from '../../../components/layouts/sub-nav';

const ITEMS = [
  { label: 'Overview', path: '/investor/profile/view' },
  { label: 'My details', path: '/investor/profile/details' },
  { label: 'Client type', path: '/investor/profile/type' },
  { label: 'Membership', path: '/investor/profile/subscription' },
  { label: 'Security', path: '/investor/profile/security' },
];

export function ProfileNav() {
  return <SubNav label="Profile pages" items={ITEMS} />;
}
