import { listQueryString, type ExportFormat, type ListQueryParams } from '@portico/contracts';

export interface ListExport {
  format: ExportFormat;
  /** the list's filters, as it sends them */
  filters: ListQueryParams['filter'];
  sort: string;
  /** the visible columns, in order */
  columns: readonly string[];
}

/**
 * `GET {path}/export`: a list, filtered and sorted as on screen, as CSV or Excel with its visible columns.
 * A plain link: the browser downloads the file with the session cookie, whatever its size.
 */
export function exportHref(path: string, { format, filters, sort, columns }: ListExport): string {
  const query = listQueryString({ filter: filters, sort });
  const extra = new URLSearchParams({ format, columns: columns.join(',') });
  return `${path}/export?${query ? `${query}&` : ''}${extra.toString()}`;
}
