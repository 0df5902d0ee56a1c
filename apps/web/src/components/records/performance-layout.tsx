import '@mantine/charts/styles.css';
import { LineChart, type LineChartSeries } from '@mantine/charts';
import { ActionIcon, Alert, Button, EmptyState, Menu, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChartLine,
  IconDots,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { isApiError } from '../../lib/api-error';
import { RecordSection } from './record-section';

export interface PerformanceChart {
  title: string;
  description?: string;
  height: number;
  /** one point per row, oldest first, keyed by `dataKey` and each series' name */
  data: Record<string, string | number | null>[];
  dataKey: string;
  series: LineChartSeries[];
  curveType: 'linear' | 'monotone';
  /** several series want a legend */
  withLegend?: boolean;
  /** draw the line across a period with no figure */
  connectNulls?: boolean;
  valueFormatter: (value: number) => string;
  /** what the table below holds, said to screen readers in place of the chart */
  tableHolds: string;
}

interface PerformanceLayoutProps<Row> {
  /** the query's state */
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** "The figures could not be loaded." */
  loadErrorMessage: string;
  /** shown above the history once loaded (a valuation summary) */
  summary?: ReactNode;
  /** the rows for the table, in the order shown; undefined while loading */
  rows: Row[] | undefined;
  rowKey: (row: Row) => number;
  /** names a row for its actions menu: "Actions for 31 Mar 2026" */
  rowLabel: (row: Row) => string;
  columns: DataTableColumn<Row>[];
  /** the chart, or null when there is too little to draw */
  chart: PerformanceChart | null;
  tableTitle: string;
  tableCaption: string;
  empty: { sectionTitle: string; title: string; description: string };
  /** the add, edit and delete actions, or undefined for a role that may only read */
  actions?: {
    addLabel: string;
    onAdd: () => void;
    onEdit: (row: Row) => void;
    onRemove: (row: Row) => void;
    /** the menu's words ("Edit", "Delete" unless given) */
    editLabel?: string;
    removeLabel?: string;
    /** rows that take no action (e.g. a replaced share price): no menu */
    actsOn?: (row: Row) => boolean;
  };
  /** the modals the actions open */
  children?: ReactNode;
}

/**
 * A record's performance history (deal figures, an existing investment's share prices): a chart of the
 * history drawn for sight only, the same history as a table with an actions menu per row, an empty state
 * with the add button, and the loading and load-error states.
 */
export function PerformanceLayout<Row>({
  isPending,
  isError,
  error,
  loadErrorMessage,
  summary,
  rows,
  rowKey,
  rowLabel,
  columns,
  chart,
  tableTitle,
  tableCaption,
  empty,
  actions,
  children,
}: PerformanceLayoutProps<Row>) {
  const allColumns: DataTableColumn<Row>[] = actions
    ? [
        ...columns,
        {
          key: 'actions',
          header: 'Actions',
          align: 'right',
          width: 80,
          render: (row) =>
            actions.actsOn && !actions.actsOn(row) ? null : (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${rowLabel(row)}`}>
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => actions.onEdit(row)}
                  >
                    {actions.editLabel ?? 'Edit'}
                  </Menu.Item>
                  <Menu.Item
                    color="danger"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => actions.onRemove(row)}
                  >
                    {actions.removeLabel ?? 'Delete'}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ),
        },
      ]
    : columns;

  const add = actions && (
    <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={actions.onAdd}>
      {actions.addLabel}
    </Button>
  );

  return (
    <Stack gap="lg">
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {loadErrorMessage} {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending || rows === undefined ? (
        <Skeleton height={300} radius="md" aria-label="Loading" />
      ) : (
        <>
          {summary}
          {rows.length === 0 ? (
            <RecordSection title={empty.sectionTitle}>
              <EmptyState
                icon={<IconChartLine size={28} aria-hidden />}
                title={empty.title}
                description={empty.description}
                withIndicatorBackground
                size="sm"
              >
                {add && <EmptyState.Actions>{add}</EmptyState.Actions>}
              </EmptyState>
            </RecordSection>
          ) : (
            <>
              {chart && (
                <RecordSection title={chart.title} description={chart.description}>
                  <LineChart
                    h={chart.height}
                    data={chart.data}
                    dataKey={chart.dataKey}
                    series={chart.series}
                    curveType={chart.curveType}
                    connectNulls={chart.connectNulls}
                    withLegend={chart.withLegend}
                    valueFormatter={chart.valueFormatter}
                    lineChartProps={{ accessibilityLayer: false }}
                    aria-hidden
                  />
                  <VisuallyHidden>{chart.tableHolds}</VisuallyHidden>
                </RecordSection>
              )}
              <RecordSection title={tableTitle} actions={add}>
                <DataTable
                  caption={tableCaption}
                  columns={allColumns}
                  rows={rows}
                  rowKey={rowKey}
                  loading={false}
                />
              </RecordSection>
            </>
          )}
        </>
      )}
      {children}
    </Stack>
  );
}
