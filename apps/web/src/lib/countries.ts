import { COUNTRY_CODES } from '@portico/contracts';
import { useEffect, useState } from 'react';

export interface CountryOption {
  value: string;
  label: string;
}

/** The English names of the contracts' country codes, and what a search may match besides a name. */
export interface CountryNames {
  /** every code of COUNTRY_CODES with its name, sorted by name */
  options: readonly CountryOption[];
  /** "GB" → "United Kingdom"; an unknown code stays itself */
  nameOf: (code: string) => string;
  /** what a search may match for a code: its name, other names ("UK", "Great Britain") and the code */
  searchTerms: (code: string) => readonly string[];
}

/** Lower case without accents, so "cote" finds "Côte d'Ivoire" and "aland" finds "Åland Islands". */
export const foldForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

async function load(): Promise<CountryNames> {
  // Their own chunk, fetched by the first form or page that shows a country: not in any first page.
  const [countries, english] = await Promise.all([
    import('i18n-iso-countries'),
    import('i18n-iso-countries/langs/en.json'),
  ]);
  countries.registerLocale(english.default);
  const names = new Map<string, string>();
  const terms = new Map<string, string[]>();
  for (const code of COUNTRY_CODES) {
    const all = countries.getName(code, 'en', { select: 'all' }) ?? [];
    names.set(code, all[0] ?? code);
    terms.set(code, [...all, code].map(foldForSearch));
  }
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.get(code) ?? code })).sort(
    (a, b) => a.label.localeCompare(b.label, 'en'),
  );
  return {
    options,
    nameOf: (code) => names.get(code) ?? code,
    searchTerms: (code) => terms.get(code) ?? [foldForSearch(code)],
  };
}

let loaded: CountryNames | undefined;
let loading: Promise<CountryNames> | undefined;

/** Loads the names once per page load; later callers share the same promise. */
export function loadCountryNames(): Promise<CountryNames> {
  loading ??= load().then(
    (names) => (loaded = names),
    (error: unknown) => {
      // A failed chunk fetch may be retried by the next form that asks.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The country names, or undefined for the moment they are loading. */
export function useCountryNames(): CountryNames | undefined {
  const [names, setNames] = useState(loaded);
  useEffect(() => {
    if (names) return;
    let current = true;
    loadCountryNames().then(
      (result) => current && setNames(result),
      // Without names, codes are shown: the form still works.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [names]);
  return names;
}

/** A country's name for display ("United Kingdom"); its code while the names load or for an unknown one. */
export function useCountryName(): (code: string) => string {
  const names = useCountryNames();
  return names?.nameOf ?? ((code) => code);
}
