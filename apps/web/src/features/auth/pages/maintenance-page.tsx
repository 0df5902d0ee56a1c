import { Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BrandLogo } from '../../../components/layouts/brand-logo';
import { MAINTENANCE_PATH, MAINTENANCE_POLL_MS } from '../../../config/app';
import { useAppName } from '../../../lib/branding';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { safeLocalPath } from '../../../lib/safe-path';
import { fetchSession, setSession } from '../../../lib/session';

function returnPath(from: string | null): string {
  const path = safeLocalPath(from);
  return path && !path.startsWith(MAINTENANCE_PATH) ? path : '/';
}

/**
 * Spec §4: asks the server again every 5 s and, once it answers with anything but 503, returns to the
 * page the user came from.
 */
export function MaintenancePage() {
  useDocumentTitle('Down for maintenance');
  const queryClient = useQueryClient();
  const appName = useAppName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = returnPath(params.get('from'));

  useEffect(() => {
    let active = true;
    let checking = false;
    const timer = window.setInterval(() => {
      if (checking) return;
      checking = true;
      void fetchSession().then((state) => {
        checking = false;
        if (!active || state.status === 'maintenance') return;
        setSession(queryClient, state);
        void navigate(target, { replace: true });
      });
    }, MAINTENANCE_POLL_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [queryClient, navigate, target]);

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper
        component="main"
        withBorder
        radius="lg"
        shadow="sm"
        p={{ base: 'lg', sm: 40 }}
        maw={560}
        w="100%"
      >
        <Stack align="center" ta="center" gap="lg">
          <BrandLogo />
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            We&apos;ll be back shortly
          </Title>
          <Text>
            {appName} is undergoing maintenance and will be back shortly. Thank you for your patience.
          </Text>
          <Stack gap={6} align="center" role="status" aria-live="polite">
            <Loader size="sm" type="dots" aria-hidden />
            <Text size="sm" c="dimmed">
              This page checks every few seconds and takes you back as soon as we are ready.
            </Text>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}
