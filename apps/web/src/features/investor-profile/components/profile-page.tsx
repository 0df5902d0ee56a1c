import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ProfileNav } from '../../investor/components/profile-nav';

/** A view of the investor's profile (spec §2.2): its heading, the profile's navigation, its content. */
export function ProfilePage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack gap={0}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {title}
      </Title>
      <ProfileNav />
      <Stack gap="lg" maw={820}>
        {children}
      </Stack>
    </Stack>
  );
}
