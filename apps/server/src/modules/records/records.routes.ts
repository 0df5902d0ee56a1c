import {
  callInputSchema,
  callSchema,
  dataOf,
  documentChangesSchema,
  documentSchema,
  documentUploadFieldsSchema,
  noteInputSchema,
  noteSchema,
  SUBJECT_PATHS,
  taskInputSchema,
  taskSchema,
  activityListSchema,
  pathIdSchema,
  readPage,
  readPerPage,
  type SubjectType,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { access } from '../../platform/auth/access';
import { needsTab } from '../../platform/auth/route-rules';
import type { Actor } from '../../platform/audit/audit';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { requestUrl } from '../../platform/list-query/http';
import type { ActivityService } from '../activity/activity.service';
import type { DocumentsService } from '../documents/documents.service';
import type { EngagementsService } from '../engagements/engagements.service';
import type { SubjectDefinition, SubjectRegistry } from './subjects';

type Services = { documents: DocumentsService; engagements: EngagementsService; activity: ActivityService };
type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

/** What a handler is given: the record type, its validated input, and who asks. */
interface Call<P extends Schema, B extends Schema | undefined, Q extends Schema | undefined> {
  type: SubjectType;
  params: z.infer<P>;
  body: Infer<B>;
  query: Infer<Q>;
  user: UserRow;
  actor: Actor;
  request: FastifyRequest;
}

/**
 * One route of every record type: its path under /api/{type}/:id, the action of the subject's resource it
 * needs, and whether it is part of the notes, calls and tasks tab (the Investment Manager's tab rules).
 * `status` 204 answers no content; 200 and 201 answer `{ data }` unless `raw` (the handler's answer is the
 * body).
 */
interface RecordRoute<P extends Schema, B extends Schema | undefined, Q extends Schema | undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  action: 'show' | 'update' | 'delete';
  engagement?: boolean;
  summary: string;
  description?: (subject: SubjectDefinition) => string | undefined;
  params: P;
  body?: B;
  querystring?: Q;
  status: 200 | 201 | 204;
  response?: Schema;
  raw?: boolean;
  handle: (call: Call<P, B, Q>) => Promise<unknown>;
}

/** Typed at the definition, registered alike: the table below holds routes of different shapes. */
const route = <
  P extends Schema,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  definition: RecordRoute<P, B, Q>,
) => definition as unknown as RecordRoute<Schema, Schema | undefined, Schema | undefined>;

const idOf = (name: string) => pathIdSchema.describe(name);
const params = z.object({ id: idOf('record id') });
const documentParams = z.object({ id: idOf('record id'), documentId: idOf('document id') });
const noteParams = z.object({ id: idOf('record id'), noteId: idOf('note id') });
const callParams = z.object({ id: idOf('record id'), callId: idOf('call id') });
const taskParams = z.object({ id: idOf('record id'), taskId: idOf('task id') });
const pageQuery = z.object({
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((text) => readPage(text)),
  per_page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((text) => readPerPage(text, 25)),
});

