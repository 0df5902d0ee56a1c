import { useQuery } from '@tanstack/react-query';
import type { FundListParams } from '../../funds/api/fund-keys';
import { fundsQueryOptions } from '../../funds/api/get-funds';

/** Every fund an opportunity may raise for, by name (GET /api/funds answers id, name and currency). */
const ALL_FUNDS: FundListParams = {
  filters: { search: undefined, status: undefined, active: undefined },
  sort: 'name',
  page: 1,
  perPage: 100,
  columns: ['name'],
};

export type FundOption = { value: string; label: string; currency: string };

/** The funds as the opportunity form's Fund choice lists them (funds index); asked for only when `enabled`. */
export function useFundOptions(enabled: boolean) {
  const query = useQuery({ ...fundsQueryOptions(ALL_FUNDS), enabled });
  const options: FundOption[] = (query.data?.data ?? []).flatMap((fund) =>
    fund.id === undefined || fund.name === undefined
      ? []
      : [{ value: String(fund.id), label: fund.name, currency: fund.currency ?? 'GBP' }],
  );
  return { options, isError: query.isError };
}
