import { ORGANISATION_COLUMNS, ORGANISATION_TYPE_LABELS } from '@portico/contracts';
import { IconBuilding } from '@tabler/icons-react';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { WebsiteLink } from '../../../components/data-table/website-link';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate, formatNumber } from '../../../lib/format';
import { useOrganisations } from '../api/get-organisations';
import {
  DEFAULT_ORGANISATION_SORT,
  ORGANISATION_FILTER_KEYS,
  ORGANISATION_LIST_KEYS,
  organisationFilters,
  REQUIRED_ORGANISATION_COLUMNS,
} from '../api/organisation-list-params';
import { ORGANISATION_TYPE_OPTIONS } from '../components/organisation-options';
import { CountryName } from '../../../components/records/country-name';

/** /admin/investors/organisations (spec §2.1): search, type, sort, columns and pages, all in the address. */
export function OrganisationsListPage() {
  return (
    <RecordListPage
      title="Organisations"
      description="Companies, trusts and other bodies, with the investors linked to each."
      noun={{ one: 'organisation', many: 'organisations' }}
      recordType="organisation"
      apiPath="/api/organisations"
      create={{
        path: ADMIN_SCREENS.newOrganisation.path,
        label: 'New organisation',
        first: 'Add the first organisation',
      }}
      empty={{
        description: 'Companies, trusts and other bodies your investors invest through or belong to.',
        icon: <IconBuilding size={28} aria-hidden />,
      }}
      searchPlaceholder="Name or email"
      keys={ORGANISATION_LIST_KEYS}
      filterKeys={ORGANISATION_FILTER_KEYS}
      defaultSort={DEFAULT_ORGANISATION_SORT}
      columns={ORGANISATION_COLUMNS}
      requiredColumns={REQUIRED_ORGANISATION_COLUMNS}
      storageKey="columns.organisations"
      filtersOf={organisationFilters}
      useRecords={useOrganisations}
      filters={(filters, update) => (
        <ListSelectFilter
          label="Type"
          placeholder="Any type"
          data={ORGANISATION_TYPE_OPTIONS}
          value={filters.type}
          onChange={(type) => update({ type })}
        />
      )}
      cells={{
        type: { render: (row) => (row.type ? ORGANISATION_TYPE_LABELS[row.type] : '—') },
        registration_number: { render: (row) => dash(row.registration_number) },
        email: { render: (row) => dash(row.email) },
        phone: { render: (row) => dash(row.phone) },
        website: { render: (row) => <WebsiteLink url={row.website} /> },
        city: { render: (row) => dash(row.city) },
        country: { render: (row) => <CountryName code={row.country} /> },
        members_count: { render: (row) => formatNumber(row.members_count ?? 0), align: 'right' },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
      skeletonRows={8}
    />
  );
}
