import { Button, EmptyState } from '@mantine/core';
import { IconPlus, IconSearch, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ListEmptyStateProps {
  /** the rows, in a sentence: "organisations" */
  plural: string;
  /** searched or filtered: nothing matches, rather than nothing yet */
  filtered: boolean;
  onClearFilters: () => void;
  /** why the list is empty before anything was added */
  description: string;
  /** the call to action when the role may add one, with a plus unless another icon is given */
  add?: { href: string; label: string; icon?: Icon | undefined } | undefined;
  icon?: ReactNode;
}

/** What an empty list says: nothing matches (and how to clear that), or nothing yet (and how to add). */
export function ListEmptyState({
  plural,
  filtered,
  onClearFilters,
  description,
  add,
  icon = <IconSearch size={28} aria-hidden />,
}: ListEmptyStateProps) {
  const AddIcon = add?.icon ?? IconPlus;
  return (
    <EmptyState
      icon={icon}
      title={filtered ? `No ${plural} match` : `No ${plural} yet`}
      description={filtered ? 'Try another search, or clear the filters.' : description}
      withIndicatorBackground
      size="sm"
    >
      <EmptyState.Actions>
        {filtered ? (
          <Button size="xs" variant="light" onClick={onClearFilters}>
            Clear search and filters
          </Button>
        ) : (
          add && (
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={add.href}
              leftSection={<AddIcon size={14} aria-hidden />}
            >
              {add.label}
            </Button>
          )
        )}
      </EmptyState.Actions>
    </EmptyState>
  );
}
