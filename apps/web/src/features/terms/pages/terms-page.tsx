import { Anchor, Button, Center, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/layouts/brand-logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layouts/skip-link';
import { Paragraphs } from '../../../components/text/paragraphs';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useBranding } from '../../../lib/branding';

/** /terms, public (spec §2.2): the terms text as paragraphs, or a link to where the terms are published. */
export function TermsPage() {
  useDocumentTitle('Terms and conditions');
  const branding = useBranding();
  const url = branding?.terms_format === 'url' ? branding.terms_url : null;
  const text = branding?.terms_format === 'text' ? branding.terms_text.trim() : '';

  return (
    <>
      <SkipLink />
      <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
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
            <Stack gap="md">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                Terms and conditions
              </Title>
              {branding && (
                <Text size="sm" c="dimmed">
                  Version {branding.terms_version}
                </Text>
              )}
              {url ? (
                <Stack gap="sm" align="flex-start">
                  <Text>Our terms and conditions are published on our website.</Text>
                  <Button
                    component="a"
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    rightSection={<IconExternalLink size={16} aria-hidden />}
                  >
                    Open the terms and conditions
                  </Button>
                </Stack>
              ) : text ? (
                <Paragraphs text={text} size="md" />
              ) : (
                <Text>The terms and conditions are not available at the moment. Please try again later.</Text>
              )}
              <Group>
                <Anchor component={Link} to="/" fw={600}>
                  Back to the platform
                </Anchor>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
