import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { SearchInput } from './search-input';

interface ListToolbarProps {
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  /** a list's few filters, beside the search */
  filters?: ReactNode;
  /** the column chooser, the export menu */
  actions?: ReactNode;
}

/** The row above a list: the search, its filters and its tools, wrapping on a small screen. */
export function ListToolbar({ search, filters, actions }: ListToolbarProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <div style={{ flex: '1 1 260px' }}>
        <SearchInput {...search} />
      </div>
      {filters}
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
