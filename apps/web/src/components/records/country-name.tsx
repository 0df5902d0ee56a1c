import { useCountryName } from '../../lib/countries';

/** A stored country code as its name ("United Kingdom"), or a dash when there is none. */
export function CountryName({ code }: { code: string | null | undefined }) {
  const countryName = useCountryName();
  return <>{code ? countryName(code) : '—'}</>;
}
