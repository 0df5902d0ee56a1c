import { FUND_COMPANY_COLUMNS, FUND_COMPANY_STATUS_LABELS, FUND_COMPANY_STATUSES } from '@portico/contracts';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { dash } from '../../../components/data-table/list-values';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useTerminology } from '../../../lib/terminology';
import { useFundChoices } from '../api/fund-choices';
import {
  DEFAULT_FUND_COMPANY_SORT,
  FUND_COMPANY_FILTER_KEYS,
  FUND_COMPANY_LIST_KEYS,
  fundCompanyFilters,
  REQUIRED_FUND_COMPANY_COLUMNS,
} from '../api/fund-company-list-params';
import { useFundCompanies } from '../api/get-fund-companies';
import { FundCompanyStatusBadge } from '../components/fund-company-status-badge';
import { formatMultiple } from '../components/multiple';
import { fundCompanyPath } from '../fund-company-paths';

const STATUS_OPTIONS = FUND_COMPANY_STATUSES.map((value) => ({
  value,
  label: FUND_COMPANY_STATUS_LABELS[value],
}));

/** /admin/investments/companies (spec §2.1): the companies the funds invest in, with their figures. */
export function FundCompaniesListPage() {
  const funds = useFundChoices();
  const terminology = useTerminology();
  return (
    <RecordListPage
      title={terminology.companies}
      description="The companies the funds invest in: their status, what the fund paid, what its holding is worth."
      noun={{ one: 'company', many: 'companies' }}
      resource="funds"
      hrefOf={(row) => (row.id !== undefined ? fundCompanyPath(row.id) : undefined)}
      apiPath="/api/fund-companies"
      create={{
        path: ADMIN_SCREENS.newFundCompany.path,
        label: 'New company',
        first: 'Add the first company',
      }}
      empty={{
        description: 'Add a company a fund invests in, then record its investments and valuations.',
        icon: <IconBuildingFactory2 size={28} aria-hidden />,
      }}
      searchPlaceholder="Name or company number"
      keys={FUND_COMPANY_LIST_KEYS}
      filterKeys={FUND_COMPANY_FILTER_KEYS}
      defaultSort={DEFAULT_FUND_COMPANY_SORT}
      columns={FUND_COMPANY_COLUMNS}
      requiredColumns={REQUIRED_FUND_COMPANY_COLUMNS}
      storageKey="columns.fund-companies"
      filtersOf={fundCompanyFilters}
      useRecords={useFundCompanies}
      filters={(filters, update) => (
        <>
          <ListSelectFilter
            label="Fund"
            placeholder="Any fund"
            data={funds.choices}
            value={filters.fund}
            onChange={(value) => update({ fund: value })}
          />
          <ListSelectFilter
            label="Status"
            placeholder="Any status"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(value) => update({ status: value })}
          />
        </>
      )}
      cells={{
        fund: { render: (row) => dash(row.fund?.name) },
        status: { render: (row) => <FundCompanyStatusBadge status={row.status} /> },
        cost: { render: (row) => formatMoney(row.cost, row.fund?.currency), align: 'right', nowrap: true },
        valuation: {
          render: (row) => formatMoney(row.valuation, row.fund?.currency),
          align: 'right',
          nowrap: true,
        },
        realised: {
          render: (row) => formatMoney(row.realised, row.fund?.currency),
          align: 'right',
          nowrap: true,
        },
        multiple: { render: (row) => formatMultiple(row.multiple), align: 'right', nowrap: true },
        ownership_percent: {
          render: (row) => (row.ownership_percent ? `${row.ownership_percent}%` : '—'),
          align: 'right',
        },
        first_investment_on: {
          render: (row) => formatDate(row.first_investment_on),
          sortKey: 'first_investment_on',
          nowrap: true,
        },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
    />
  );
}
