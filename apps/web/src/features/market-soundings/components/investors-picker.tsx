import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { usePeopleOptions, type PersonOption } from '../../../lib/records/people-options';

const labelOf = (person: PersonOption) => (person.email ? `${person.name} (${person.email})` : person.name);

interface InvestorsPickerProps {
  /** the chosen investors, as they were found (so their names stay while the search moves on) */
  value: PersonOption[];
  onChange: (people: PersonOption[]) => void;
  /** investors on the opt-out list: shown, but they cannot be chosen */
  optedOut: ReadonlySet<number>;
  error?: ReactNode;
  description?: ReactNode;
}

/**
 * The investors to sound, found by name or email as you type (the server searches /api/investors). An
 * investor who opted out of soundings shows as "Opted out" and cannot be chosen.
 */
export function InvestorsPicker({ value, onChange, optedOut, error, description }: InvestorsPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { data, isFetching, isError } = usePeopleOptions('investor', debounced);
  const chosen = new Set(value.map((person) => person.id));
  const people = [...value, ...(data ?? []).filter((person) => !chosen.has(person.id))];
  const options = people.map((person) => {
    const out = optedOut.has(person.id) && !chosen.has(person.id);
    return {
      value: String(person.id),
      label: out ? `${labelOf(person)} · Opted out` : labelOf(person),
      disabled: out,
    };
  });

  return (
    <MultiSelect
      label="Investors to sound"
      description={description}
      placeholder={value.length === 0 ? 'Type a name or an email address' : undefined}
      required
      error={error}
      data={options}
      value={value.map((person) => String(person.id))}
      onChange={(ids) =>
        onChange(
          ids.flatMap((id) => {
            const person = people.find((candidate) => String(candidate.id) === id);
            return person ? [person] : [];
          }),
        )
      }
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
      hidePickedOptions
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
