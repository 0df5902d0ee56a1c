import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { ContactSupportButton } from './contact-support-button';

/** No membership plan: say so, and how to ask about one. */
export function SubscriptionEmpty() {
  return (
    <Stack gap="sm" align="flex-start">
      <ThemeIcon variant="light" color="gray" size="xl" radius="xl" aria-hidden>
        <IconId size={24} />
      </ThemeIcon>
      <Title order={2} fz="lg">
        You have no membership plan with us
      </Title>
      <Text size="sm" c="dimmed">
        Membership plans are set up by our team. To ask about joining one, send us a message and we will reply
        by email.
      </Text>
      <ContactSupportButton label="Ask about membership" defaultSubject="Membership" />
    </Stack>
  );
}
