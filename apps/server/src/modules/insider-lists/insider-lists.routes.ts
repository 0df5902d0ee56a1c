import {
  INSIDER_LIST_TYPES,
  addInsiderEntryInputSchema,
  dataOf,
  insiderEntrySchema,
  insiderEntryVersionInputSchema,
  insiderListIndexSchema,
  insiderListSchema,
  insiderListSummarySchema,
  openInsiderListInputSchema,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { EXPORT_CONTENT_TYPES } from '../../platform/export/table-export';
import { notFound } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/kernel';
import type { Subject } from './insider-lists.repository';
import type { InsiderListsService } from './insider-lists.service';

const tags = ['Insider lists'];
const compliance = (action: 'index' | 'show' | 'create' | 'update') => ({
  access: access.permission('compliance', action),
  feature: 'marketSounding' as const,
});

/** `deal/12`, `opportunity/7`, `permanent/0` (the permanent section's id is ignored). */
const listParams = z.object({
  // `type` is a JSON Schema keyword: the path names it `list`
  list: z.enum(INSIDER_LIST_TYPES),
  id: z.string().regex(/^(0|[1-9][0-9]{0,15})$/),
});
const entryParams = z.object({ entryId: pathIdSchema });

function subjectOf(params: z.infer<typeof listParams>): Subject {
  const id = Number(params.id);
  if (params.list === 'permanent') return { type: 'permanent', id: 0 };
  // a deal or opportunity has a positive id; 0 names nothing
  if (id < 1 || !Number.isSafeInteger(id))
    throw notFound('There is no insider list for this deal or opportunity.');
  return { type: params.list, id };
}

const peopleQuery = z.object({
  kind: z.enum(['staff', 'investor']).default('staff'),
  search: z.string().max(100).default(''),
});
const subjectsQuery = z.object({ search: z.string().max(100).default('') });
const pickSchema = z.object({ id: z.number().int().positive(), name: z.string(), email: z.string() });
const subjectPickSchema = z.object({
  type: z.enum(['deal', 'opportunity']),
  id: z.number().int().positive(),
  name: z.string(),
});

const TEMPLATE =
  'Fields of the template of EU 2016/347 as amended by 2022/1210 (Annex I): first names, surnames, birth ' +
  'surnames, professional phones, company name and address, function and reason, obtained (included, for the ' +
  'permanent section) and ceased times (UTC), date of birth, national identification number, personal phones, ' +
  'personal home address.';

/**
 * MAR Article 18 insider lists (issue 21), for roles with the compliance permission while market soundings are on:
 * a list per pipeline deal or opportunity and the permanent-insiders section, each person's entry versioned and
 * never overwritten, sounded investors shown from their acceptance until the sounding is cleansed, and the
 * template's Excel layout.
 */
export function insiderListsRoutes(service: InsiderListsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/insider-lists',
      {
        config: compliance('index'),
        schema: {
          tags,
          summary: 'The deals and opportunities with an insider list, and the permanent insiders section',
          description:
            'insiders_count counts current entries whose access has not ceased, sounded investors included until ' +
            'their sounding is cleansed. The permanent section has id 0 and created_at null until its first entry.',
          response: { 200: dataOf(insiderListIndexSchema) },
        },
      },
      async () => ({ data: await service.index() }),
    );

    app.post(
      '/api/insider-lists',
      {
        config: compliance('create'),
        schema: {
          tags,
          summary: 'Open the insider list of a pipeline deal or an opportunity',
          description:
            'Its created_at, now, is when the inside information was identified. A deal or opportunity that does not ' +
            'exist, one that already has a list, or both or neither of deal_id and opportunity_id: a 422.',
          body: openInsiderListInputSchema,
          response: { 201: dataOf(insiderListSummarySchema) },
        },
      },
      async (request, reply) => {
        const data = await service.open(actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/insider-lists/people',
      {
        config: compliance('index'),
        schema: {
          tags,
          summary: 'Staff accounts or investors to add to a list, by name or email (20 at most)',
          querystring: peopleQuery,
          response: { 200: dataOf(z.array(pickSchema)) },
        },
      },
      async (request) => ({ data: await service.people(request.query.kind, request.query.search) }),
    );

    app.get(
      '/api/insider-lists/subjects',
      {
        config: compliance('index'),
        schema: {
          tags,
          summary: 'Pipeline deals and opportunities without an insider list, by name (20 of each at most)',
          querystring: subjectsQuery,
          response: { 200: dataOf(z.array(subjectPickSchema)) },
        },
      },
      async (request) => ({ data: await service.subjects(request.query.search) }),
    );

    app.get(
      '/api/insider-lists/entries/:entryId/versions',
      {
        config: compliance('show'),
        schema: {
          tags,
          summary: 'Every version of an entry, oldest first',
          params: entryParams,
          response: { 200: dataOf(z.array(insiderEntrySchema)) },
        },
      },
      async (request) => ({ data: await service.versions(request.params.entryId) }),
    );

    app.post(
      '/api/insider-lists/entries/:entryId/versions',
      {
        config: compliance('update'),
        schema: {
          tags,
          summary: 'Amend an entry or record that access ceased: a new version, the old ones kept',
          description:
            'The fields sent replace the current version’s; the others are kept (send ceased_at alone to record ' +
            'the end of access). A version that changes nothing, times in the future or access ceasing before it ' +
            'was obtained: a 422.',
          params: entryParams,
          body: insiderEntryVersionInputSchema,
          response: { 201: dataOf(insiderEntrySchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addVersion(actorOf(request), request.params.entryId, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/insider-lists/:list/:id',
      {
        config: compliance('show'),
        schema: {
          tags,
          summary: 'A list’s header times and its current entries',
          description: `${TEMPLATE} Rows of sounded investors (source "sounding", entry_id null) come from accepted market soundings until an entry is added for that investor.`,
          params: listParams,
          response: { 200: dataOf(insiderListSchema) },
        },
      },
      async (request) => ({ data: await service.show(subjectOf(request.params)) }),
    );

    app.post(
      '/api/insider-lists/:list/:id/entries',
      {
        config: compliance('create'),
        schema: {
          tags,
          summary: 'Add a person to a list: a staff member, an investor or anyone typed in',
          description: `${TEMPLATE} With user_id (a staff account) or investor_id, the names and what the investor's profile holds fill the fields left out. A person already on the list: a 422 (amend their entry).`,
          params: listParams,
          body: addInsiderEntryInputSchema,
          response: { 201: dataOf(insiderEntrySchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addEntry(actorOf(request), subjectOf(request.params), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/insider-lists/:list/:id/export.xlsx',
      {
        config: compliance('show'),
        schema: {
          tags,
          summary: 'The list as an Excel workbook in the template’s layout',
          description:
            'The title, the header block (creation, last update, transmission to the competent authority), the ' +
            'template’s column headings and one row per current entry; times as "yyyy-mm-dd hh:mm UTC".',
          params: listParams,
        },
      },
      async (request, reply) => {
        const file = await service.exportXlsx(subjectOf(request.params));
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES.xlsx)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
}
