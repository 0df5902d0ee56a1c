import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { PaginationMeta } from '@portico/contracts';
import { formatNumber, plural, type Noun } from '../../lib/format';

interface ListPaginationProps {
  meta: PaginationMeta | undefined;
  onPageChange: (page: number) => void;
  /** what the rows are, for "Showing 1–15 of 41 accounts" and "Showing 1–1 of 1 account" */
  noun: Noun;
  /** offers a choice of page size when given */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
}

/** "Showing 1–15 of 41" and page buttons, from Laravel's paginator meta. */
export function ListPagination({
  meta,
  onPageChange,
  noun,
  pageSizes,
  onPageSizeChange,
}: ListPaginationProps) {
  if (!meta || meta.total === 0) return null;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing {formatNumber(meta.from ?? 0)}–{formatNumber(meta.to ?? 0)} of{' '}
          {plural(meta.total, noun.one, noun.many)}
        </Text>
        {pageSizes && onPageSizeChange && (
          <NativeSelect
            size="xs"
            aria-label="Rows per page"
            value={String(meta.per_page)}
            data={pageSizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          />
        )}
      </Group>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPageChange}
          size="sm"
          aria-label={`Pages of ${noun.many}`}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          getControlProps={(control) => {
            if (control === 'previous') return { 'aria-label': 'Previous page' };
            if (control === 'next') return { 'aria-label': 'Next page' };
            return {};
          }}
        />
      )}
    </Group>
  );
}
