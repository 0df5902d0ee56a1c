import { Anchor, Group, Text } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useHoldingKpis } from './holding-kpis-api';

/**
 * On a holding's page: when the company last reported its KPIs, and the way to its KPI charts. Light on
 * purpose (no charts): the chart page loads them when opened.
 */
export function HoldingKpisSummary({ opportunityId }: { opportunityId: number }) {
  const { data, isError } = useHoldingKpis(opportunityId);
  if (isError) return null;
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {data === undefined
          ? 'Loading the company’s reporting…'
          : data.last_reported_on
            ? `Last reported on ${formatDate(data.last_reported_on)}`
            : 'This company has not reported KPIs yet.'}
      </Text>
      <Anchor component={Link} to={`/investor/portfolio/${opportunityId}/reports/kpis`} size="sm">
        <Group gap={4} component="span">
          <IconChartLine size={16} aria-hidden /> Company KPIs
        </Group>
      </Anchor>
    </Group>
  );
}
