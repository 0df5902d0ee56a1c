import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { foldForSearch, useCountryNames, type CountryNames } from '../../lib/countries';

type CountrySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'filter'> & {
  /** an ISO 3166-1 alpha-2 code, or '' for none */
  value?: string | null;
  /** the chosen code, or '' when cleared */
  onChange: (code: string) => void;
};

/** Matches names, other names ("UK", "USA", "Great Britain") and codes, ignoring case and accents. */
const filterBy =
  (names: CountryNames): OptionsFilter =>
  ({ options, search }) => {
    const query = foldForSearch(search.trim());
    if (query === '') return options;
    const items = options as ComboboxItem[];
    const starts = items.filter((option) =>
      names.searchTerms(option.value).some((term) => term.startsWith(query)),
    );
    const contains = items.filter(
      (option) =>
        !starts.includes(option) && names.searchTerms(option.value).some((term) => term.includes(query)),
    );
    return [...starts, ...contains];
  };

/**
 * A country as the contracts keep it (an ISO 3166-1 alpha-2 code), chosen by its English name. The
 * names load in their own chunk on first use; meanwhile the stored code is shown.
 */
export function CountrySelect({ value, onChange, placeholder, ...props }: CountrySelectProps) {
  const names = useCountryNames();
  const code = value ? value.toUpperCase() : null;
  const data = useMemo(() => {
    if (names) return [...names.options];
    return code ? [{ value: code, label: code }] : [];
  }, [names, code]);
  const filter = useMemo(() => (names ? filterBy(names) : undefined), [names]);
  return (
    <Select
      autoComplete="off"
      {...props}
      data={data}
      value={code}
      onChange={(chosen) => onChange(chosen ?? '')}
      searchable
      filter={filter}
      placeholder={names ? (placeholder ?? 'Search for a country') : 'Loading countries…'}
      nothingFoundMessage="No country matches"
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true, ...props.comboboxProps }}
    />
  );
}
