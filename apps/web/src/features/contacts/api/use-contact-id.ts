import { useParams } from 'react-router';

/** The contact's id from the address (/admin/investors/contacts/{id}/…), or undefined when it is not one. */
export function useContactId(): number | undefined {
  const { id } = useParams();
  return id && /^[1-9]\d{0,14}$/.test(id) ? Number(id) : undefined;
}
