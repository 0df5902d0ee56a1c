import { Anchor, Group, MultiSelect, Stack, Text } from '@mantine/core';
import type { KpiPortfolioRow } from '@portico/contracts';
import { IconChartLine } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ExportMenu } from '../../../components/data-table/export-menu';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListSelectFilter } from '../../../components/data-table/list-select-filter';
import { PageHeader } from '../../../components/layouts/page-header';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { useClassificationOptions } from '../../attributes/api/classifications';
import { kpiPortfolioQuery, useKpiPortfolio, type KpiPortfolioFilters } from '../api/kpi-reports';
import { KpiCell } from '../components/kpi-cell';
import { kpiEntryPath } from '../schedule';

const FILTERS = ['kpi_category_id', 'industry_id', 'investment_type_id'] as const;
/** the columns shown until someone chooses: a table four KPIs wide still reads on a laptop */
const DEFAULT_COLUMNS = 4;

/**
 * /admin/reports/kpi-portfolio (kpiPortfolio): every existing investment with the latest value of each
 * chosen KPI, the change against its previous period and a trend of its last periods; filtered by KPI
 * category, industry and investment type; exported to Excel or CSV with the same filters.
 */
export function KpiPortfolioPage() {
  const terms = useTerminology();
  const [params, setParams] = useSearchParams();
  const filters: KpiPortfolioFilters = {
    kpi_category_id: params.get('kpi_category_id') ?? undefined,
    industry_id: params.get('industry_id') ?? undefined,
    investment_type_id: params.get('investment_type_id') ?? undefined,
  };
  const portfolio = useKpiPortfolio(filters);
  const categories = useClassificationOptions('kpi_categories');
  const industries = useClassificationOptions('industries');
  const types = useClassificationOptions('investment_types');
  const [chosen, setChosen] = useState<string[] | null>(null);

  const available = (portfolio.data?.columns ?? []).map((kpi) => ({
    value: String(kpi.id),
    label: `${kpi.name} (${kpi.category.name})`,
  }));
  const shownIds = (chosen ?? available.slice(0, DEFAULT_COLUMNS).map((option) => option.value)).filter(
    (id) => available.some((option) => option.value === id),
  );
  const shown = shownIds
    .map((id) => portfolio.data?.columns.find((kpi) => String(kpi.id) === id))
    .filter((kpi) => kpi !== undefined);
  const filtered = FILTERS.some((key) => filters[key]);

  const setFilter = (key: (typeof FILTERS)[number], value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const columns: DataTableColumn<KpiPortfolioRow>[] = [
    {
      key: 'company',
      header: 'Company',
      render: (row) => (
        <div>
          <Anchor component={Link} to={kpiEntryPath(row.opportunity_id)} fw={600}>
            {row.company_name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.last_reported_on ? `Last reported ${formatDate(row.last_reported_on)}` : 'Not reported yet'}
          </Text>
        </div>
      ),
    },
    ...shown.map((kpi): DataTableColumn<KpiPortfolioRow> => ({
      key: `kpi-${kpi.id}`,
      header: kpi.name,
      render: (row) => (
        <KpiCell cell={row.kpis.find((cell) => cell.kpi_id === kpi.id)} currency={row.currency} />
      ),
    })),
  ];

  const query = kpiPortfolioQuery(filters);
  return (
    <Stack gap="lg">
      <PageHeader
        title="KPI portfolio"
        description="Every existing investment’s latest KPIs, the change on the period before and the trend."
        actions={
          <ExportMenu
            hrefFor={(format) => `/api/kpi-portfolio/export?${query ? `${query}&` : ''}format=${format}`}
            total={portfolio.data?.data.length}
            disabled={!portfolio.data || portfolio.data.data.length === 0}
          />
        }
      />
      <RecordSection title="Companies">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSelectFilter
            label="KPI category"
            placeholder="Every category"
            data={categories.options}
            value={filters.kpi_category_id}
            onChange={(value) => setFilter('kpi_category_id', value)}
          />
          <ListSelectFilter
            label="Industry"
            placeholder="Every industry"
            data={industries.options}
            value={filters.industry_id}
            onChange={(value) => setFilter('industry_id', value)}
          />
          <ListSelectFilter
            label="Investment type"
            placeholder="Every type"
            data={types.options}
            value={filters.investment_type_id}
            onChange={(value) => setFilter('investment_type_id', value)}
          />
          <MultiSelect
            label="KPIs shown"
            placeholder={available.length === 0 ? 'No KPIs reported' : 'Choose KPIs'}
            data={available}
            value={shownIds}
            onChange={setChosen}
            searchable
            clearable
            maxValues={8}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', md: 420 }}
          />
        </Group>
        {portfolio.isError ? (
          <ListLoadError error={portfolio.error} />
        ) : (
          <DataTable
            caption="KPI portfolio"
            columns={columns}
            rows={portfolio.data?.data}
            rowKey={(row) => row.opportunity_id}
            loading={portfolio.isFetching}
            minWidth={shown.length > 1 ? 220 + shown.length * 170 : undefined}
            empty={
              <ListEmptyState
                plural="companies"
                filtered={filtered}
                onClearFilters={() => setParams(new URLSearchParams(), { replace: true })}
                description={`${terms.existing_investments} appear here with their KPIs once they report.`}
                icon={<IconChartLine size={28} aria-hidden />}
              />
            }
          />
        )}
        {portfolio.data && portfolio.data.data.length > 0 && shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {available.length === 0
              ? 'No company has reported a KPI of these filters yet.'
              : 'Choose the KPIs to show as columns.'}
          </Text>
        )}
      </RecordSection>
    </Stack>
  );
}
