import { Alert, Drawer, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useKpiReport } from '../api/kpi-reports';
import { formatKpiValue } from '../kpi-values';
import { ValueHistory } from './value-history';

/**
 * A received report, read-only: for the roles that read KPI reports but do not submit them (the
 * Investment Committee). Each value with who entered it and what it replaced.
 */
export function ReportDrawer({ reportId, onClose }: { reportId: number | undefined; onClose: () => void }) {
  const report = useKpiReport(reportId);
  const data = report.data;
  return (
    <Drawer
      opened={reportId !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? `${data.opportunity.company_name}: ${data.label}` : 'KPI report'}
    >
      {report.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The report could not be loaded. {isApiError(report.error) ? report.error.message : ''}
        </Alert>
      ) : !data ? (
        <Stack gap="sm" aria-label="Loading the report">
          <Skeleton height={16} width="60%" />
          <Skeleton height={160} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Received {formatDate(data.received_on)}
            {data.submitted_by ? ` from ${data.submitted_by.name}` : ''}; due {formatDate(data.due_on)}.
          </Text>
          {data.values.length === 0 ? (
            <Text size="sm" c="dimmed">
              This report holds no values.
            </Text>
          ) : (
            <>
              <Title order={3} fz="md" id="kpi-report-values">
                Values
              </Title>
              <Table aria-labelledby="kpi-report-values" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">KPI</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Value
                    </Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>History</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.values.map((value) => (
                    <Table.Tr key={value.key}>
                      <Table.Th scope="row" fw={500}>
                        {value.name}
                        {value.category && (
                          <Text size="xs" c="dimmed">
                            {value.category.name}
                          </Text>
                        )}
                      </Table.Th>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatKpiValue(value.value, value.unit)}
                      </Table.Td>
                      <Table.Td w={40}>
                        <Group justify="flex-end">
                          <ValueHistory value={value} />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
