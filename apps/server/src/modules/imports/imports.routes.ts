import {
  dataOf,
  idParamsSchema,
  importMappingInputSchema,
  importPreviewSchema,
  importSchema,
  importUploadFieldsSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { ImportsService } from './imports.service';

const tags = ['Imports'];
const one = { 200: dataOf(importSchema) };
const rule = { access: access.permission('investors', 'create') };

/** Importing investors or contacts: upload, map, preview, run, follow progress. */
export function importsRoutes(service: ImportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/imports',
      {
        config: rule,
        schema: {
          tags,
          summary: 'Upload a CSV or Excel file (multipart: `file` and `kind`); columns are mapped by heading',
          body: importUploadFieldsSchema,
          response: { 201: dataOf(importSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.upload(
          requireUser(request),
          actorOf(request),
          request.body.kind,
          request.uploads.file?.[0],
        );
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/imports',
      {
        config: rule,
        schema: {
          tags,
          summary: 'The signed-in staff member’s recent imports',
          response: { 200: dataOf(z.array(importSchema)) },
        },
      },
      async (request) => ({ data: await service.list(requireUser(request)) }),
    );

    app.get(
      '/api/imports/:id',
      {
        config: rule,
        schema: {
          tags,
          summary: 'An import, with its progress and row errors',
          params: idParamsSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.get(requireUser(request), request.params.id) }),
    );

    app.patch(
      '/api/imports/:id',
      {
        config: rule,
        schema: {
          tags,
          summary: 'Map the file’s columns to fields',
          params: idParamsSchema,
          body: importMappingInputSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.setMapping(
          requireUser(request),
          actorOf(request),
          request.params.id,
          request.body.mapping,
        ),
      }),
    );

    app.get(
      '/api/imports/:id/preview',
      {
        config: rule,
        schema: {
          tags,
          summary: 'Every row checked without writing: counts, the first rows, and every row with an error',
          params: idParamsSchema,
          response: { 200: dataOf(importPreviewSchema) },
        },
      },
      async (request) => ({ data: await service.preview(requireUser(request), request.params.id) }),
    );

    app.post(
      '/api/imports/:id/run',
      {
        config: rule,
        schema: {
          tags,
          summary: 'Run the import in the background; follow it with GET /api/imports/{id}',
          params: idParamsSchema,
          body: z.object({ send_invitations: z.boolean().default(false) }).optional(),
          response: { 202: dataOf(importSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.run(
          requireUser(request),
          actorOf(request),
          request.params.id,
          request.body?.send_invitations ?? false,
        );
        return reply.code(202).send({ data });
      },
    );
  };
}
