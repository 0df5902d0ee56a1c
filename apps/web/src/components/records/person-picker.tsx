import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { usePeopleOptions, type PersonKind, type PersonOption } from '../../lib/records/people-options';

const optionLabel = (person: PersonOption) =>
  person.email ? `${person.name} (${person.email})` : person.name;

interface PersonPickerProps {
  kind: PersonKind;
  label: string;
  /** the chosen person's id, as a select holds it */
  value?: string | null;
  onChange: (value: string | null) => void;
  /** the person chosen, with their name, when a form needs more than the id */
  onPersonChange?: (person: PersonOption | null) => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  placeholder?: string;
  /** focus it when its modal opens */
  autoFocus?: boolean;
}

/**
 * Finds an investor or a contact by name or email as you type (the server searches; nothing is filtered
 * here), and keeps the one chosen while the search moves on.
 */
export function PersonPicker({
  kind,
  label,
  value,
  onChange,
  onPersonChange,
  error,
  description,
  required,
  placeholder = 'Type a name or an email address',
  autoFocus,
}: PersonPickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PersonOption | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once someone is chosen, the box shows their label: that is not a new search.
  const term = chosen && debounced === optionLabel(chosen) ? '' : debounced;
  const { data, isFetching, isError } = usePeopleOptions(kind, term);

  const people = [...(chosen ? [chosen] : []), ...(data ?? []).filter((person) => person.id !== chosen?.id)];
  const options = people.map((person) => ({ value: String(person.id), label: optionLabel(person) }));

  return (
    <Select
      label={label}
      description={description}
      placeholder={placeholder}
      required={required}
      error={error}
      data={options}
      value={value ?? null}
      onChange={(next) => {
        const person = people.find((candidate) => String(candidate.id) === next) ?? null;
        setChosen(person);
        onChange(next);
        onPersonChange?.(person);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already searched: show its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        isFetching ? 'Searching…' : isError ? 'The search failed; try again.' : 'Nobody found'
      }
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={isFetching ? <Loader size="xs" aria-label="Searching" /> : undefined}
      clearable
      comboboxProps={{ withinPortal: true }}
      data-autofocus={autoFocus ? true : undefined}
    />
  );
}
