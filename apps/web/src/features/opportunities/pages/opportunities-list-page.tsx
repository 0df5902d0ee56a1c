import { Select } from '@mantine/core';
import {
  OPPORTUNITY_COLUMNS,
  OPPORTUNITY_STATUSES,
  opportunityAdminPath,
  opportunityStatusTerm,
  TAX_RELIEF_LABELS,
  TAX_RELIEFS,
} from '@portico/contracts';
import { IconBriefcase } from '@tabler/icons-react';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney } from '../../../lib/money';
import { RaiseProgress } from '../../opportunity-view/raise-progress';
import { useClassificationOptions } from '../../attributes/api/classifications';
import { useOpportunities } from '../api/get-opportunities';
import {
  DEFAULT_OPPORTUNITY_SORT,
  OPPORTUNITY_FILTER_KEYS,
  OPPORTUNITY_LIST_KEYS,
  opportunityFilters,
  REQUIRED_OPPORTUNITY_COLUMNS,
} from '../api/opportunity-list-params';
import { OpportunityStatusBadge } from '../../opportunity-lifecycle/components/opportunity-status-badge';

/**
 * /admin/investments/opportunities (spec §2.1): filter by status, type, industry and tax relief; each row
 * opens the page of its stage (a draft its edit page, a live one its details, an existing one its page).
 */
export function OpportunitiesListPage() {
  const terminology = useTerminology();
  const types = useClassificationOptions('investment_types');
  const industries = useClassificationOptions('industries');
  const statusOptions = OPPORTUNITY_STATUSES.map((status) => ({
    value: String(status),
    label: terminology[opportunityStatusTerm(status)],
  }));
  const reliefOptions = TAX_RELIEFS.map((value) => ({ value, label: TAX_RELIEF_LABELS[value] }));
  const plural = terminology.opportunities;

  return (
    <RecordListPage
      title={plural}
      description="Offers to invest, from draft to live, closed and completed."
      noun={{ one: 'opportunity', many: plural.toLowerCase() }}
      recordType="opportunity"
      resource="investment_opportunity_live"
      hrefOf={(row) =>
        row.id !== undefined && row.stage !== undefined ? opportunityAdminPath(row.id, row.stage) : undefined
      }
      apiPath="/api/opportunities"
      create={{
        path: ADMIN_SCREENS.newOpportunity.path,
        label: 'New opportunity',
        first: 'Create the first opportunity',
      }}
      empty={{
        description: 'Create a draft, complete its page, then take it live.',
        icon: <IconBriefcase size={28} aria-hidden />,
      }}
      searchPlaceholder="Name, company or slug"
      keys={OPPORTUNITY_LIST_KEYS}
      filterKeys={OPPORTUNITY_FILTER_KEYS}
      defaultSort={DEFAULT_OPPORTUNITY_SORT}
      columns={OPPORTUNITY_COLUMNS}
      requiredColumns={REQUIRED_OPPORTUNITY_COLUMNS}
      storageKey="columns.opportunities"
      filtersOf={opportunityFilters}
      useRecords={useOpportunities}
      filterPanel={(values, update) => (
        <>
          <Select
            label="Status"
            data={statusOptions}
            clearable
            value={values.status || null}
            onChange={(value) => update({ status: value })}
          />
          <Select
            label="Type"
            data={types.options}
            clearable
            searchable
            placeholder={types.isError ? 'The types could not be loaded' : undefined}
            value={values.type || null}
            onChange={(value) => update({ type: value })}
          />
          <Select
            label="Industry"
            data={industries.options}
            clearable
            searchable
            placeholder={industries.isError ? 'The industries could not be loaded' : undefined}
            value={values.industry || null}
            onChange={(value) => update({ industry: value })}
          />
          <Select
            label="Tax relief"
            data={reliefOptions}
            clearable
            value={values.tax_relief || null}
            onChange={(value) => update({ tax_relief: value })}
          />
        </>
      )}
      cells={{
        company_name: { render: (row) => dash(row.company_name), sortKey: 'company_name' },
        status: { render: (row) => <OpportunityStatusBadge status={row.status} />, sortKey: 'status' },
        type: { render: (row) => dash(row.type?.name) },
        industry: { render: (row) => dash(row.industry?.name) },
        tax_relief: { render: (row) => (row.tax_relief ? TAX_RELIEF_LABELS[row.tax_relief] : '—') },
        target_amount: {
          render: (row) => formatMoney(row.target_amount, row.currency),
          sortKey: 'target_amount',
          align: 'right',
          nowrap: true,
        },
        committed_amount: {
          render: (row) =>
            row.committed_amount !== undefined ? (
              <RaiseProgress
                committed={row.committed_amount}
                target={row.target_amount ?? null}
                stage={row.stage}
                compact
              />
            ) : (
              '—'
            ),
          sortKey: 'committed_amount',
        },
        minimum_investment: {
          render: (row) => formatMoney(row.minimum_investment, row.currency),
          align: 'right',
          nowrap: true,
        },
        closing_date: {
          render: (row) => formatDate(row.closing_date),
          sortKey: 'closing_date',
          nowrap: true,
        },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
    />
  );
}
