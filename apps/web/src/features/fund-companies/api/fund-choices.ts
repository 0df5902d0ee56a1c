import { useQuery } from '@tanstack/react-query';
import type { FundListParams } from '../../funds/api/fund-keys';
import { fundsQueryOptions } from '../../funds/api/get-funds';

/** Every fund, by name (GET /api/funds answers id, name and currency). */
const ALL_FUNDS: FundListParams = {
  filters: { search: undefined, status: undefined, active: undefined },
  sort: 'name',
  page: 1,
  perPage: 100,
  columns: ['name'],
};

export type FundChoice = { value: string; label: string; currency: string };

/** The funds as a select lists them (funds index): the form's fund and the list's filter. */
export function useFundChoices() {
  const query = useQuery(fundsQueryOptions(ALL_FUNDS));
  const choices: FundChoice[] = (query.data?.data ?? []).flatMap((fund) =>
    fund.id === undefined || fund.name === undefined
      ? []
      : [{ value: String(fund.id), label: fund.name, currency: fund.currency ?? 'GBP' }],
  );
  return { choices, isError: query.isError, isPending: query.isPending };
}
