import {
  CLASSIFICATION_COLUMNS,
  CLASSIFICATION_LISTS,
  CLASSIFICATION_KINDS,
  classificationChangesSchema,
  classificationInputSchema,
  classificationListSchema,
  classificationSchema,
  dataOf,
  reorderInputSchema,
  type ClassificationKind,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { actorOf } from '../../platform/http/kernel';
import { recordRoutes } from '../../platform/records/record-routes';
import type { ClassificationService } from './classifications.service';

const an = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/**
 * Settings → attributes: industries, investment types and sub-types, investment categories and characters
 * (behind investmentClassification) and KPI categories, each under /api/{its path}. Every staff role reads
 * them (deal and opportunity forms offer them); changing one needs its resource of spec §6.
 */
export function classificationsRoutes(
  services: Record<ClassificationKind, ClassificationService>,
): FastifyPluginAsyncZod {
  return async (app) => {
    for (const kind of CLASSIFICATION_KINDS) {
      const list = CLASSIFICATION_LISTS[kind];
      const service = services[kind];
      const path = `/api/${list.path}`;
      const tags = [`Attributes: ${list.path}`];
      const feature = 'feature' in list ? list.feature : undefined;
      const parentNote = 'parent' in list ? ' Filter by investment_type_id.' : '';

      recordRoutes(app, {
        path,
        tags,
        access: {
          index: access.staff,
          show: access.staff,
          create: access.permission(list.resource, 'create'),
          update: access.permission(list.resource, 'update'),
          delete: access.permission(list.resource, 'delete'),
        },
        feature,
        schemas: {
          record: classificationSchema,
          list: classificationListSchema,
          create: classificationInputSchema,
          update: classificationChangesSchema,
        },
        summaries: {
          list: `${list.label}, in order`,
          listDescription: `Filters: name (contains).${parentNote} Sorts: position (default), name, created_at.`,
          create: `Add ${an(list.singular)} ${list.singular} at the end of the list`,
          get: `One ${list.singular}`,
          update: `Rename ${an(list.singular)} ${list.singular}`,
          delete: `Delete ${an(list.singular)} ${list.singular} (422 while records use it)`,
        },
        export: { filename: list.path, columns: CLASSIFICATION_COLUMNS },
        service,
      });

      app.post(
        `${path}/reorder`,
        {
          config: { access: access.permission(list.resource, 'update'), feature },
          schema: {
            tags,
            summary: `Put the ${list.label.toLowerCase()} in order (every id once${'parent' in list ? ', for one investment type' : ''})`,
            body: reorderInputSchema,
            response: { 200: dataOf(z.array(classificationSchema)) },
          },
        },
        async (request) => ({ data: await service.reorder(actorOf(request), request.body) }),
      );
    }
  };
}
