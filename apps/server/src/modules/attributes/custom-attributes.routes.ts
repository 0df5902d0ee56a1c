import {
  ATTRIBUTE_COLUMNS,
  ATTRIBUTE_SUBJECT_TYPES,
  attributeChangesSchema,
  attributeInputSchema,
  attributeListSchema,
  attributeReorderInputSchema,
  attributeSchema,
  attributeValuesInputSchema,
  dataOf,
  idParamsSchema,
  recordAttributeValueSchema,
  SUBJECT_PATHS,
  type AttributeSubjectType,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { recordRoutes } from '../../platform/records/record-routes';
import type { SubjectRegistry } from '../records/subjects';
import type { AttributeValuesService } from './attribute-values.service';
import type { CustomAttributesService } from './custom-attributes.service';

const tags = ['Attributes: custom'];
const isAttributeSubject = (type: string): type is AttributeSubjectType =>
  (ATTRIBUTE_SUBJECT_TYPES as readonly string[]).includes(type);

/**
 * Custom attributes (Settings → attributes → configure/{id}): every staff role reads the definitions (the
 * records' forms show them); the `attributes` resource changes them, and `attributes_lock` locks them.
 * Their values sit under each record, guarded by the record's own resource.
 */
export function customAttributesRoutes(
  service: CustomAttributesService,
  values: AttributeValuesService,
  subjects: SubjectRegistry,
): FastifyPluginAsyncZod {
  return async (app) => {
    recordRoutes(app, {
      path: '/api/attributes',
      tags,
      access: {
        index: access.staff,
        show: access.staff,
        create: access.permission('attributes', 'create'),
        update: access.permission('attributes', 'update'),
        delete: access.permission('attributes', 'delete'),
      },
      schemas: {
        record: attributeSchema,
        list: attributeListSchema,
        create: attributeInputSchema,
        update: attributeChangesSchema,
      },
      summaries: {
        list: 'Custom attributes, by the records they apply to and in order',
        listDescription:
          'Filters: name (contains), applies_to, type. Sorts: applies_to, position (default applies_to,position), name, created_at.',
        create: 'Define an attribute (with its options, for select and multi_select)',
        get: 'One attribute with its options',
        update:
          'Change an attribute: options listed replace the old ones (an id keeps one). `locked` needs attributes_lock; a locked attribute’s definition cannot change.',
        delete: 'Delete an attribute and its values (422 while locked)',
      },
      export: { filename: 'attributes', columns: ATTRIBUTE_COLUMNS },
      service,
    });

    app.post(
      '/api/attributes/reorder',
      {
        config: { access: access.permission('attributes', 'update') },
        schema: {
          tags,
          summary: 'Put one record type’s attributes in order (every id once)',
          body: attributeReorderInputSchema,
          response: { 200: dataOf(z.array(attributeSchema)) },
        },
      },
      async (request) => ({ data: await service.reorder(actorOf(request), request.body) }),
    );

    for (const subject of subjects.all()) {
      const { type } = subject;
      if (!isAttributeSubject(type)) continue;
      const path = `/api/${SUBJECT_PATHS[type]}/:id/attribute-values`;
      const resource = subject.resource ?? 'investors';
      const feature = subject.feature ? { feature: subject.feature } : {};
      const response = { 200: dataOf(z.array(recordAttributeValueSchema)) };
      const recordTags = [`Records: ${SUBJECT_PATHS[type]}`];

      app.get(
        path,
        {
          config: { access: access.permission(resource, 'show'), ...feature },
          schema: {
            tags: recordTags,
            summary: 'The record’s custom attributes in order, each with its value (null when unset)',
            params: idParamsSchema,
            response,
          },
        },
        async (request) => ({ data: await values.list(type, request.params.id) }),
      );

      app.put(
        path,
        {
          config: { access: access.permission(resource, 'update'), ...feature },
          schema: {
            tags: recordTags,
            summary: 'Set several values at once (null, "" or [] clears one); 422 per attribute',
            description:
              'values: by attribute id. text: a string; number: a decimal string or number; date: YYYY-MM-DD; boolean: true or false; select: an option id; multi_select: a list of option ids.',
            params: idParamsSchema,
            body: attributeValuesInputSchema,
            response,
          },
        },
        async (request) => ({
          data: await values.set(actorOf(request), type, request.params.id, request.body),
        }),
      );
    }
  };
}
