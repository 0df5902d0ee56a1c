import type { PaginationMeta } from '@portico/contracts';

/** A list endpoint's answer (Laravel's paginator) holding these rows. */
export function paginated<Row>(rows: Row[], meta: Partial<PaginationMeta> = {}) {
  return {
    data: rows,
    links: { first: '', last: '', prev: null, next: null },
    meta: {
      current_page: 1,
      from: rows.length > 0 ? 1 : null,
      last_page: 1,
      path: '',
      per_page: 25,
      to: rows.length > 0 ? rows.length : null,
      total: rows.length,
      links: [],
      ...meta,
    },
  };
}
