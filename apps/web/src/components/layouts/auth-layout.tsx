import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { BrandLogo } from './brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** the browser tab's title, when it differs from the heading */
  documentTitle?: string;
}

/** The signed-out pages: one card in the middle of the screen. */
export function AuthLayout({ title, description, children, footer, documentTitle }: AuthLayoutProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Box bg="gray.0" mih="100dvh">
      <SkipLink />
      <Center mih="100dvh" p={{ base: 'sm', sm: 'md' }}>
        <Stack w="100%" maw={460} gap="lg" py="xl">
          <Center>
            <BrandLogo to="/" />
          </Center>
          <Paper
            component="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            withBorder
            shadow="sm"
            radius="lg"
            p={{ base: 'lg', sm: 'xl' }}
          >
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} fz={{ base: 22, sm: 26 }}>
                  {title}
                </Title>
                {description && (
                  <Text c="dimmed" size="sm">
                    {description}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer && (
            <Text ta="center" size="sm">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
