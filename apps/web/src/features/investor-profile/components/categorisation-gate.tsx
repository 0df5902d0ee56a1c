import { Alert, Anchor } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFeatures } from '../../../lib/branding';
import { formatDate } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useProfileCategorisation } from '../api/categorisation';
import { categoryName, isExpiringSoon } from './categorisation-copy';

// The lapsed categorisation's modal loads only for an investor whose categorisation has lapsed.
const CategorisationExpiredModal = lazy(async () => ({
  default: (await import('./categorisation-expired-modal')).CategorisationExpiredModal,
}));

// The statement's form (many inputs) loads only for an investor who meets the pop-ups.
const CategorisationPopups = lazy(async () => ({
  default: (await import('./categorisation-popups')).CategorisationPopups,
}));

export const INVESTOR_TYPE_PATH = '/investor/profile/investor-type';
/** The pop-ups, once dismissed, stay away for the rest of the browser session. */
export const POPUP_DISMISSED_KEY = 'portico.categorisation-popups-dismissed';

export const GATE_TEXTS = {
  expiredTitle: 'Confirm your categorisation',
  confirm: 'Confirm my categorisation',
  reminderTitle: 'Please confirm your categorisation',
} as const;

function dismissedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(POPUP_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The investor shell's part of categorisation (DOMAIN.md): the reminder from a month before it expires,
 * the blocking re-confirmation once a categorisation has lapsed (like the terms modal, it cannot be
 * closed: it leads to signing again), and, with categorisation pop-ups on, the statement to sign as a
 * sequence of pop-ups for an investor who has not categorised yet. The investor-type page shows all of
 * this itself, so nothing here covers it. If the categorisation cannot be read, the portal stays usable.
 */
export function CategorisationGate() {
  const terminology = useTerminology();
  const features = useFeatures();
  const user = useUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = useProfileCategorisation();
  const [dismissed, setDismissed] = useState(dismissedThisSession);

  if (!data || pathname === INVESTOR_TYPE_PATH) return null;
  const { current, pending, expired } = data;

  if (expired && !current && !pending)
    return (
      <Suspense fallback={null}>
        <CategorisationExpiredModal
          title={GATE_TEXTS.expiredTitle}
          message={`Your categorisation as a ${categoryName(terminology, expired.category).toLowerCase()} expired on ${formatDate(expired.expires_at)}. ${terminology.categorisation_reminder}`}
          confirmLabel={GATE_TEXTS.confirm}
          onConfirm={() => void navigate(INVESTOR_TYPE_PATH)}
        />
      </Suspense>
    );

  if (current && isExpiringSoon(current.expires_at))
    return (
      <Alert
        color="warning"
        variant="light"
        icon={<IconClock aria-hidden />}
        title={GATE_TEXTS.reminderTitle}
        mb="md"
        role="status"
      >
        {terminology.categorisation_reminder} Yours expires on {formatDate(current.expires_at)}.{' '}
        <Anchor component={Link} to={INVESTOR_TYPE_PATH} fw={600} size="sm">
          {GATE_TEXTS.confirm}
        </Anchor>
      </Alert>
    );

  if (features.investorTypePopup && !current && !pending && !expired && !dismissed) {
    const dismiss = () => {
      try {
        window.sessionStorage.setItem(POPUP_DISMISSED_KEY, '1');
      } catch {
        // Without storage the pop-ups simply return on the next page load.
      }
      setDismissed(true);
    };
    return (
      <Suspense fallback={null}>
        <CategorisationPopups signerName={user.name} onDismiss={dismiss} />
      </Suspense>
    );
  }
  return null;
}
