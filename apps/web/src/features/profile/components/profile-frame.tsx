import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTerm } from '../../../lib/terminology';
// The profile's own navigation, shared by every profile view (spec §2.2).
import { ProfileNav } from '../../investor/components/profile-nav';

/** A profile view: the section's heading (the deployment's word for "Profile"), its navigation, the view. */
export function ProfileFrame({ title, children }: { title: string; children: ReactNode }) {
  const profile = useTerm('profile');
  useDocumentTitle(`${title} · ${profile}`);
  return (
    <Stack gap={0}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {profile}
      </Title>
      <ProfileNav />
      {children}
    </Stack>
  );
}
