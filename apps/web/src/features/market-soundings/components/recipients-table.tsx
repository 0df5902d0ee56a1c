import { Badge, Stack, Text } from '@mantine/core';
import { MARKET_SOUNDING_RESPONSES, type MarketSoundingRecipient } from '@portico/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatLondon } from '../../../lib/london-time';
import { RecipientStatusBadge } from './sounding-badges';

const when = (label: string, value: string | null) =>
  value === null ? null : (
    <Text size="xs" key={label}>
      {label} {formatLondon(value)}
    </Text>
  );

/** Who was sounded, what each decided and answered, and when (London time). */
export function RecipientsTable({ recipients }: { recipients: readonly MarketSoundingRecipient[] }) {
  const columns: DataTableColumn<MarketSoundingRecipient>[] = [
    {
      key: 'investor',
      header: 'Investor',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {row.investor.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.investor.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (row) => (
        <Stack gap={4} align="flex-start">
          <RecipientStatusBadge status={row.status} />
          {row.opted_out && (
            <Badge variant="outline" color="gray" size="sm">
              Opted out
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'response',
      header: 'Answer',
      render: (row) =>
        row.response === null ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          MARKET_SOUNDING_RESPONSES[row.response]
        ),
    },
    {
      key: 'times',
      header: 'Times',
      visibleFrom: 'sm',
      render: (row) => (
        <Stack gap={0}>
          {when('Invited', row.invited_at)}
          {when('Viewed', row.viewed_at)}
          {when(row.status === 'declined' ? 'Declined' : 'Accepted', row.decided_at)}
          {when('Answered', row.responded_at)}
        </Stack>
      ),
    },
  ];
  return (
    <DataTable
      caption="Investors sounded"
      columns={columns}
      rows={recipients}
      rowKey={(row) => row.investor.id}
      empty={<Text c="dimmed">No investors.</Text>}
    />
  );
}
