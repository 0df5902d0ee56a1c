import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useBranding } from '../lib/branding';
import { brandColours, type BrandColours } from '../theme/colours';
import { cssVariablesResolver } from '../theme/contrast';
import { buildTheme } from '../theme/theme';

/**
 * The toasts' container (its transitions, drag and scroll-lock libraries, about 14 kB) loads with the
 * first toast: most visits show none, and `notifications.show` keeps each toast in the store until the
 * container mounts and shows it.
 */
const Notifications = lazy(async () => ({ default: (await import('./toasts-container')).Notifications }));

function ToastsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom right, three at a time: never over the page header's actions (decision 028). */}
      <Notifications position="bottom-right" limit={3} />
    </Suspense>
  );
}

interface AppProviderProps {
  queryClient: QueryClient;
  /** fixed colours instead of the branding record's (component tests) */
  colours?: BrandColours;
  /** 'test' turns Mantine's transitions and portals off (component tests) */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** The theme follows the branding record: when staff save new colours, every page re-themes at once. */
function BrandedTheme({ colours, env, children }: Omit<AppProviderProps, 'queryClient'>) {
  const recorded = useBranding()?.colours;
  const theme = useMemo(() => buildTheme(colours ?? brandColours(recorded)), [colours, recorded]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env ?? 'default'}
    >
      <ToastsOnDemand />
      {children}
    </MantineProvider>
  );
}

/** Theme, notifications and server state for the whole app. */
export function AppProvider({ queryClient, colours, env = 'default', children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandedTheme colours={colours} env={env}>
        {children}
      </BrandedTheme>
    </QueryClientProvider>
  );
}