function recordRouteTable({ documents, engagements, activity }: Services) {
  return [
    route({
      method: 'GET',
      path: '/documents',
      action: 'show',
      summary: 'Documents, newest first, with short-lived download links',
      params,
      status: 200,
      response: z.array(documentSchema),
      handle: ({ type, params }) => documents.list(type, params.id),
    }),
    route({
      method: 'POST',
      path: '/documents',
      action: 'update',
      summary: 'Upload documents (multipart: one or more `files`, plus visibility and category)',
      params,
      body: documentUploadFieldsSchema,
      status: 201,
      response: z.array(documentSchema),
      handle: ({ type, params, body, actor, request }) =>
        documents.upload(actor, type, params.id, request.uploads.files ?? [], body),
    }),
    route({
      method: 'PATCH',
      path: '/documents/:documentId',
      action: 'update',
      summary: 'Rename a document or change who sees it',
      params: documentParams,
      body: documentChangesSchema,
      status: 200,
      response: documentSchema,
      handle: ({ type, params, body, actor }) =>
        documents.update(actor, type, params.id, params.documentId, body),
    }),
    route({
      method: 'DELETE',
      path: '/documents/:documentId',
      action: 'delete',
      summary: 'Delete a document',
      params: documentParams,
      status: 204,
      handle: ({ type, params, actor }) => documents.remove(actor, type, params.id, params.documentId),
    }),

    route({
      method: 'GET',
      path: '/notes',
      action: 'show',
      engagement: true,
      summary: 'Notes, newest first',
      params,
      status: 200,
      response: z.array(noteSchema),
      handle: ({ type, params }) => engagements.notes(type, params.id),
    }),
    route({
      method: 'POST',
      path: '/notes',
      action: 'update',
      engagement: true,
      summary: 'Add a note',
      params,
      body: noteInputSchema,
      status: 201,
      response: noteSchema,
      handle: ({ type, params, body, actor }) => engagements.addNote(actor, type, params.id, body.body),
    }),
    route({
      method: 'PATCH',
      path: '/notes/:noteId',
      action: 'update',
      engagement: true,
      summary: 'Edit a note (one’s own, or anyone’s with delete)',
      params: noteParams,
      body: noteInputSchema,
      status: 204,
      handle: ({ type, params, body, user, actor }) =>
        engagements.changeNote(user, actor, type, params.id, params.noteId, body.body),
    }),
    route({
      method: 'DELETE',
      path: '/notes/:noteId',
      action: 'update',
      engagement: true,
      summary: 'Delete a note (one’s own, or anyone’s with delete)',
      params: noteParams,
      status: 204,
      handle: ({ type, params, user, actor }) =>
        engagements.changeNote(user, actor, type, params.id, params.noteId, null),
    }),

    route({
      method: 'GET',
      path: '/calls',
      action: 'show',
      engagement: true,
      summary: 'Logged calls, most recent first',
      params,
      status: 200,
      response: z.array(callSchema),
      handle: ({ type, params }) => engagements.calls(type, params.id),
    }),
    route({
      method: 'POST',
      path: '/calls',
      action: 'update',
      engagement: true,
      summary: 'Log a call',
      params,
      body: callInputSchema,
      status: 201,
      response: callSchema,
      handle: ({ type, params, body, actor }) => engagements.logCall(actor, type, params.id, body),
    }),
    route({
      method: 'DELETE',
      path: '/calls/:callId',
      action: 'update',
      engagement: true,
      summary: 'Delete a logged call (one’s own, or anyone’s with delete)',
      params: callParams,
      status: 204,
      handle: ({ type, params, user, actor }) =>
        engagements.deleteCall(user, actor, type, params.id, params.callId),
    }),

    route({
      method: 'GET',
      path: '/tasks',
      action: 'show',
      engagement: true,
      summary: 'Tasks: open ones first, soonest due first',
      params,
      status: 200,
      response: z.array(taskSchema),
      handle: ({ type, params }) => engagements.tasks(type, params.id),
    }),
    route({
      method: 'POST',
      path: '/tasks',
      action: 'update',
      engagement: true,
      summary: 'Add a task (its assignee is notified)',
      params,
      body: taskInputSchema,
      status: 201,
      response: taskSchema,
      handle: ({ type, params, body, user, actor }) =>
        engagements.addTask(user, actor, type, params.id, body),
    }),
    route({
      method: 'PATCH',
      path: '/tasks/:taskId',
      action: 'update',
      engagement: true,
      summary: 'Change a task, or mark it done',
      params: taskParams,
      body: taskInputSchema.partial(),
      status: 200,
      response: taskSchema,
      handle: ({ type, params, body, user, actor }) =>
        engagements.changeTask(user, actor, type, params.id, params.taskId, body),
    }),
    route({
      method: 'DELETE',
      path: '/tasks/:taskId',
      action: 'update',
      engagement: true,
      summary: 'Delete a task (one’s own, or anyone’s with delete)',
      params: taskParams,
      status: 204,
      handle: ({ type, params, user, actor }) =>
        engagements.deleteTask(user, actor, type, params.id, params.taskId),
    }),

    route({
      method: 'GET',
      path: '/activity',
      action: 'show',
      summary: 'The record’s timeline: everything that happened, newest first',
      description: (subject) =>
        subject.area
          ? 'Leaves out what the reader’s role may not open on an investment (spec §6): the Investment Manager reads no notes, calls, tasks or performance, nor the transactions of an existing investment.'
          : undefined,
      params,
      querystring: pageQuery,
      status: 200,
      response: activityListSchema,
      raw: true,
      handle: ({ type, params, query, user, request }) =>
        activity.list(type, params.id, user.role_id, query.page, query.per_page, requestUrl(request)),
    }),
  ];
}

/**
 * Documents, notes, calls, tasks and the activity timeline of every record type, under its path:
 * /api/{investors|contacts|…|pipeline-deals|opportunities}/{id}/…  Each is guarded by its subject's
 * resource (`investors` unless the subject names another): reading by show, adding and changing by
 * update, deleting documents by delete. Notes, calls and tasks of an investment record follow the
 * investment-tab rules (the Investment Manager does not see them, spec §6).
 */
export function recordsRoutes(subjects: SubjectRegistry, services: Services): FastifyPluginAsyncZod {
  const table = recordRouteTable(services);
  return async (app) => {
    for (const subject of subjects.all()) {
      const { type } = subject;
      const tags = [`Records: ${SUBJECT_PATHS[type]}`];
      for (const definition of table) {
        const description = definition.description?.(subject);
        app.route({
          method: definition.method,
          url: `/api/${SUBJECT_PATHS[type]}/:id${definition.path}`,
          config: {
            access: access.permission(subject.resource ?? 'investors', definition.action),
            ...(subject.feature ? { feature: subject.feature } : {}),
          },
          ...(definition.engagement && subject.area
            ? { onRequest: needsTab(subject.area, 'notes-calls-tasks') }
            : {}),
          schema: {
            tags,
            summary: definition.summary,
            ...(description ? { description } : {}),
            params: definition.params,
            ...(definition.body ? { body: definition.body } : {}),
            ...(definition.querystring ? { querystring: definition.querystring } : {}),
            response: {
              [definition.status]:
                definition.status === 204
                  ? z.null().describe('No content')
                  : definition.raw
                    ? definition.response
                    : dataOf(definition.response ?? z.unknown()),
            },
          },
          handler: async (request: FastifyRequest, reply: FastifyReply) => {
            const answer = await definition.handle({
              type,
              params: request.params,
              body: request.body,
              query: request.query,
              user: requireUser(request),
              actor: actorOf(request),
              request,
            });
            if (definition.status === 204) return reply.code(204).send(null);
            return reply.code(definition.status).send(definition.raw ? answer : { data: answer });
          },
        });
      }
    }
  };
}
