import { Alert, Badge, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { Colours } from '@portico/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

interface ColourPreviewProps {
  colours: Colours;
  /** the investor navigation's first two labels, in the deployment's words */
  navLabels: readonly [string, string];
  /** the logo for the dark header (the chosen or current light logo), if any */
  logoSrc?: string | undefined;
  logoAlt: string;
  appName: string;
}

/**
 * A small page in the chosen colours, before they are saved: header, buttons, badges and alerts, as the
 * portals will show them.
 */
export function ColourPreview({ colours, navLabels, logoSrc, logoAlt, appName }: ColourPreviewProps) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-label="Preview" component="section">
      <Box bg={colours.primary} px="md" py="sm" style={{ borderBottom: `3px solid ${colours.secondary}` }}>
        <Group justify="space-between" wrap="nowrap">
          {logoSrc ? (
            <Image src={logoSrc} alt={logoAlt} h={28} w="auto" maw={140} fit="contain" />
          ) : (
            <Text fw={700} c="white">
              {appName}
            </Text>
          )}
          <Group gap="md" wrap="nowrap" visibleFrom="xs">
            <Text size="sm" c="white" fw={700}>
              {navLabels[0]}
            </Text>
            <Text size="sm" c="white" opacity={0.8}>
              {navLabels[1]}
            </Text>
          </Group>
        </Group>
      </Box>
      <Stack p="md" gap="md">
        <Title order={3} fz="md" c={colours.primary}>
          Preview
        </Title>
        <Group gap="xs">
          <Button color={colours.primary} size="xs" tabIndex={-1}>
            Primary
          </Button>
          <Button color={colours.primaryLighter} size="xs" tabIndex={-1}>
            Primary (lighter)
          </Button>
          <Button color={colours.secondary} size="xs" tabIndex={-1}>
            Secondary
          </Button>
          <Button variant="outline" color={colours.primary} size="xs" tabIndex={-1}>
            Outline
          </Button>
        </Group>
        <Group gap="xs">
          <Badge color={colours.success}>Passed</Badge>
          <Badge color={colours.danger}>Failed</Badge>
          <Badge color={colours.secondary}>Pending</Badge>
          <Badge variant="light" color={colours.primaryLighter}>
            Live
          </Badge>
        </Group>
        <Text size="sm">
          Links look{' '}
          <Text span c={colours.primaryLighter} fw={600} td="underline">
            like this
          </Text>
          .
        </Text>
        <Alert
          variant="light"
          color={colours.success}
          icon={<IconCircleCheck aria-hidden />}
          style={{ background: colours.successLighter }}
          role="note"
          title="Success"
        >
          Your details have been saved.
        </Alert>
        <Alert
          variant="light"
          color={colours.danger}
          icon={<IconAlertTriangle aria-hidden />}
          style={{ background: colours.dangerLighter }}
          role="note"
          title="Something went wrong"
        >
          Please check the highlighted fields.
        </Alert>
      </Stack>
    </Paper>
  );
}
