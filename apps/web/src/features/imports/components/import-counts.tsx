import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '../../../lib/format';

export interface ImportCount {
  label: string;
  value: number;
  color?: string | undefined;
}

/** A row of figures ("Valid 998", "With errors 2"), each a term and its value, grouped under a label. */
export function ImportCounts({ label, counts }: { label: string; counts: readonly ImportCount[] }) {
  return (
    <SimpleGrid role="group" aria-label={label} cols={{ base: 2, xs: 3, sm: counts.length }} spacing="xs">
      {counts.map((count) => (
        <Paper key={count.label} component="dl" withBorder radius="md" px="sm" py="xs" m={0}>
          <Text component="dt" size="xs" c="dimmed">
            {count.label}
          </Text>
          <Text component="dd" fz="lg" fw={700} c={count.color} m={0}>
            {formatNumber(count.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
