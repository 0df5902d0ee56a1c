import '@mantine/dates/styles.css';
import { Badge, Text } from '@mantine/core';
import { can, CLIENT_TYPE_LABELS, INVESTOR_COLUMNS } from '@portico/contracts';
import { IconUserPlus, IconUserSearch } from '@tabler/icons-react';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { MyTasksCard } from '../../../components/records/my-tasks-card';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { ImportButton } from '../../imports';
import { useInvestors } from '../api/get-investors';
import {
  DEFAULT_INVESTOR_SORT,
  INVESTOR_FILTER_KEYS,
  INVESTOR_LIST_KEYS,
  investorFilters,
  REQUIRED_INVESTOR_COLUMNS,
} from '../api/investor-list-params';
import { categoryLabel, InvestorStatusBadge, OnboardingBadge } from '../components/investor-badges';
import { InvestorsFilters } from '../components/investors-filters';
import { CountryName } from '../../../components/records/country-name';

/** /admin/investors (spec §2.1): search, filters, sort, columns, pages and exports, all in the address. */
export function InvestorsListPage() {
  const user = useUser();
  const terminology = useTerminology();
  const investor = inSentence(terminology.investor);
  return (
    <RecordListPage
      title={terminology.investors}
      description="Everyone who has registered or been added, with where they stand."
      noun={{ one: inSentence(terminology.investor), many: inSentence(terminology.investors) }}
      recordType="investor"
      apiPath="/api/investors"
      create={{
        path: ADMIN_SCREENS.newInvestor.path,
        label: `New ${investor}`,
        first: `Add the first ${investor}`,
        icon: IconUserPlus,
      }}
      actions={<ImportButton kind="investors" />}
      // Staff without the overview land here: their tasks are on their first page too.
      beforeList={!can(user.role_id, 'overview', 'index') && <MyTasksCard hideWhenEmpty />}
      empty={{
        description: `${terminology.investors} appear here when they register or when you add them.`,
        icon: <IconUserSearch size={28} aria-hidden />,
      }}
      searchPlaceholder="Name or email"
      keys={INVESTOR_LIST_KEYS}
      filterKeys={INVESTOR_FILTER_KEYS}
      defaultSort={DEFAULT_INVESTOR_SORT}
      columns={INVESTOR_COLUMNS}
      requiredColumns={REQUIRED_INVESTOR_COLUMNS}
      storageKey="columns.investors"
      filtersOf={investorFilters}
      useRecords={useInvestors}
      filterPanel={(values, update) => <InvestorsFilters values={values} onChange={update} />}
      underName={{ column: 'email', text: (row) => row.email }}
      cells={{
        email: { render: (row) => row.email, sortKey: 'email' },
        phone: { render: (row) => dash(row.phone) },
        client_type: { render: (row) => (row.client_type ? CLIENT_TYPE_LABELS[row.client_type] : '—') },
        lead_status: {
          render: (row) => (row.lead_status ? <LeadStatusBadge status={row.lead_status} /> : '—'),
          nowrap: true,
        },
        category: { render: (row) => categoryLabel(terminology, row.category), sortKey: 'category' },
        onboarding_state: {
          render: (row) => <OnboardingBadge state={row.onboarding_state} />,
          sortKey: 'onboarding_state',
          nowrap: true,
        },
        compliance_passed: {
          render: (row) =>
            row.compliance_passed === 1 ? (
              <Badge color="success" variant="light">
                Passed
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                Not passed
              </Text>
            ),
        },
        owner: { render: (row) => dash(row.owner?.name) },
        country: { render: (row) => <CountryName code={row.country} /> },
        status: { render: (row) => <InvestorStatusBadge status={row.status} />, nowrap: true },
        last_login_at: {
          render: (row) => (row.last_login_at ? formatDateTime(row.last_login_at) : 'Never'),
          sortKey: 'last_login_at',
          nowrap: true,
        },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
      skeletonRows={8}
    />
  );
}
