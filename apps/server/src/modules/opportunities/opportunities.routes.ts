import {
  createOpportunityInputSchema,
  dataOf,
  idParamsSchema,
  OPPORTUNITY_COLUMNS,
  OPPORTUNITY_SECTION_PATHS,
  OPPORTUNITY_SECTIONS,
  opportunityListSchema,
  opportunitySchema,
  pathIdSchema,
  sectionChangeSchemas,
  sectionInputSchemas,
  sectionItemSchemas,
  sectionOrderSchema,
  updateOpportunityInputSchema,
  opportunitiesListQuery,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { alsoNeeds, investorsOrStaffWith } from '../../platform/auth/route-rules';
import { listExportRoute } from '../../platform/export/export-route';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { OpportunitiesService } from './opportunities.service';

const tags = ['Opportunities'];
const noContent = { 204: z.null().describe('No content') };
const one = { 200: dataOf(opportunitySchema) };
const itemParams = z.object({ id: pathIdSchema, itemId: pathIdSchema });
const live = (action: 'index' | 'show' | 'create' | 'update' | 'delete') => ({
  access: access.permission('investment_opportunity_live', action),
});
const STAGE_NOTE =
  'Needs the action on the resource that guards the opportunity: funds_opportunity for a fund opportunity (one with a fund_id), else the resource of its stage (investment_opportunity_live for stages 1 to 4, investment_opportunity_existing for 5 and 6).';

/**
 * Who may read opportunities: investors (verified; the service narrows what they see) and staff with
 * index on live, existing or fund opportunities (spec §6). Declared as any signed-in user, checked here.
 */
const readers = investorsOrStaffWith(
  ['investment_opportunity_live', 'index'],
  ['investment_opportunity_existing', 'index'],
  ['funds_opportunity', 'index'],
);

/** /admin/investments/opportunities and existing (spec §2.1), their content, and a deal's conversion. */
export function opportunitiesRoutes(service: OpportunitiesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/opportunities',
      {
        config: { access: access.authenticated },
        onRequest: readers,
        schema: {
          tags,
          summary: 'List opportunities (staff: all; an investor: those offered to them)',
          description:
            'Filters: status (1 to 6; comma for several), type (investment type id), industry (id), tax_relief (eis, seis, none), fund (fund id: the fund opportunities raising for it), slug, search (name, company or slug). Sorts: name, company_name, status, closing_date, target_amount, committed_amount, created_at (default -created_at). Staff need index on live, existing or fund opportunities and see fund opportunities (those with a fund_id) only with index on funds_opportunity, the others only with index on live or existing opportunities. An investor sees Live - External ones and the Live - Internal ones they are invited to, directly or through a client group; fund opportunities only while the funds feature is on.',
          querystring: listQuerySchema(opportunitiesListQuery),
          response: { 200: opportunityListSchema },
        },
      },
      async (request) => service.listFor(requireUser(request), request.query, requestUrl(request)),
    );

    listExportRoute(app, {
      path: '/api/opportunities',
      access: access.permission('investment_opportunity_live', 'index'),
      tags,
      filename: 'opportunities',
      columns: OPPORTUNITY_COLUMNS,
      listQuery: service.listQuery,
      export: (filters, format, columns, request) =>
        service.exportFor(requireUser(request), filters, format, columns),
    });

    app.post(
      '/api/opportunities',
      {
        config: live('create'),
        schema: {
          tags,
          summary: 'Create a draft opportunity (its slug from the name unless given)',
          description:
            'With a fund_id it is a fund opportunity, raising for that fund: it needs create on funds_opportunity as well, the funds feature on, and the fund’s currency (422 on fund_id or currency otherwise).',
          body: createOpportunityInputSchema,
          response: { 201: dataOf(opportunitySchema) },
        },
      },
      async (request, reply) => {
        const data = await service.createFor(actorOf(request), requireUser(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/opportunities/:id',
      {
        config: { access: access.authenticated },
        onRequest: readers,
        schema: {
          tags,
          summary: 'One opportunity with its page (content and public documents)',
          description: `Staff: ${STAGE_NOTE} An investor gets only an opportunity offered to them (404 otherwise; a fund opportunity while the funds feature is off), without staff-only fields.`,
          params: idParamsSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.getFor(requireUser(request), request.params.id) }),
    );

    app.patch(
      '/api/opportunities/:id',
      {
        config: live('update'),
        schema: {
          tags,
          summary: 'Change an opportunity (any stage)',
          description: `${STAGE_NOTE} Setting or clearing fund_id needs update on the resource before and after the change; a fund needs the funds feature on and the opportunity’s currency, and the fund cannot change once investors have committed (422 on fund_id).`,
          params: idParamsSchema,
          body: updateOpportunityInputSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.updateFor(
          actorOf(request),
          requireUser(request),
          request.params.id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/opportunities/:id',
      {
        config: live('delete'),
        schema: {
          tags,
          summary: 'Delete an opportunity',
          description:
            'A draft needs delete; a live or existing one needs delete_unsafe, on the resource that guards it (funds_opportunity for a fund opportunity, else its stage’s), and is refused (422) while it has investments.',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.removeFor(actorOf(request), requireUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.put(
      '/api/opportunities/:id/cover-image',
      {
        config: { ...live('update'), takesFiles: true },
        schema: {
          tags,
          summary:
            'Set the cover image (multipart: the file `image`; PNG, JPEG, WebP, GIF or SVG, up to 5 MB)',
          description: STAGE_NOTE,
          params: idParamsSchema,
          body: z.object({}),
          response: one,
        },
      },
      async (request) => ({
        data: await service.setCover(
          actorOf(request),
          requireUser(request),
          request.params.id,
          request.uploads.image?.[0],
        ),
      }),
    );

    app.delete(
      '/api/opportunities/:id/cover-image',
      {
        config: { ...live('update'), takesFiles: true },
        schema: { tags, summary: 'Remove the cover image', params: idParamsSchema, response: one },
      },
      async (request) => ({
        data: await service.removeCover(actorOf(request), requireUser(request), request.params.id),
      }),
    );

    for (const section of OPPORTUNITY_SECTIONS) {
      const base = `/api/opportunities/:id/${OPPORTUNITY_SECTION_PATHS[section]}`;
      const item = { 200: dataOf(sectionItemSchemas[section]) };
      const imageNote =
        section === 'team_members'
          ? ' JSON, or multipart with the photo as the file `photo`.'
          : section === 'gallery'
            ? ' Multipart with the file `image` (required when adding).'
            : '';

      app.post(
        base,
        {
          config: live('update'),
          schema: {
            tags,
            summary: `Add to the ${section.replace('_', ' ')} (at the end)`,
            description: STAGE_NOTE + imageNote,
            params: idParamsSchema,
            body: sectionInputSchemas[section],
            response: { 201: dataOf(sectionItemSchemas[section]) },
          },
        },
        async (request, reply) => {
          const data = await service.addItem(
            actorOf(request),
            requireUser(request),
            request.params.id,
            section,
            request.body,
            request.uploads,
          );
          return reply.code(201).send({ data });
        },
      );

      app.put(
        `${base}/order`,
        {
          config: live('update'),
          schema: {
            tags,
            summary: `Reorder the ${section.replace('_', ' ')}: every item's id, in the new order`,
            description: STAGE_NOTE,
            params: idParamsSchema,
            body: sectionOrderSchema,
            response: { 200: dataOf(z.array(sectionItemSchemas[section])) },
          },
        },
        async (request) => ({
          data: await service.reorder(
            actorOf(request),
            requireUser(request),
            request.params.id,
            section,
            request.body.ids,
          ),
        }),
      );

      app.patch(
        `${base}/:itemId`,
        {
          config: { ...live('update'), takesFiles: true },
          schema: {
            tags,
            summary: `Change an item of the ${section.replace('_', ' ')}`,
            description: STAGE_NOTE + imageNote,
            params: itemParams,
            body: sectionChangeSchemas[section],
            response: item,
          },
        },
        async (request) => ({
          data: await service.changeItem(
            actorOf(request),
            requireUser(request),
            request.params.id,
            section,
            request.params.itemId,
            request.body,
            request.uploads,
          ),
        }),
      );

      app.delete(
        `${base}/:itemId`,
        {
          config: live('update'),
          schema: {
            tags,
            summary: `Remove an item of the ${section.replace('_', ' ')}`,
            description: STAGE_NOTE,
            params: itemParams,
            response: noContent,
          },
        },
        async (request, reply) => {
          await service.removeItem(
            actorOf(request),
            requireUser(request),
            request.params.id,
            section,
            request.params.itemId,
          );
          return reply.code(204).send(null);
        },
      );
    }

    app.post(
      '/api/pipeline-deals/:id/opportunity',
      {
        config: live('create'),
        onRequest: alsoNeeds('pipeline_deals', 'show'),
        schema: {
          tags,
          summary: 'Convert a deal into a draft opportunity (once)',
          description:
            'Needs create on live opportunities and show on pipeline deals. The draft carries the deal’s name, company, summary, industry, type and amount sought as target; a deal already converted answers 422 with the way to its opportunity.',
          params: idParamsSchema,
          response: { 201: dataOf(opportunitySchema) },
        },
      },
      async (request, reply) => {
        const data = await service.convertDeal(actorOf(request), request.params.id);
        return reply.code(201).send({ data });
      },
    );
  };
}
