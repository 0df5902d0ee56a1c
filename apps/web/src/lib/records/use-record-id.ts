import { useParams } from 'react-router';

/** The record's id from the address (…/{id}/…), or undefined when the segment is not one (at most 15 digits, so the number is exact). */
export function useRecordId(param = 'id'): number | undefined {
  const value = useParams()[param];
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined;
}
