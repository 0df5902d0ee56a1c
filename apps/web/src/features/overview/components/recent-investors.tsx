import { Badge, EmptyState, Text } from '@mantine/core';
import type { OverviewStats } from '@portico/contracts';
import { IconUsers } from '@tabler/icons-react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { formatDate } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { SectionCard } from './section-card';

type Investor = OverviewStats['recent_investors'][number];

const columns: DataTableColumn<Investor>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (row) => (
      <Text size="sm" fw={600}>
        {row.name}
      </Text>
    ),
  },
  { key: 'email', header: 'Email', render: (row) => row.email, visibleFrom: 'sm' },
  {
    key: 'verified',
    header: 'Verification',
    render: (row) =>
      row.email_verified_at ? (
        <Badge color="success" variant="light">
          Verified
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          Unverified
        </Badge>
      ),
  },
  { key: 'joined', header: 'Joined', nowrap: true, render: (row) => formatDate(row.created_at) },
];

export function RecentInvestors({ investors }: { investors: Investor[] | undefined }) {
  const terms = useTerminology();
  const title = `Recent ${inSentence(terms.investors)}`;
  return (
    <SectionCard title={title} description={`The newest ${inSentence(terms.investor)} accounts`}>
      <DataTable
        caption={title}
        columns={columns}
        rows={investors}
        rowKey={(row) => row.id}
        loading={!investors}
        empty={
          <EmptyState
            icon={<IconUsers size={28} aria-hidden />}
            title={`No ${inSentence(terms.investors)} yet`}
            description={`${terms.investors} appear here as soon as they register.`}
            withIndicatorBackground
            size="sm"
          />
        }
      />
    </SectionCard>
  );
}
