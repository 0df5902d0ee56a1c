import type { PaginationMeta, ParsedListQuery } from '@portico/contracts';

type Link = PaginationMeta['links'][number];
const ON_EACH_SIDE = 3;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Laravel's UrlWindow: every page when few, else the ends and a slider around the current page. */
function pageWindow(current: number, last: number): Array<number | '...'> {
  if (last < ON_EACH_SIDE * 2 + 8) return range(1, last);
  const window = ON_EACH_SIDE + 4;
  if (current <= window) return [...range(1, window + ON_EACH_SIDE), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + (ON_EACH_SIDE - 1)), last)];
  return [1, 2, '...', ...range(current - ON_EACH_SIDE, current + ON_EACH_SIDE), '...', last - 1, last];
}

/**
 * A resource collection with Laravel's length-aware paginator (API-CONTRACT.md §2.1). Page links keep
 * the request's other query parameters.
 */
export function paginate<T>(data: T[], total: number, query: ParsedListQuery, requestUrl: string) {
  const url = new URL(requestUrl);
  const path = `${url.origin}${url.pathname}`;
  const pageUrl = (page: number) => {
    const search = new URLSearchParams(url.search);
    search.set('page', String(page));
    return `${path}?${search.toString()}`;
  };
  const current = query.page;
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const from = data.length > 0 ? (current - 1) * query.perPage + 1 : null;
  const to = from === null ? null : from + data.length - 1;
  const prev = current > 1 ? pageUrl(current - 1) : null;
  const next = current < lastPage ? pageUrl(current + 1) : null;
  const links: Link[] = [
    { url: prev, label: '&laquo; Previous', active: false, page: prev ? current - 1 : null },
    ...pageWindow(current, lastPage).map((page) =>
      page === '...'
        ? { url: null, label: '...', active: false, page: null }
        : { url: pageUrl(page), label: String(page), active: page === current, page },
    ),
    { url: next, label: 'Next &raquo;', active: false, page: next ? current + 1 : null },
  ];
  return {
    data,
    links: { first: pageUrl(1), last: pageUrl(lastPage), prev, next },
    meta: {
      current_page: current,
      from,
      last_page: lastPage,
      path,
      per_page: query.perPage,
      to,
      total,
      links,
    },
  };
}

/** Sparse fieldsets: keep only the requested fields of each row. */
export function pickFields<T extends Record<string, unknown>>(
  row: T,
  fields: readonly string[] | null,
): Partial<T> {
  if (!fields) return row;
  return Object.fromEntries(
    fields.filter((field) => field in row).map((field) => [field, row[field]]),
  ) as Partial<T>;
}
