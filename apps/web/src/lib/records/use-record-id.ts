import { useParams } from 'react-router';

/** The record's id from the address (…/{id}/…), or undefined when the segment is not one. */
export function useRecordId(param = 'id'): number | undefined {
  const value = useParams()[param];
  return value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined;
}
