import { SubNav } from '../../../components/layouts/sub-nav';
import { ADMIN_SCREENS } from '../../../config/admin-menu';

const ITEMS = [
  { label: 'General', path: ADMIN_SCREENS.terminology.path },
  ADMIN_SCREENS.terminologyOpportunities,
  ADMIN_SCREENS.terminologyRoles,
  ADMIN_SCREENS.terminologyInvestor,
  ADMIN_SCREENS.terminologyPortfolioColumns,
  ADMIN_SCREENS.terminologyFunds,
].map(({ label, path }) => ({ label, path }));

export function TerminologyNav() {
  return <SubNav label="Terminology pages" items={ITEMS} />;
}
