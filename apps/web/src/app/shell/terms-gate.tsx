import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useLocation } from 'react-router';
import { MAINTENANCE_PATH, TERMS_PATH } from '../../config/app';
import { acceptTerms } from '../../features/terms/api/accept-terms';
import { termsHrefOf, useBranding } from '../../lib/branding';
import { fetchCurrentUser, setSession, useSession } from '../../lib/session';

// Few people ever meet the modal: its code (Modal, Checkbox, focus trap) loads only when it shows.
const AcceptTermsModal = lazy(async () => ({
  default: (await import('../../components/terms/accept-terms-modal')).AcceptTermsModal,
}));

/** Pages the modal never covers: the terms themselves, and maintenance. */
const UNGATED = new Set([TERMS_PATH, MAINTENANCE_PATH]);

/**
 * Spec §2.3, §4: any signed-in user (staff too) whose accepted_terms_version is below the current
 * terms_version meets the blocking modal. Accepting refreshes the user, and the modal goes.
 */
export function TermsGate() {
  const session = useSession();
  const branding = useBranding();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const user = session.status === 'authenticated' ? session.user : undefined;
  const version = branding?.terms_version;
  const userId = user?.id;

  const accept = useCallback(async () => {
    if (userId === undefined || version === undefined) return;
    await acceptTerms(userId, version);
    setSession(queryClient, { status: 'authenticated', user: await fetchCurrentUser() });
  }, [queryClient, userId, version]);

  if (!user || !branding || UNGATED.has(pathname)) return null;
  if (user.accepted_terms_version >= branding.terms_version) return null;
  return (
    <Suspense fallback={null}>
      <AcceptTermsModal key={branding.terms_version} termsHref={termsHrefOf(branding)} onAccept={accept} />
    </Suspense>
  );
}
