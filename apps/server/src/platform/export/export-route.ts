import {
  EXPORT_FORMATS,
  type ExportFormat,
  type FeatureKey,
  type ListColumn,
  type ListQuerySpec,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Access } from '../auth/access';
import { listQuerySchema } from '../list-query/http';
import { londonDate } from '../time';
import { EXPORT_CONTENT_TYPES } from './table-export';

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface ListExport {
  /** the list's path: the export answers at `${path}/export` */
  path: string;
  /** the list's own access, and its feature when it has one: whoever sees the list may export it */
  access: Access;
  feature?: FeatureKey | undefined;
  tags: string[];
  /** the file's name before its date: "contacts" gives contacts-2026-02-01.csv */
  filename: string;
  /** the columns the `columns` parameter chooses from, for the documentation */
  columns: readonly ListColumn[];
  /** the list's spec: the export takes its filters and sort */
  listQuery: ListQuerySpec;
  /** the list's filters and sort (no paging) as a file with the chosen columns (none: all of them) */
  export: (
    filters: Record<string, string | string[]>,
    format: ExportFormat,
    columns: string[],
    /** the request, for an export scoped to who asks */
    request: FastifyRequest,
  ) => Promise<Buffer>;
}

/** GET {path}/export: a list, filtered and sorted as on screen, as a CSV or Excel download. */
export function listExportRoute(app: App, options: ListExport): void {
  const keys = options.columns.map((column) => column.key).join(', ');
  app.get(
    `${options.path}/export`,
    {
      config: { access: options.access, feature: options.feature },
      schema: {
        tags: options.tags,
        summary: 'The filtered list as CSV or Excel',
        description: `The list’s filters and sort, plus format (csv or xlsx) and columns (comma-separated, any of: ${keys}; all of them when none are given).`,
        querystring: listQuerySchema(options.listQuery, {
          paged: false,
          shaped: false,
          extra: {
            format: {
              type: 'string',
              enum: EXPORT_FORMATS,
              default: 'csv',
              description: 'The file: CSV, or an Excel workbook.',
            },
            columns: {
              type: 'string',
              description: `Comma-separated columns, in order (all of them when none are given). Any of: ${keys}.`,
            },
          },
        }),
      },
    },
    async (request, reply) => {
      const {
        format: rawFormat,
        columns: rawColumns,
        page: _page,
        per_page: _perPage,
        ...filters
      } = request.query;
      const format = EXPORT_FORMATS.find((candidate) => candidate === rawFormat) ?? 'csv';
      const columns = typeof rawColumns === 'string' ? rawColumns.split(',').filter(Boolean) : [];
      const file = await options.export(filters, format, columns, request);
      const stamp = londonDate(new Date());
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${options.filename}-${stamp}.${format}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
