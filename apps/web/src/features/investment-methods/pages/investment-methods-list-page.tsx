import { INVESTMENT_METHOD_COLUMNS, INVESTMENT_METHOD_TYPE_LABELS } from '@portico/contracts';
import { IconWallet } from '@tabler/icons-react';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { WebsiteLink } from '../../../components/data-table/website-link';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate, formatNumber } from '../../../lib/format';
import { useInvestmentMethods } from '../api/get-investment-methods';
import {
  DEFAULT_INVESTMENT_METHOD_SORT,
  INVESTMENT_METHOD_FILTER_KEYS,
  INVESTMENT_METHOD_LIST_KEYS,
  investmentMethodFilters,
  REQUIRED_INVESTMENT_METHOD_COLUMNS,
} from '../api/investment-method-list-params';
import { INVESTMENT_METHOD_TYPE_OPTIONS } from '../components/investment-method-options';

/** /admin/investors/investment-methods (spec §2.1): search, type, sort, columns and pages in the address. */
export function InvestmentMethodsListPage() {
  return (
    <RecordListPage
      title="Investment methods"
      description="Ways of investing other than in one's own name, with each investor's account."
      noun={{ one: 'investment method', many: 'investment methods' }}
      recordType="investment_method"
      apiPath="/api/investment-methods"
      create={{
        path: ADMIN_SCREENS.newInvestmentMethod.path,
        label: 'New investment method',
        first: 'Add the first investment method',
      }}
      empty={{
        description: 'SIPPs, ISAs, trusts and other ways investors invest other than in their own name.',
        icon: <IconWallet size={28} aria-hidden />,
      }}
      searchPlaceholder="Name, provider or email"
      keys={INVESTMENT_METHOD_LIST_KEYS}
      filterKeys={INVESTMENT_METHOD_FILTER_KEYS}
      defaultSort={DEFAULT_INVESTMENT_METHOD_SORT}
      columns={INVESTMENT_METHOD_COLUMNS}
      requiredColumns={REQUIRED_INVESTMENT_METHOD_COLUMNS}
      storageKey="columns.investment-methods"
      filtersOf={investmentMethodFilters}
      useRecords={useInvestmentMethods}
      filters={(filters, update) => (
        <ListSelectFilter
          label="Type"
          placeholder="Any type"
          data={INVESTMENT_METHOD_TYPE_OPTIONS}
          value={filters.type}
          onChange={(type) => update({ type })}
        />
      )}
      cells={{
        type: {
          render: (row) => (row.type ? INVESTMENT_METHOD_TYPE_LABELS[row.type] : '—'),
          sortKey: 'type',
        },
        provider: { render: (row) => dash(row.provider) },
        email: { render: (row) => dash(row.email) },
        phone: { render: (row) => dash(row.phone) },
        website: { render: (row) => <WebsiteLink url={row.website} /> },
        entities_count: { render: (row) => formatNumber(row.entities_count ?? 0), align: 'right' },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
    />
  );
}
