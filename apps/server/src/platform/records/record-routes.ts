import {
  dataOf,
  idParamsSchema,
  type ExportFormat,
  type FeatureKey,
  type ListColumn,
  type ListQuerySpec,
  type Resource,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../audit/audit';
import { access, type Access } from '../auth/access';
import { listExportRoute } from '../export/export-route';
import { actorOf } from '../http/kernel';
import { listQuerySchema, requestUrl } from '../list-query/http';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The standard routes of a record type, each with its own access. */
export const RECORD_ACTIONS = ['index', 'create', 'show', 'update', 'delete'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** Each standard route guarded by the same-named action of one resource of the permission table. */
export const permissionsOf = (resource: Resource): Record<RecordAction, Access> => ({
  index: access.permission(resource, 'index'),
  create: access.permission(resource, 'create'),
  show: access.permission(resource, 'show'),
  update: access.permission(resource, 'update'),
  delete: access.permission(resource, 'delete'),
});

/** What the standard routes call: a record service (createRecordService, or the module's own). */
export interface RecordEndpoints<Create, Update> {
  /** the spec its list and export parse the query with, which the OpenAPI document lists */
  listQuery: ListQuerySpec;
  list: (raw: Record<string, unknown>, requestUrl: string) => Promise<unknown>;
  export: (raw: Record<string, unknown>, format: ExportFormat, columnKeys: string[]) => Promise<Buffer>;
  get: (id: number) => Promise<unknown>;
  create: (actor: Actor, input: Create) => Promise<unknown>;
  update: (actor: Actor, id: number, input: Update) => Promise<unknown>;
  remove: (actor: Actor, id: number) => Promise<void>;
}

export interface RecordRoutes<Create extends z.ZodType, Update extends z.ZodType> {
  /** the list's path; one record answers at `${path}/:id` */
  path: string;
  tags: string[];
  access: Record<RecordAction, Access>;
  /** every route answers 404 while this feature is off */
  feature?: FeatureKey;
  schemas: { record: z.ZodType; list: z.ZodType; create: Create; update: Update };
  /** the OpenAPI summaries (and the list's description of its filters and sorts) */
  summaries: Record<'list' | 'listDescription' | 'create' | 'get' | 'update' | 'delete', string>;
  /** the export's file name before its date, and the columns it chooses from */
  export: { filename: string; columns: readonly ListColumn[] };
  service: RecordEndpoints<z.output<Create>, z.output<Update>>;
}

const noContent = { 204: z.null().describe('No content') };

/**
 * The six routes every record type has, in this order: list, export, create, get, change, delete.
 * A module declares its own routes (sub-resources, actions) beside them.
 */
export function recordRoutes<Create extends z.ZodType, Update extends z.ZodType>(
  app: App,
  definition: RecordRoutes<Create, Update>,
): void {
  const { path, tags, feature, schemas, summaries, service } = definition;
  const config = (action: RecordAction) => ({ access: definition.access[action], feature });
  const one = { 200: dataOf(schemas.record) };

  app.get(
    path,
    {
      config: config('index'),
      schema: {
        tags,
        summary: summaries.list,
        description: summaries.listDescription,
        querystring: listQuerySchema(service.listQuery),
        response: { 200: schemas.list },
      },
    },
    async (request) => service.list(request.query, requestUrl(request)),
  );

  listExportRoute(app, {
    path,
    access: definition.access.index,
    feature,
    tags,
    filename: definition.export.filename,
    columns: definition.export.columns,
    listQuery: service.listQuery,
    export: (filters, format, columns) => service.export(filters, format, columns),
  });

  app.post(
    path,
    {
      config: config('create'),
      schema: {
        tags,
        summary: summaries.create,
        body: schemas.create,
        response: { 201: dataOf(schemas.record) },
      },
    },
    async (request, reply) => {
      // Fastify has checked the body against this schema; TypeScript cannot follow a generic schema there.
      const data = await service.create(actorOf(request), request.body as z.output<Create>);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    `${path}/:id`,
    {
      config: config('show'),
      schema: { tags, summary: summaries.get, params: idParamsSchema, response: one },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  app.patch(
    `${path}/:id`,
    {
      config: config('update'),
      schema: {
        tags,
        summary: summaries.update,
        params: idParamsSchema,
        body: schemas.update,
        response: one,
      },
    },
    async (request) => ({
      data: await service.update(actorOf(request), request.params.id, request.body as z.output<Update>),
    }),
  );

  app.delete(
    `${path}/:id`,
    {
      config: config('delete'),
      schema: { tags, summary: summaries.delete, params: idParamsSchema, response: noContent },
    },
    async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
