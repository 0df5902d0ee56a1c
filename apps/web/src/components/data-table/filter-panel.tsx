import { Button, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface FilterPanelProps {
  /** how many filters are set */
  active: number;
  /** empties the filters and keeps the search */
  onClear: () => void;
  /** the filters' fields */
  children: ReactNode;
}

/** The panel the Filters button opens: a list's many filters in a grid, and a way to clear them. */
export function FilterPanel({ active, onClear, children }: FilterPanelProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
      {children}
      {active > 0 && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
          style={{ alignSelf: 'end' }}
        >
          Clear filters ({active})
        </Button>
      )}
    </SimpleGrid>
  );
}
