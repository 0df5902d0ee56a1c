import { Stack, Text } from '@mantine/core';

/** One labelled figure (a label above its value), for the figures atop a section. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}
