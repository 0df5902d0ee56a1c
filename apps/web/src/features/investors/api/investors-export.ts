import { listQueryString } from '@portico/contracts';
import type { InvestorExport } from './investor-list-params';

/**
 * GET /api/investors/export (investors:index): the filtered, sorted list as CSV or Excel, with the visible
 * columns. A plain link: the browser downloads the file with the session cookie, whatever its size.
 */
export function investorsExportHref({ format, filters, sort, columns }: InvestorExport): string {
  const query = listQueryString({ filter: filters, sort });
  const extra = new URLSearchParams({ format, columns: columns.join(',') });
  return `/api/investors/export?${query ? `${query}&` : ''}${extra.toString()}`;
}
