import { Button, Skeleton, Table, Text } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useFundCompanyStatuses } from '../api/fund-company-records';
import { FundCompanyStatusBadge } from '../components/fund-company-status-badge';
import { StatusModal } from '../components/status-modal';

/** /admin/investments/companies/{id}/maturity-statuses: the status history, latest first (the current one). */
export function FundCompanyStatusesPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const [recording, setRecording] = useState(false);
  const { data: statuses, isPending, isError, error } = useFundCompanyStatuses(id);
  const mayRecord = can(user.role_id, 'funds', 'update');
  return (
    <RecordSection
      title="Maturity statuses"
      description="The latest date is the company's current status; the history is kept."
      actions={
        mayRecord && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRecording(true)}
          >
            Record status
          </Button>
        )
      }
    >
      {isError ? (
        <ListLoadError error={error} />
      ) : isPending ? (
        <Skeleton height={120} radius="sm" aria-label="Loading" />
      ) : statuses.length === 0 ? (
        <Text size="sm" c="dimmed">
          No status recorded.
        </Text>
      ) : (
        <Table striped verticalSpacing="xs">
          <Table.Caption>Maturity statuses, latest first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">From</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Note</Table.Th>
              <Table.Th scope="col">Recorded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statuses.map((row, index) => (
              <Table.Tr key={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.effective_on)}</Table.Td>
                <Table.Td>
                  <FundCompanyStatusBadge status={row.status} />
                  {index === 0 && (
                    <Text span size="xs" c="dimmed" ml="xs">
                      Current
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.note ?? '—'}</Table.Td>
                <Table.Td>
                  {formatDateTime(row.created_at)}
                  {row.created_by && (
                    <Text size="xs" c="dimmed">
                      by {row.created_by.name}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {mayRecord && <StatusModal companyId={id} opened={recording} onClose={() => setRecording(false)} />}
    </RecordSection>
  );
}
