import type { FeatureKey, FeatureSet } from '@portico/contracts';
import { isInvestorRole, isStaffRole } from '@portico/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { LOGIN_PATH, MAINTENANCE_PATH } from '../config/app';
import type { AdminScreen } from '../config/admin-menu';
import { featureAllows, featuresOf, loadBranding } from '../lib/branding';
import { loadSession, type SessionState } from '../lib/session';
import { RouteStatusError } from './route-status-error';

type Loader = (args: LoaderFunctionArgs) => Promise<Response | null>;

/**
 * A signed-in user's landing screen. The admin menu it reads loads on demand: the first page of a
 * guest or an investor does not need it.
 */
async function landingPath(roleId: number): Promise<string> {
  return (await import('../config/landing')).landingPath(roleId);
}
type SignedIn = Extract<SessionState, { status: 'authenticated' }>;

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function maintenanceRedirect(request: Request): Response {
  return redirect(`${MAINTENANCE_PATH}?from=${encodeURIComponent(pathOf(request))}`);
}

/** Logged-out visitors go to /login, which remembers where they were. */
function loginRedirect(request: Request): Response {
  return redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(pathOf(request))}`);
}

const forbidden = () => new RouteStatusError(403, 'This action is unauthorized.');
const notFound = () => new RouteStatusError(404, 'Not found.');
/**
 * For an investor the admin portal does not exist: the investor 404 page (spec §2.4), as for any other
 * address outside their portal. Staff whose role may not open a screen get the error page.
 */
const notForRole = (roleId: number) => (isInvestorRole(roleId) ? notFound() : forbidden());

/**
 * Route guards as loaders (spec §4, §6). Every guard awaits the same session query, so the first page
 * load asks GET /api/user once however many routes match.
 */
export function createGuards(queryClient: QueryClient) {
  /** The signed-in session, or where to send someone who is not signed in. */
  async function signedIn(request: Request): Promise<SignedIn | Response> {
    const state = await loadSession(queryClient);
    if (state.status === 'maintenance') return maintenanceRedirect(request);
    if (state.status === 'guest') return loginRedirect(request);
    return state;
  }

  /**
   * A screen gated by a feature flag answers 404 while the flag is off, as the server does (spec §2.1).
   * Resolves with the deployment's features.
   */
  async function requireFeature(feature: FeatureKey | undefined): Promise<FeatureSet> {
    const features = featuresOf(await loadBranding(queryClient));
    if (!featureAllows(features, feature)) throw notFound();
    return features;
  }

  /** The session and the branding record load together, before the first page renders (spec §4, §8). */
  const root: Loader = async ({ request }) => {
    const [state] = await Promise.all([loadSession(queryClient), loadBranding(queryClient)]);
    const onMaintenancePage = new URL(request.url).pathname === MAINTENANCE_PATH;
    return state.status === 'maintenance' && !onMaintenancePage ? maintenanceRedirect(request) : null;
  };

  const home: Loader = async ({ request }) => {
    const state = await loadSession(queryClient);
    if (state.status === 'maintenance') return maintenanceRedirect(request);
    return redirect(state.status === 'authenticated' ? await landingPath(state.user.role_id) : LOGIN_PATH);
  };

  /** /login, /register, /forgot-password: a signed-in user goes to their landing screen instead. */
  const guestOnly: Loader = async ({ request }) => {
    const state = await loadSession(queryClient);
    if (state.status === 'maintenance') return maintenanceRedirect(request);
    return state.status === 'authenticated' ? redirect(await landingPath(state.user.role_id)) : null;
  };

  const staffArea: Loader = async ({ request }) => {
    const state = await signedIn(request);
    if (state instanceof Response) return state;
    if (!isStaffRole(state.user.role_id)) throw notForRole(state.user.role_id);
    return null;
  };

  /** Investors only; until the email is verified they see the verify-your-email notice. */
  const investorArea: Loader = async ({ request }) => {
    const state = await signedIn(request);
    if (state instanceof Response) return state;
    if (!isInvestorRole(state.user.role_id)) throw forbidden();
    return state.user.email_verified_at ? null : redirect('/verify-email');
  };

  /** An investor screen gated by a feature (spec §2.1); the area's guard has checked the user. */
  const investorFeature =
    (feature: FeatureKey | undefined): Loader =>
    async () => {
      await requireFeature(feature);
      return null;
    };

  /**
   * An admin screen: its feature must be on (else the 404 page) and the role allowed to open it (spec §6,
   * else the error page).
   */
  const adminScreen =
    (screen: AdminScreen): Loader =>
    async ({ request }) => {
      const state = await signedIn(request);
      if (state instanceof Response) return state;
      const features = await requireFeature(screen.feature);
      const roleId = state.user.role_id;
      const { canOpenAdminScreen } = await import('../config/admin-menu');
      if (canOpenAdminScreen(roleId, screen, features)) return null;
      // The verification link sends every staff member to /admin?verified=1; not every role may see /admin.
      if (new URL(request.url).searchParams.get('verified') === '1' && isStaffRole(roleId)) {
        return redirect(`${await landingPath(roleId)}?verified=1`);
      }
      throw notForRole(roleId);
    };

  return { root, home, guestOnly, staffArea, investorArea, investorFeature, adminScreen };
}

export type Guards = ReturnType<typeof createGuards>;
