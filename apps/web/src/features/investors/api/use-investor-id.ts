import { useParams } from 'react-router';

/** The investor's id from the address (/admin/investors/{id}/…), or undefined when it is not one. */
export function useInvestorId(): number | undefined {
  const { id } = useParams();
  return id && /^[1-9]\d*$/.test(id) ? Number(id) : undefined;
}
