import { PIPELINE_DEAL_COLUMNS, type PipelineWithStages } from '@portico/contracts';
import { IconBriefcase } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { dash } from '../../../components/data-table/list-values';
import { RecordListPage } from '../../../components/data-table/record-list-page';
import { WebsiteLink } from '../../../components/data-table/website-link';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate } from '../../../lib/format';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { atSentenceStart } from '../../../lib/terminology';
import {
  DEAL_FILTER_KEYS,
  DEAL_LIST_KEYS,
  dealFilters,
  DEFAULT_DEAL_SORT,
  REQUIRED_DEAL_COLUMNS,
} from '../api/deal-list-params';
import { useDeals } from '../api/get-deals';
import { formatMoney } from '../../../lib/money';

interface DealsListProps {
  title: string;
  noun: { one: string; many: string };
  pipelines: PipelineWithStages[];
  /** the board/list switch, above the list */
  switcher: ReactNode;
}

/** The deals as a list (spec §2.1), with the shared list grammar: search, filters, sort, columns, export. */
export function DealsList({ title, noun, pipelines, switcher }: DealsListProps) {
  const staff = useStaffOptions();
  return (
    <RecordListPage
      title={title}
      description={`Every ${noun.one} of every pipeline: search, filter, sort and export.`}
      noun={noun}
      recordType="pipeline_deal"
      resource="pipeline_deals"
      apiPath="/api/pipeline-deals"
      create={{
        path: ADMIN_SCREENS.newDeal.path,
        label: `New ${noun.one}`,
        first: `Add the first ${noun.one}`,
      }}
      beforeList={switcher}
      empty={{
        description: `Companies you are assessing, each moving through a pipeline's stages.`,
        icon: <IconBriefcase size={28} aria-hidden />,
      }}
      searchPlaceholder={`${atSentenceStart(noun.one)} or company name`}
      keys={DEAL_LIST_KEYS}
      filterKeys={DEAL_FILTER_KEYS}
      defaultSort={DEFAULT_DEAL_SORT}
      columns={PIPELINE_DEAL_COLUMNS}
      requiredColumns={REQUIRED_DEAL_COLUMNS}
      storageKey="columns.deals"
      filtersOf={dealFilters}
      useRecords={useDeals}
      filters={(filters, update) => {
        const stages =
          pipelines.find((pipeline) => String(pipeline.id) === filters.pipeline_id)?.stages ?? [];
        return (
          <>
            <ListSelectFilter
              label="Pipeline"
              placeholder="Any pipeline"
              data={pipelines.map((pipeline) => ({ value: String(pipeline.id), label: pipeline.name }))}
              value={filters.pipeline_id}
              onChange={(value) => update({ pipeline_id: value, stage_id: null })}
            />
            {stages.length > 0 && (
              <ListSelectFilter
                label="Stage"
                placeholder="Any stage"
                data={stages.map((stage) => ({ value: String(stage.id), label: stage.name }))}
                value={filters.stage_id}
                onChange={(value) => update({ stage_id: value })}
              />
            )}
            <ListSelectFilter
              label="Owner"
              placeholder="Anyone"
              data={staff.options}
              value={filters.owner_id}
              onChange={(value) => update({ owner_id: value })}
            />
          </>
        );
      }}
      cells={{
        company_name: { render: (row) => dash(row.company_name), sortKey: 'company_name' },
        pipeline: { render: (row) => dash(row.pipeline?.name) },
        stage: { render: (row) => dash(row.stage?.name), sortKey: 'stage' },
        amount_sought: {
          render: (row) => formatMoney(row.amount_sought),
          sortKey: 'amount_sought',
          align: 'right',
          nowrap: true,
        },
        pre_money_valuation: {
          render: (row) => formatMoney(row.pre_money_valuation),
          align: 'right',
          nowrap: true,
        },
        industry: { render: (row) => dash(row.industry?.name) },
        investment_type: { render: (row) => dash(row.investment_type?.name) },
        owner: { render: (row) => dash(row.owner?.name) },
        source: { render: (row) => dash(row.source) },
        website: { render: (row) => <WebsiteLink url={row.website} /> },
        created_at: { render: (row) => formatDate(row.created_at), sortKey: 'created_at', nowrap: true },
      }}
      skeletonRows={6}
    />
  );
}
