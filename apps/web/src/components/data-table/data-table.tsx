import { Box, Skeleton, Table, UnstyledButton, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { nextSort, parseSort } from './sort';

export interface DataTableColumn<Row> {
  readonly key: string;
  readonly header: string;
  /** the list query's sort name; makes the header a sort button */
  readonly sortKey?: string;
  readonly render: (row: Row) => ReactNode;
  /** hides the column below this breakpoint */
  readonly visibleFrom?: MantineBreakpoint;
  readonly width?: number | string;
  readonly align?: 'left' | 'right' | 'center';
  /** keeps short values (dates, badges) on one line */
  readonly nowrap?: boolean;
}

interface DataTableProps<Row> {
  /** names the table for screen readers */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  sort?: string | undefined;
  onSortChange?: (sort: string) => void;
  /**
   * makes a whole row clickable for pointer users; keyboard and screen-reader users need a button or link
   * inside the row that does the same (a table row is not a control)
   */
  onRowClick?: (row: Row) => void;
  /** shown instead of the body when there are no rows */
  empty?: ReactNode;
  skeletonRows?: number;
  /** below this width the table scrolls sideways instead of squeezing its columns */
  minWidth?: number;
}

/** A click on a link, button or field inside a row is that control's, not the row's. */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement | null;
  return Boolean(target?.closest('a, button, input, select, textarea, label, [role="menuitem"]'));
}

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  if (direction === 'ascending') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'descending') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.45 }} />;
}

/** The one data table: sortable headers, loading skeletons and an empty state. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  sort,
  onSortChange,
  onRowClick,
  empty,
  skeletonRows = 5,
  minWidth,
}: DataTableProps<Row>) {
  const current = parseSort(sort);
  const showSkeleton = loading && !rows;
  const isEmpty = !loading && rows !== undefined && rows.length === 0;

  return (
    // Positioned, so the visually hidden texts inside (absolutely placed) scroll with the table instead of
    // widening the page.
    <Box style={{ overflowX: 'auto', position: 'relative' }}>
      <Table
        highlightOnHover={Boolean(onRowClick)}
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-busy={loading}
        style={minWidth ? { minWidth } : undefined}
      >
        <Table.Caption style={{ captionSide: 'top', margin: 0 }}>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const direction =
                column.sortKey && current?.name === column.sortKey
                  ? current.descending
                    ? 'descending'
                    : 'ascending'
                  : 'none';
              return (
                <Table.Th
                  key={column.key}
                  visibleFrom={column.visibleFrom}
                  w={column.width}
                  ta={column.align}
                  aria-sort={column.sortKey ? direction : undefined}
                  scope="col"
                >
                  {column.sortKey && onSortChange ? (
                    <UnstyledButton
                      onClick={() => onSortChange(nextSort(sort, column.sortKey ?? column.key))}
                      fw={700}
                      fz="sm"
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
                    >
                      {column.header}
                      <SortIcon direction={direction} />
                      <VisuallyHidden>
                        {direction === 'ascending'
                          ? ', sorted ascending; activate to sort descending'
                          : direction === 'descending'
                            ? ', sorted descending; activate to sort ascending'
                            : ', activate to sort'}
                      </VisuallyHidden>
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {showSkeleton &&
            Array.from({ length: skeletonRows }, (_, index) => (
              <Table.Tr key={`skeleton-${index}`} aria-hidden>
                {columns.map((column) => (
                  <Table.Td key={column.key} visibleFrom={column.visibleFrom}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {isEmpty && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              onClick={
                onRowClick
                  ? (event) => {
                      if (!fromControl(event)) onRowClick(row);
                    }
                  : undefined
              }
              style={onRowClick ? { cursor: 'pointer' } : undefined}
            >
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  visibleFrom={column.visibleFrom}
                  ta={column.align}
                  style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
