import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useBranding } from '../lib/branding';
import { brandColours, type BrandColours } from '../theme/colours';
import { cssVariablesResolver } from '../theme/contrast';
import { buildTheme } from '../theme/theme';

/**
 * The toasts' container (and its transition library) loads just after the first render: nothing shows a
 * toast before then, and `notifications.show` queues in the store until the container mounts.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

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
      <Suspense fallback={null}>
        {/* Bottom right, three at a time: never over the page header's actions (decision 028). */}
        <Notifications position="bottom-right" limit={3} />
      </Suspense>
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
