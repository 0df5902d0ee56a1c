import { CLIENT_GROUP_COLUMNS } from '@portico/contracts';
import { IconUsersGroup } from '@tabler/icons-react';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate, formatNumber } from '../../../lib/format';
import {
  CLIENT_GROUP_FILTER_KEYS,
  CLIENT_GROUP_LIST_KEYS,
  clientGroupFilters,
  DEFAULT_CLIENT_GROUP_SORT,
  REQUIRED_CLIENT_GROUP_COLUMNS,
} from '../api/client-group-list-params';
import { useClientGroups } from '../api/get-client-groups';

/** /admin/investors/client-groups: named groups of investors, with how many are in each. */
export function ClientGroupsListPage() {
  return (
    <RecordListPage
      title="Client groups"
      description="Named groups of investors, invited to internal opportunities at once."
      noun={{ one: 'client group', many: 'client groups' }}
      recordType="client_group"
      apiPath="/api/client-groups"
      create={{
        path: ADMIN_SCREENS.newClientGroup.path,
        label: 'New client group',
        first: 'Add the first client group',
      }}
      empty={{
        description: 'A syndicate, a family office circle: invite a whole group to an internal opportunity.',
        icon: <IconUsersGroup size={28} aria-hidden />,
      }}
      searchPlaceholder="Name or description"
      keys={CLIENT_GROUP_LIST_KEYS}
      filterKeys={CLIENT_GROUP_FILTER_KEYS}
      defaultSort={DEFAULT_CLIENT_GROUP_SORT}
      columns={CLIENT_GROUP_COLUMNS}
      requiredColumns={REQUIRED_CLIENT_GROUP_COLUMNS}
      storageKey="columns.client-groups"
      filtersOf={clientGroupFilters}
      useRecords={useClientGroups}
      cells={{
        description: { render: (row) => dash(row.description) },
        members_count: {
          render: (row) => formatNumber(row.members_count ?? 0),
          align: 'right',
          sortKey: 'members_count',
        },
        invitations_count: { render: (row) => formatNumber(row.invitations_count ?? 0), align: 'right' },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
      skeletonRows={3}
    />
  );
}
