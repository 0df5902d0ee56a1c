import { SubNav } from '../../../components/layouts/sub-nav';
import { ADMIN_SCREENS } from '../../../config/admin-menu';

const ITEMS = [
  { label: ADMIN_SCREENS.security.label, path: ADMIN_SCREENS.security.path },
  { label: ADMIN_SCREENS.accountDetails.label, path: ADMIN_SCREENS.accountDetails.path },
];

export function SecurityNav() {
  return <SubNav label="Security pages" items={ITEMS} />;
}
