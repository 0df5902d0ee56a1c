import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { KPI_REPORT_FREQUENCY_LABELS, type InvestorKpiSeries } from '@portico/contracts';
import { IconAlertTriangle, IconArrowLeft, IconChartLine } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useTerminology } from '../../../lib/terminology';
import { formatKpiValue, isNumericUnit, kpiCoordinate } from '../../kpi-reports/kpi-values';
import { useHoldingKpis } from './holding-kpis-api';

/** One KPI over time: a line for the eye, every point in words for screen readers. */
function KpiChart({ series, currency }: { series: InvestorKpiSeries; currency: string }) {
  const latest = series.points[series.points.length - 1];
  const format = (value: string) => formatKpiValue(value, series.unit, currency);
  const numeric = isNumericUnit(series.unit);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={series.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="baseline" gap="xs">
          <div>
            <Title order={2} fz="md">
              {series.name}
            </Title>
            {series.category && (
              <Text size="xs" c="dimmed">
                {series.category.name}
              </Text>
            )}
          </div>
          {latest && (
            <Text fw={700} fz="lg">
              {format(latest.value)}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                {latest.label}
              </Text>
            </Text>
          )}
        </Group>
        {numeric && series.points.length > 1 ? (
          <>
            <LineChart
              h={200}
              data={series.points.map((point) => ({
                period: point.label,
                [series.name]: kpiCoordinate(point.value),
              }))}
              dataKey="period"
              series={[{ name: series.name, color: 'primary.6' }]}
              curveType="linear"
              withLegend={false}
              valueFormatter={(value) => format(String(value))}
              yAxisProps={{ width: 80 }}
              lineChartProps={{ accessibilityLayer: false }}
              aria-hidden
            />
            <VisuallyHidden>
              <Table>
                <Table.Caption>{series.name} by period</Table.Caption>
                <Table.Tbody>
                  {series.points.map((point) => (
                    <Table.Tr key={point.period}>
                      <Table.Th scope="row">{point.label}</Table.Th>
                      <Table.Td>{format(point.value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        ) : (
          <Stack gap={4}>
            {[...series.points].reverse().map((point) => (
              <Text key={point.period} size="sm">
                <Text span c="dimmed" size="sm">
                  {point.label}:
                </Text>{' '}
                {format(point.value)}
              </Text>
            ))}
            {numeric && (
              <Text size="xs" c="dimmed">
                The chart appears once there is more than one period.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** /investor/portfolio/{id}/reports/kpis: the KPIs a holding's company reported, one chart per KPI. */
export function HoldingKpisPage() {
  const terms = useTerminology();
  const id = useRecordId();
  const { data, isPending, isError, error, refetch } = useHoldingKpis(id);
  useDocumentTitle(data ? `${data.company_name} KPIs · ${terms.portfolio}` : terms.portfolio);
  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/investor/portfolio/${id}`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {data?.company_name ?? 'The holding'}
        </Group>
      </Anchor>
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The company’s KPIs could not be loaded. {isApiError(error) ? error.message : ''}
          <Button variant="light" size="xs" ml="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : isPending ? (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={40} width="50%" />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Skeleton height={240} radius="md" />
            <Skeleton height={240} radius="md" />
          </SimpleGrid>
        </Stack>
      ) : (
        <>
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {data.company_name} KPIs
            </Title>
            <Text c="dimmed">
              {data.last_reported_on
                ? `Last reported on ${formatDate(data.last_reported_on)}`
                : 'Not reported yet'}
              {data.frequency
                ? ` · reports ${KPI_REPORT_FREQUENCY_LABELS[data.frequency].toLowerCase()}`
                : ''}
            </Text>
          </div>
          {data.series.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <EmptyState
                icon={<IconChartLine size={28} aria-hidden />}
                title="This company has not reported KPIs yet."
                description="Its figures appear here, period by period, once it reports them."
                withIndicatorBackground
                size="sm"
              />
            </Paper>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {data.series.map((series) => (
                <KpiChart key={series.key} series={series} currency={data.currency} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
