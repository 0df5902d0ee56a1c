import { isInvestorRole, isStaffRole } from '@portico/contracts/constants';
import { matchPath } from 'react-router';
import { LOGIN_PATH } from './app';
import { ADMIN_SCREENS, adminLandingPath, canOpenAdminScreen } from './admin-menu';
import { INVESTOR_HOME } from './investor-menu';

/** Spec §2.3: after login, staff go to their first permitted admin screen and investors to /investor. */
export function landingPath(roleId: number | null | undefined): string {
  if (isInvestorRole(roleId)) return INVESTOR_HOME;
  if (isStaffRole(roleId)) return adminLandingPath(roleId) ?? LOGIN_PATH;
  return LOGIN_PATH;
}

/**
 * Whether the page a logged-out visitor asked for may be reopened after login: only inside the user's
 * own area, and never an admin screen their role may not open (they would meet the error page).
 */
export function canReturnTo(roleId: number | null | undefined, path: string): boolean {
  const pathname = (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  const within = (root: string) => pathname === root || pathname.startsWith(`${root}/`);
  if (isInvestorRole(roleId)) return within(INVESTOR_HOME);
  if (!isStaffRole(roleId) || !within('/admin')) return false;
  return Object.values(ADMIN_SCREENS)
    .filter((screen) => matchPath({ path: screen.path, end: true }, pathname) !== null)
    .every((screen) => canOpenAdminScreen(roleId, screen));
}
