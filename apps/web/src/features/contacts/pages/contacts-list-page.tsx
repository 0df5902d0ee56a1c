import { Badge, Group } from '@mantine/core';
import { CLIENT_TYPE_LABELS, CONTACT_COLUMNS, CONTACT_STATE } from '@portico/contracts';
import { IconAddressBook, IconUserPlus } from '@tabler/icons-react';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { ImportButton } from '../../imports';
import {
  CONTACT_FILTER_KEYS,
  CONTACT_LIST_KEYS,
  contactFilters,
  DEFAULT_CONTACT_SORT,
  REQUIRED_CONTACT_COLUMNS,
} from '../api/contact-list-params';
import { useContacts } from '../api/get-contacts';
import { categoryLabel, ContactStateBadge } from '../components/contact-badges';
import { ContactsFilters } from '../components/contacts-filters';
import { CountryName } from '../../../components/records/country-name';

/**
 * /admin/investors/contacts (spec §2.1): people staff are in touch with who are not (yet) portal users.
 * Search, filters, sort, columns, pages and exports are all in the address.
 */
export function ContactsListPage() {
  const terminology = useTerminology();
  return (
    <RecordListPage
      title="Contacts"
      description="People you are in touch with who have not registered in the portal, and those who since have."
      noun={{ one: 'contact', many: 'contacts' }}
      recordType="contact"
      apiPath="/api/contacts"
      create={{
        path: ADMIN_SCREENS.newContact.path,
        label: 'New contact',
        first: 'Add the first contact',
        icon: IconUserPlus,
      }}
      actions={<ImportButton kind="contacts" />}
      empty={{
        description: 'People you are in touch with who have not registered in the portal.',
        icon: <IconAddressBook size={28} aria-hidden />,
      }}
      searchPlaceholder="Name or email"
      keys={CONTACT_LIST_KEYS}
      filterKeys={CONTACT_FILTER_KEYS}
      defaultSort={DEFAULT_CONTACT_SORT}
      columns={CONTACT_COLUMNS}
      requiredColumns={REQUIRED_CONTACT_COLUMNS}
      storageKey="columns.contacts"
      filtersOf={contactFilters}
      useRecords={useContacts}
      filterPanel={(values, update) => <ContactsFilters values={values} onChange={update} />}
      underName={{ column: 'email', text: (row) => row.email }}
      cells={{
        email: { render: (row) => dash(row.email), sortKey: 'email' },
        phone: { render: (row) => dash(row.phone) },
        company: { render: (row) => dash(row.company), sortKey: 'company' },
        job_title: { render: (row) => dash(row.job_title) },
        state: {
          render: (row) => (
            <Group gap={4} wrap="nowrap">
              <ContactStateBadge state={row.state} />
              {/* Linked to an investor without being marked Investment (changed by hand since). */}
              {row.investor && row.state !== CONTACT_STATE.INVESTMENT && (
                <Badge variant="outline" color="primaryLighter" title={`Became ${row.investor.name}`}>
                  {terminology.investor}
                </Badge>
              )}
            </Group>
          ),
          nowrap: true,
        },
        lead_status: {
          render: (row) => (row.lead_status ? <LeadStatusBadge status={row.lead_status} /> : '—'),
          nowrap: true,
        },
        client_type: { render: (row) => (row.client_type ? CLIENT_TYPE_LABELS[row.client_type] : '—') },
        category: { render: (row) => categoryLabel(terminology, row.category) },
        owner: { render: (row) => dash(row.owner?.name) },
        source: { render: (row) => dash(row.source) },
        country: { render: (row) => <CountryName code={row.country} /> },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
      skeletonRows={8}
    />
  );
}
