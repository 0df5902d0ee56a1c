import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { OverviewStats, Terminology } from '@portico/contracts';
import { IconMailCheck, IconUserPlus, IconUsers, IconUserShield } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';

interface Stat {
  label: string;
  value: number;
  hint: string;
  icon: ReactNode;
}

function statsOf(stats: OverviewStats, terms: Terminology): Stat[] {
  const { investors, staff } = stats;
  const verifiedShare = investors.total > 0 ? Math.round((investors.verified / investors.total) * 100) : 0;
  return [
    {
      label: terms.investors,
      value: investors.total,
      hint: 'registered accounts',
      icon: <IconUsers size={20} aria-hidden />,
    },
    {
      label: `Verified ${inSentence(terms.investors)}`,
      value: investors.verified,
      hint: `${verifiedShare}% of ${inSentence(terms.investors)}`,
      icon: <IconMailCheck size={20} aria-hidden />,
    },
    {
      label: `New ${inSentence(terms.investors)}`,
      value: investors.new_last_30_days,
      hint: 'in the last 30 days',
      icon: <IconUserPlus size={20} aria-hidden />,
    },
    {
      label: 'Staff accounts',
      value: staff.total,
      hint: 'across all roles',
      icon: <IconUserShield size={20} aria-hidden />,
    },
  ];
}

export function StatCards({ stats }: { stats: OverviewStats | undefined }) {
  const terms = useTerminology();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {stats
        ? statsOf(stats, terms).map((stat) => (
            <Paper key={stat.label} withBorder radius="md" p="md" component="section" aria-label={stat.label}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                    {stat.label}
                  </Text>
                  <Text fz={30} fw={700} lh={1.2} mt={4}>
                    {formatNumber(stat.value)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {stat.hint}
                  </Text>
                </div>
                <ThemeIcon variant="light" color="primaryLighter" size={40} radius="md">
                  {stat.icon}
                </ThemeIcon>
              </Group>
            </Paper>
          ))
        : Array.from({ length: 4 }, (_, index) => (
            <Paper key={index} withBorder radius="md" p="md" aria-hidden>
              <Skeleton height={12} width="50%" />
              <Skeleton height={28} width="35%" mt="sm" />
              <Skeleton height={10} width="60%" mt="sm" />
            </Paper>
          ))}
    </SimpleGrid>
  );
}
