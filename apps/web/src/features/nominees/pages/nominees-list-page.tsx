import { NOMINEE_COLUMNS } from '@portico/contracts';
import { IconBuildingBank } from '@tabler/icons-react';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate, formatNumber } from '../../../lib/format';
import { useNominees } from '../api/get-nominees';
import {
  DEFAULT_NOMINEE_SORT,
  NOMINEE_FILTER_KEYS,
  NOMINEE_LIST_KEYS,
  nomineeFilters,
  REQUIRED_NOMINEE_COLUMNS,
} from '../api/nominee-list-params';
import { CountryName } from '../../../components/records/country-name';

/** /admin/investors/nominees (spec §2.1, with nominee accounts on): search, sort, columns and pages. */
export function NomineesListPage() {
  return (
    <RecordListPage
      title="Nominees"
      description="Nominee companies that hold shares for investors, with the investors each acts for."
      noun={{ one: 'nominee', many: 'nominees' }}
      recordType="nominee"
      apiPath="/api/nominees"
      create={{ path: ADMIN_SCREENS.newNominee.path, label: 'New nominee', first: 'Add the first nominee' }}
      empty={{
        description: 'Nominee companies that hold shares for investors under a bare trust.',
        icon: <IconBuildingBank size={28} aria-hidden />,
      }}
      searchPlaceholder="Name or email"
      keys={NOMINEE_LIST_KEYS}
      filterKeys={NOMINEE_FILTER_KEYS}
      defaultSort={DEFAULT_NOMINEE_SORT}
      columns={NOMINEE_COLUMNS}
      requiredColumns={REQUIRED_NOMINEE_COLUMNS}
      storageKey="columns.nominees"
      filtersOf={nomineeFilters}
      useRecords={useNominees}
      cells={{
        company_number: { render: (row) => dash(row.company_number) },
        fca_number: { render: (row) => dash(row.fca_number) },
        email: { render: (row) => dash(row.email) },
        phone: { render: (row) => dash(row.phone) },
        city: { render: (row) => dash(row.city) },
        country: { render: (row) => <CountryName code={row.country} /> },
        clients_count: { render: (row) => formatNumber(row.clients_count ?? 0), align: 'right' },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
      skeletonRows={3}
    />
  );
}
