import { Badge, Button } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';

interface FiltersButtonProps {
  opened: boolean;
  onToggle: () => void;
  /** how many filters are set, shown on the button */
  active: number;
  /** the id of the panel it opens */
  controls: string;
}

/** Opens and closes a list's filter panel, and shows how many filters are set. */
export function FiltersButton({ opened, onToggle, active, controls }: FiltersButtonProps) {
  return (
    <Button
      variant={opened ? 'light' : 'default'}
      leftSection={<IconFilter size={18} aria-hidden />}
      rightSection={
        active > 0 ? (
          <Badge size="sm" circle>
            {active}
          </Badge>
        ) : undefined
      }
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={controls}
    >
      Filters
    </Button>
  );
}
