interface Addressed {
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
}

/**
 * "1 High Street, London, EC1A 1BB, United Kingdom", or null when no part is known. The country is named
 * by `countryName` (lib/countries' useCountryName), or shown as its code.
 */
export function addressOf(
  record: Addressed,
  countryName: (code: string) => string = (code) => code,
): string | null {
  const country = record.country && countryName(record.country);
  const parts = [record.address_line_1, record.address_line_2, record.city, record.postcode, country];
  const filled = parts.filter(Boolean);
  return filled.length > 0 ? filled.join(', ') : null;
}
