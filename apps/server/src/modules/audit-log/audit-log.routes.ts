import {
  AUDIT_LOG_COLUMNS,
  auditLogListQuery,
  auditLogListSchema,
  auditSubjectTypesSchema,
  dataOf,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { listExportRoute } from '../../platform/export/export-route';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { AuditLogService } from './audit-log.service';

const tags = ['Audit log'];
const READ = access.permission('compliance', 'index');

/** Issue 21: the firm's audit log (SYSC 9), for roles with the compliance permission. */
export function auditLogRoutes(service: AuditLogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/audit-log',
      {
        config: { access: READ },
        schema: {
          tags,
          summary: 'Every audit row of every kind, newest first',
          description:
            'Who did what to which record, with the values before and after (secrets hidden), including rows ' +
            'of records since deleted. Filters: actor_id, subject_type, subject_id, action (part of it: "fund.", ' +
            '"capital_call"), created_between (YYYY-MM-DD,YYYY-MM-DD, London days). ' +
            'Sort: created_at (default -created_at).',
          querystring: listQuerySchema(auditLogListQuery),
          response: { 200: auditLogListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    app.get(
      '/api/audit-log/subject-types',
      {
        config: { access: READ },
        schema: {
          tags,
          summary: 'The kinds of record the audit log holds rows about',
          response: { 200: dataOf(auditSubjectTypesSchema) },
        },
      },
      async () => ({ data: await service.subjectTypes() }),
    );

    listExportRoute(app, {
      path: '/api/audit-log',
      access: READ,
      tags,
      filename: 'audit-log',
      columns: AUDIT_LOG_COLUMNS,
      listQuery: auditLogListQuery,
      export: (filters, format, columns) => service.export(filters, format, columns),
    });
  };
}
