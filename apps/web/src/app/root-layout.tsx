import { Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { useAppName } from '../lib/branding';
import { BrandHead } from './shell/brand-head';
import { LiveNotifications } from './shell/live-notifications';
import { TermsGate } from './shell/terms-gate';

/** A thin bar while the next page (or its code) loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size={3}
      radius={0}
      color="secondary"
      aria-label="Loading page"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <BrandHead />
      <LiveNotifications />
      <Outlet />
      <TermsGate />
      <ScrollRestoration />
    </>
  );
}

/** While the session and the branding are first loaded (spec §4). */
export function RootFallback() {
  return <PageLoader fullScreen label={`Loading ${useAppName()}…`} />;
}
