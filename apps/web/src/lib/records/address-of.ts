interface Addressed {
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
}

/** "1 High Street, London, EC1A 1BB, GB", or null when no part is known. */
export function addressOf(record: Addressed): string | null {
  const parts = [record.address_line_1, record.address_line_2, record.city, record.postcode, record.country];
  const filled = parts.filter(Boolean);
  return filled.length > 0 ? filled.join(', ') : null;
}
