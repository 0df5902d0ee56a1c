import { listQueryString } from '@portico/contracts';
import type { ContactExport } from './contact-list-params';

/**
 * GET /api/contacts/export (investors:index): the filtered, sorted list as CSV or Excel, with the visible
 * columns. A plain link: the browser downloads the file with the session cookie, whatever its size.
 */
export function contactsExportHref({ format, filters, sort, columns }: ContactExport): string {
  const query = listQueryString({ filter: filters, sort });
  const extra = new URLSearchParams({ format, columns: columns.join(',') });
  return `/api/contacts/export?${query ? `${query}&` : ''}${extra.toString()}`;
}
