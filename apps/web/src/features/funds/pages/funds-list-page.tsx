import {
  FUND_ACTIVE_LABELS,
  FUND_ACTIVE_STATES,
  FUND_COLUMNS,
  FUND_STATUS_LABELS,
  FUND_STATUSES,
  FUND_TYPE_LABELS,
  TAX_RELIEF_LABELS,
} from '@portico/contracts';
import { IconBuildingBank } from '@tabler/icons-react';
import { dash } from '../../../components/data-table/list-values';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useTerminology } from '../../../lib/terminology';
import {
  DEFAULT_FUND_SORT,
  FUND_FILTER_KEYS,
  FUND_LIST_KEYS,
  fundFilters,
  REQUIRED_FUND_COLUMNS,
} from '../api/fund-list-params';
import { useFunds } from '../api/get-funds';
import { FundActiveBadge, FundStatusBadge } from '../components/fund-badges';
import { fundPath } from '../fund-paths';

const STATUS_OPTIONS = FUND_STATUSES.map((value) => ({
  value: String(value),
  label: FUND_STATUS_LABELS[value],
}));
const ACTIVE_OPTIONS = [...FUND_ACTIVE_STATES]
  .reverse()
  .map((value) => ({ value: String(value), label: FUND_ACTIVE_LABELS[value] }));

/** /admin/funds (spec §2.1): the funds with their terms, by status and whether they are active. */
export function FundsListPage() {
  const terminology = useTerminology();
  const plural = terminology.funds;
  return (
    <RecordListPage
      title={plural}
      description="Pooled funds investors commit to: their terms, their status and their net asset value."
      noun={{ one: terminology.fund.toLowerCase(), many: plural.toLowerCase() }}
      // Funds are no CRM record: each row opens its own page, guarded by the funds resource.
      resource="funds"
      hrefOf={(row) => (row.id !== undefined ? fundPath(row.id) : undefined)}
      apiPath="/api/funds"
      create={{ path: ADMIN_SCREENS.newFund.path, label: 'New fund', first: 'Add the first fund' }}
      empty={{
        description: 'Set out a fund’s terms, make it live, then raise it through an opportunity.',
        icon: <IconBuildingBank size={28} aria-hidden />,
      }}
      searchPlaceholder="Name"
      keys={FUND_LIST_KEYS}
      filterKeys={FUND_FILTER_KEYS}
      defaultSort={DEFAULT_FUND_SORT}
      columns={FUND_COLUMNS}
      requiredColumns={REQUIRED_FUND_COLUMNS}
      storageKey="columns.funds"
      filtersOf={fundFilters}
      useRecords={useFunds}
      filters={(filters, update) => (
        <>
          <ListSelectFilter
            label="Status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(value) => update({ status: value })}
          />
          <ListSelectFilter
            label="Active"
            placeholder="Active or closed"
            data={ACTIVE_OPTIONS}
            value={filters.active}
            onChange={(value) => update({ active: value })}
          />
        </>
      )}
      cells={{
        type: { render: (row) => (row.type ? FUND_TYPE_LABELS[row.type] : '—') },
        vintage: { render: (row) => dash(row.vintage?.toString()), sortKey: 'vintage' },
        target_size: {
          render: (row) => formatMoney(row.target_size, row.currency),
          sortKey: 'target_size',
          align: 'right',
          nowrap: true,
        },
        currency: { render: (row) => dash(row.currency) },
        tax_relief: { render: (row) => (row.tax_relief ? TAX_RELIEF_LABELS[row.tax_relief] : '—') },
        status: { render: (row) => <FundStatusBadge status={row.status} /> },
        active: { render: (row) => <FundActiveBadge active={row.active} /> },
        latest_nav: {
          render: (row) => formatMoney(row.latest_nav, row.currency),
          align: 'right',
          nowrap: true,
        },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
    />
  );
}
