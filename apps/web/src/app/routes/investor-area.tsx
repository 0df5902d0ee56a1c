import { lazy, Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import { InvestorLayout } from '../../components/layouts/investor-layout';
import { NotificationCenter } from '../../components/notifications/notification-center';
import { RISK_BANNER_HEIGHT, RiskBanner } from '../../components/risk-warning/risk-banner';
import { investorNav } from '../../config/investor-menu';
import { useNotificationCenter } from '../../features/notifications/api/use-notification-center';
import { useBranding, useFeatures } from '../../lib/branding';
import { useUser } from '../../lib/session';
import { useTerminology } from '../../lib/terminology';

// The categorisation reminder, re-confirmation and pop-ups load after the page: few investors need them.
const CategorisationGate = lazy(async () => ({
  default: (await import('../../features/investor-profile/components/categorisation-gate'))
    .CategorisationGate,
}));

export function InvestorArea() {
  const user = useUser();
  const branding = useBranding();
  const features = useFeatures();
  const terminology = useTerminology();
  const center = useNotificationCenter('user');
  const variant = branding?.investorNavVariant ?? 0;

  // Spec §2.3: the variant's screens in its order, in the deployment's words.
  const menu = useMemo(
    () =>
      investorNav(variant, features).map((item) => ({
        ...item,
        label: item.term ? terminology[item.term] : item.label,
      })),
    [variant, features, terminology],
  );

  return (
    <InvestorLayout
      user={user}
      menu={menu}
      backToSiteUrl={branding?.backToSiteUrl}
      banner={
        features.riskWarning
          ? { node: <RiskBanner summary={branding?.risk_warning_text ?? ''} />, height: RISK_BANNER_HEIGHT }
          : null
      }
      actions={<NotificationCenter {...center} inverted />}
    >
      <Suspense fallback={null}>
        <CategorisationGate />
      </Suspense>
      <Outlet />
    </InvestorLayout>
  );
}
