import { useQuery } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';

interface OrganisationOption {
  id: number;
  name: string;
}

/** Only what a select needs of each organisation, whatever else the list holds. */
const optionsOf: Parser<OrganisationOption[]> = {
  parse(input) {
    const data = typeof input === 'object' && input !== null ? (input as { data?: unknown }).data : undefined;
    if (!Array.isArray(data)) throw new TypeError('Expected { data: [...] }');
    return data.flatMap((row: unknown) => {
      const { id, name } = (row ?? {}) as { id?: unknown; name?: unknown };
      return typeof id === 'number' && typeof name === 'string' ? [{ id, name }] : [];
    });
  },
};

/**
 * GET /api/organisations for the organisation filter. The organisations module is being built beside this
 * list: until that endpoint answers, the filter is not offered (`available` stays false).
 */
export function useOrganisationOptions() {
  const { data, isSuccess } = useQuery({
    queryKey: ['organisations', 'options'] as const,
    queryFn: ({ signal }) => api.get('/api/organisations?per_page=100', optionsOf, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return {
    available: isSuccess,
    options: (data ?? [])
      .map((organisation) => ({ value: String(organisation.id), label: organisation.name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
