import { listQueryString, type ListQueryParams } from '@portico/contracts';

type Filters = NonNullable<ListQueryParams['filter']>;

/** What a record list asks the API for: its filters, sort, page and visible columns. */
export interface RecordListParams<F extends Filters, Column extends string> {
  filters: F;
  sort: string;
  page: number;
  perPage: number;
  /** the visible columns: only their fields are asked for (a sparse fieldset) */
  columns: readonly Column[];
}

/** The list's query string (spatie grammar), asking for the visible columns plus what every row needs. */
export function recordListQuery<F extends Filters, Column extends string>(
  params: RecordListParams<F, Column>,
  always: readonly string[],
): string {
  return listQueryString({
    filter: params.filters,
    sort: params.sort,
    fields: [...new Set([...always, ...params.columns])],
    page: params.page,
    per_page: params.perPage,
  });
}
