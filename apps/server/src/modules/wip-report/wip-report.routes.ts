import {
  dataOf,
  idParamsSchema,
  wipExportQuerySchema,
  wipReportSchema,
  wipSnapshotCreateSchema,
  wipSnapshotSchema,
  wipSnapshotSummarySchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { WIP_CONTENT_TYPES, type WipReportService } from './wip-report.service';

const tags = ['Reports'];

/** /admin/reports/wip (issue 19, spec §2.1 Reports → WIP; permission wip_report). */
export function wipReportRoutes(service: WipReportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports/wip',
      {
        config: { access: access.permission('wip_report', 'index') },
        schema: {
          tags,
          summary:
            'The WIP report: deals by stage, live raises, cash calls outstanding, by investment manager',
          description:
            'As of the London date. Committed and paid are each raise’s Transactions tab totals (committed: reserved, awaiting payment and paid; paid: received, net of refunds). Amounts are decimal strings, per currency, never added across currencies. The investment manager of a raise is the owner of the deal it came from, else the staff member who created it.',
          response: { 200: dataOf(wipReportSchema) },
        },
      },
      async () => ({ data: await service.report() }),
    );

    app.get(
      '/api/reports/wip/export',
      {
        config: { access: access.permission('wip_report', 'show') },
        schema: {
          tags,
          summary: 'The WIP report as an Excel workbook or a PDF',
          description:
            'format: xlsx (a sheet per section, money as numbers formatted in their currency) or pdf (A4 landscape, dated with the London date).',
          querystring: wipExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { file, filename } = await service.export(request.query.format);
        return reply
          .header('content-type', WIP_CONTENT_TYPES[request.query.format])
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    );

    app.get(
      '/api/reports/wip/snapshots',
      {
        config: { access: access.permission('wip_report', 'index') },
        schema: {
          tags,
          summary: 'The saved WIP snapshots, newest first',
          response: { 200: dataOf(z.array(wipSnapshotSummarySchema)) },
        },
      },
      async () => ({ data: await service.snapshots() }),
    );

    app.post(
      '/api/reports/wip/snapshots',
      {
        config: { access: access.permission('wip_report', 'create') },
        schema: {
          tags,
          summary:
            'Saves the WIP report as it stands now: a dated, frozen copy (for an investment committee)',
          body: wipSnapshotCreateSchema,
          response: { 201: dataOf(wipSnapshotSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.createSnapshot(actorOf(request), request.body.title);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/reports/wip/snapshots/:id',
      {
        config: { access: access.permission('wip_report', 'show') },
        schema: {
          tags,
          summary: 'A saved WIP snapshot, its figures as they were',
          params: idParamsSchema,
          response: { 200: dataOf(wipSnapshotSchema) },
        },
      },
      async (request) => ({ data: await service.snapshot(request.params.id) }),
    );

    app.get(
      '/api/reports/wip/snapshots/:id/export',
      {
        config: { access: access.permission('wip_report', 'show') },
        schema: {
          tags,
          summary: 'A saved WIP snapshot as an Excel workbook or a PDF',
          params: idParamsSchema,
          querystring: wipExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { file, filename } = await service.exportSnapshot(request.params.id, request.query.format);
        return reply
          .header('content-type', WIP_CONTENT_TYPES[request.query.format])
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    );
  };
}
