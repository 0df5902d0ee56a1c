import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { OverviewMoney } from '@portico/contracts';
import { IconAlertCircle, IconCash, IconRocket, IconTrendingUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useOverviewMoney } from '../api/get-overview-parts';
import { PartError } from './part-error';

type Amount = OverviewMoney['raised_total'][number];

/** Amounts per currency, one line each (never added across currencies); "None" for no amounts. */
function Figures({ amounts }: { amounts: Amount[] }) {
  if (amounts.length === 0)
    return (
      <Text fz={26} fw={700} lh={1.2}>
        {formatMoney('0')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {amounts.map((line) => (
        <Text key={line.currency} fz={amounts.length > 1 ? 20 : 26} fw={700} lh={1.25}>
          {formatMoney(line.amount, line.currency)}
        </Text>
      ))}
    </Stack>
  );
}

function Card({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {label}
          </Text>
          {children}
        </Stack>
        <ThemeIcon variant="light" color="primaryLighter" size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** of target: "of £250,000.00 target" per currency */
const ofTarget = (money: OverviewMoney) =>
  money.live_raises.target.length === 0
    ? 'no targets set'
    : `of ${money.live_raises.target.map((line) => formatMoney(line.amount, line.currency)).join(' + ')} target`;

/** The money on the platform: raised this London year and in total, live raises, cash outstanding. */
export function MoneyCards() {
  const { data: money, isError, refetch, isFetching } = useOverviewMoney();
  if (isError)
    return <PartError what="The money figures" retry={() => void refetch()} retrying={isFetching} />;
  if (!money)
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, lg: 4 }}
        spacing="md"
        aria-busy
        aria-label="Loading the money figures"
      >
        {Array.from({ length: 4 }, (_, index) => (
          <Paper key={index} withBorder radius="md" p="md" aria-hidden>
            <Skeleton height={12} width="50%" />
            <Skeleton height={28} width="45%" mt="sm" />
            <Skeleton height={10} width="60%" mt="sm" />
          </Paper>
        ))}
      </SimpleGrid>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <Card label={`Raised in ${money.year}`} icon={<IconTrendingUp size={20} aria-hidden />}>
        <Figures amounts={money.raised_this_year} />
        <Text size="sm" c="dimmed">
          paid in this year
        </Text>
      </Card>
      <Card label="Raised in total" icon={<IconCash size={20} aria-hidden />}>
        <Figures amounts={money.raised_total} />
        <Text size="sm" c="dimmed">
          paid into investments
        </Text>
      </Card>
      <Card label="Live raises" icon={<IconRocket size={20} aria-hidden />}>
        <Figures amounts={money.live_raises.committed} />
        <Text size="sm" c="dimmed">
          {`committed across ${plural(money.live_raises.count, 'raise')}, ${ofTarget(money)}`}
        </Text>
      </Card>
      <Card label="Cash outstanding" icon={<IconAlertCircle size={20} aria-hidden />}>
        <Figures amounts={money.cash_outstanding.outstanding} />
        <Text size="sm" c={money.cash_outstanding.overdue_count > 0 ? 'danger' : 'dimmed'}>
          {money.cash_outstanding.overdue_count > 0
            ? `${money.cash_outstanding.overdue
                .map((line) => formatMoney(line.amount, line.currency))
                .join(' + ')} overdue on ${plural(money.cash_outstanding.overdue_count, 'cash call')}`
            : `on ${plural(money.cash_outstanding.count, 'open cash call')}, none overdue`}
        </Text>
        <Anchor component={Link} to="/admin/reports/wip" size="sm">
          WIP report
        </Anchor>
      </Card>
    </SimpleGrid>
  );
}
