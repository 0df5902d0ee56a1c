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
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { needsTab } from '../../platform/auth/route-rules';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { requestUrl } from '../../platform/list-query/http';
import type { ActivityService } from '../activity/activity.service';
import type { DocumentsService } from '../documents/documents.service';
import type { EngagementsService } from '../engagements/engagements.service';
import type { SubjectRegistry } from './subjects';

const noContent = { 204: z.null().describe('No content') };
const idOf = (name: string) => pathIdSchema.describe(name);

/**
 * Documents, notes, calls, tasks and the activity timeline of every record type, under its path:
 * /api/{investors|contacts|…|pipeline-deals|opportunities}/{id}/…  Each is guarded by its subject's
 * resource (`investors` unless the subject names another): reading by show, adding and changing by
 * update, deleting documents by delete.
 */
export function recordsRoutes(
  subjects: SubjectRegistry,
  services: { documents: DocumentsService; engagements: EngagementsService; activity: ActivityService },
): FastifyPluginAsyncZod {
  return async (app) => {
    for (const subject of subjects.all()) {
      const { type } = subject;
      const base = `/api/${SUBJECT_PATHS[type]}/:id`;
      const tags = [`Records: ${SUBJECT_PATHS[type]}`];
      const config = (action: 'show' | 'update' | 'delete') => ({
        access: access.permission(subject.resource ?? 'investors', action),
        ...(subject.feature ? { feature: subject.feature } : {}),
      });
      // Notes, calls and tasks of an investment record: the Investment Manager does not see them (spec §6).
      const engagementOptions = (action: 'show' | 'update') => ({
        config: config(action),
        ...(subject.area ? { onRequest: needsTab(subject.area, 'notes-calls-tasks') } : {}),
      });
      const params = z.object({ id: idOf('record id') });

      app.get(
        `${base}/documents`,
        {
          config: config('show'),
          schema: {
            tags,
            summary: 'Documents, newest first, with short-lived download links',
            params,
            response: { 200: dataOf(z.array(documentSchema)) },
          },
        },
        async (request) => ({ data: await services.documents.list(type, request.params.id) }),
      );
      app.post(
        `${base}/documents`,
        {
          config: config('update'),
          schema: {
            tags,
            summary: 'Upload documents (multipart: one or more `files`, plus visibility and category)',
            params,
            body: documentUploadFieldsSchema,
            response: { 201: dataOf(z.array(documentSchema)) },
          },
        },
        async (request, reply) => {
          const data = await services.documents.upload(
            actorOf(request),
            type,
            request.params.id,
            request.uploads.files ?? [],
            request.body,
          );
          return reply.code(201).send({ data });
        },
      );
      const documentParams = z.object({ id: idOf('record id'), documentId: idOf('document id') });
      app.patch(
        `${base}/documents/:documentId`,
        {
          config: config('update'),
          schema: {
            tags,
            summary: 'Rename a document or change who sees it',
            params: documentParams,
            body: documentChangesSchema,
            response: { 200: dataOf(documentSchema) },
          },
        },
        async (request) => ({
          data: await services.documents.update(
            actorOf(request),
            type,
            request.params.id,
            request.params.documentId,
            request.body,
          ),
        }),
      );
      app.delete(
        `${base}/documents/:documentId`,
        {
          config: config('delete'),
          schema: { tags, summary: 'Delete a document', params: documentParams, response: noContent },
        },
        async (request, reply) => {
          await services.documents.remove(
            actorOf(request),
            type,
            request.params.id,
            request.params.documentId,
          );
          return reply.code(204).send(null);
        },
      );

      app.get(
        `${base}/notes`,
        {
          ...engagementOptions('show'),
          schema: {
            tags,
            summary: 'Notes, newest first',
            params,
            response: { 200: dataOf(z.array(noteSchema)) },
          },
        },
        async (request) => ({ data: await services.engagements.notes(type, request.params.id) }),
      );
      app.post(
        `${base}/notes`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Add a note',
            params,
            body: noteInputSchema,
            response: { 201: dataOf(noteSchema) },
          },
        },
        async (request, reply) => {
          const note = await services.engagements.addNote(
            actorOf(request),
            type,
            request.params.id,
            request.body.body,
          );
          return reply.code(201).send({ data: note });
        },
      );
      const noteParams = z.object({ id: idOf('record id'), noteId: idOf('note id') });
      app.patch(
        `${base}/notes/:noteId`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Edit a note (one’s own, or anyone’s with delete)',
            params: noteParams,
            body: noteInputSchema,
            response: noContent,
          },
        },
        async (request, reply) => {
          await services.engagements.changeNote(
            requireUser(request),
            actorOf(request),
            type,
            request.params.id,
            request.params.noteId,
            request.body.body,
          );
          return reply.code(204).send(null);
        },
      );
      app.delete(
        `${base}/notes/:noteId`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Delete a note (one’s own, or anyone’s with delete)',
            params: noteParams,
            response: noContent,
          },
        },
        async (request, reply) => {
          await services.engagements.changeNote(
            requireUser(request),
            actorOf(request),
            type,
            request.params.id,
            request.params.noteId,
            null,
          );
          return reply.code(204).send(null);
        },
      );

      app.get(
        `${base}/calls`,
        {
          ...engagementOptions('show'),
          schema: {
            tags,
            summary: 'Logged calls, most recent first',
            params,
            response: { 200: dataOf(z.array(callSchema)) },
          },
        },
        async (request) => ({ data: await services.engagements.calls(type, request.params.id) }),
      );
      app.post(
        `${base}/calls`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Log a call',
            params,
            body: callInputSchema,
            response: { 201: dataOf(callSchema) },
          },
        },
        async (request, reply) => {
          const call = await services.engagements.logCall(
            actorOf(request),
            type,
            request.params.id,
            request.body,
          );
          return reply.code(201).send({ data: call });
        },
      );
      app.delete(
        `${base}/calls/:callId`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Delete a logged call (one’s own, or anyone’s with delete)',
            params: z.object({ id: idOf('record id'), callId: idOf('call id') }),
            response: noContent,
          },
        },
        async (request, reply) => {
          await services.engagements.deleteCall(
            requireUser(request),
            actorOf(request),
            type,
            request.params.id,
            request.params.callId,
          );
          return reply.code(204).send(null);
        },
      );

      app.get(
        `${base}/tasks`,
        {
          ...engagementOptions('show'),
          schema: {
            tags,
            summary: 'Tasks: open ones first, soonest due first',
            params,
            response: { 200: dataOf(z.array(taskSchema)) },
          },
        },
        async (request) => ({ data: await services.engagements.tasks(type, request.params.id) }),
      );
      app.post(
        `${base}/tasks`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Add a task (its assignee is notified)',
            params,
            body: taskInputSchema,
            response: { 201: dataOf(taskSchema) },
          },
        },
        async (request, reply) => {
          const task = await services.engagements.addTask(
            requireUser(request),
            actorOf(request),
            type,
            request.params.id,
            request.body,
          );
          return reply.code(201).send({ data: task });
        },
      );
      const taskParams = z.object({ id: idOf('record id'), taskId: idOf('task id') });
      app.patch(
        `${base}/tasks/:taskId`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Change a task, or mark it done',
            params: taskParams,
            body: taskInputSchema.partial(),
            response: { 200: dataOf(taskSchema) },
          },
        },
        async (request) => ({
          data: await services.engagements.changeTask(
            requireUser(request),
            actorOf(request),
            type,
            request.params.id,
            request.params.taskId,
            request.body,
          ),
        }),
      );
      app.delete(
        `${base}/tasks/:taskId`,
        {
          ...engagementOptions('update'),
          schema: {
            tags,
            summary: 'Delete a task (one’s own, or anyone’s with delete)',
            params: taskParams,
            response: noContent,
          },
        },
        async (request, reply) => {
          await services.engagements.deleteTask(
            requireUser(request),
            actorOf(request),
            type,
            request.params.id,
            request.params.taskId,
          );
          return reply.code(204).send(null);
        },
      );

      app.get(
        `${base}/activity`,
        {
          config: config('show'),
          schema: {
            tags,
            summary: 'The record’s timeline: everything that happened, newest first',
            ...(subject.area
              ? {
                  description:
                    'Leaves out what the reader’s role may not open on an investment (spec §6): the Investment Manager reads no notes, calls, tasks or performance, nor the transactions of an existing investment.',
                }
              : {}),
            params,
            querystring: z.object({
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
            }),
            response: { 200: activityListSchema },
          },
        },
        async (request) =>
          services.activity.list(
            type,
            request.params.id,
            requireUser(request).role_id,
            request.query.page,
            request.query.per_page,
            requestUrl(request),
          ),
      );
    }
  };
}
