import {
  capTableClassInputSchema,
  capTableClassUpdateSchema,
  capTableHolderInputSchema,
  capTableHolderUpdateSchema,
  capTableImportResultSchema,
  capTableSchema,
  dataOf,
  idParamsSchema,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { needsTab } from '../../platform/auth/route-rules';
import { actorOf } from '../../platform/http/kernel';
import type { CapTableImport } from './cap-table.import';
import type { CapTableService } from './cap-table.service';

const tags = ['Existing investments'];
const classParams = z.object({ id: pathIdSchema, classId: pathIdSchema });
const holderParams = z.object({ id: pathIdSchema, holderId: pathIdSchema });
const table = { 200: dataOf(capTableSchema) };
const PRE_EMPTION_NOTE =
  'The issued shares of the classes that carry pre-emption are the denominator of every entitlement in a follow-on round: a change that would make an open round promise its holders more than it has left is a 422 (on `shares`), checked under the round’s lock.';

/** The Investment Manager does not see the Cap Table (spec §6). */
const tab = needsTab('existing', 'cap-table');
const existing = (action: 'show' | 'update') => ({
  access: access.permission('investment_opportunity_existing', action),
});

/**
 * /admin/investments/existing/{id}/details/cap-table: an existing investment's whole cap table (issue 18,
 * decision 020): share classes, off-platform holders (by hand or by import) and the platform's holdings.
 * investment_opportunity_existing `show` to read, `update` to write; a stage other than 5–6 is a 404.
 */
export function capTableRoutes(service: CapTableService, importer: CapTableImport): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/existing-investments/:id/cap-table',
      {
        config: existing('show'),
        onRequest: tab,
        schema: {
          tags,
          summary:
            'Every holder of every class, on and off the platform, with % of class, of the company and fully diluted',
          description:
            'Serves the Cap Table and Cap Table Performance tabs. Percentages are exact and shown to 2 decimals, each column reconciled (largest remainder) to add up to 100.00. `values` are each holding at each price of `prices` (in force, on or before today).',
          params: idParamsSchema,
          response: table,
        },
      },
      async (request) => ({ data: await service.capTable(request.params.id) }),
    );

    app.post(
      '/api/existing-investments/:id/cap-table/classes',
      {
        config: existing('update'),
        onRequest: tab,
        schema: {
          tags,
          summary: 'Add a share class (issued shares or options; whether it carries pre-emption)',
          description: `Ordinary shares carry pre-emption by default; options never do (422 on \`pre_emptive\`). A name already used is a 422 on \`name\`. ${PRE_EMPTION_NOTE}`,
          params: idParamsSchema,
          body: capTableClassInputSchema,
          response: { 201: dataOf(capTableSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addClass(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/api/existing-investments/:id/cap-table/classes/:classId',
      {
        config: existing('update'),
        onRequest: tab,
        schema: {
          tags,
          summary: 'Change a share class',
          description: PRE_EMPTION_NOTE,
          params: classParams,
          body: capTableClassUpdateSchema,
          response: table,
        },
      },
      async (request) => ({
        data: await service.changeClass(
          actorOf(request),
          request.params.id,
          request.params.classId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/existing-investments/:id/cap-table/classes/:classId',
      {
        config: existing('update'),
        onRequest: tab,
        schema: {
          tags,
          summary: 'Remove a share class with no off-platform holders (422 on `class_id` while it has some)',
          params: classParams,
          response: table,
        },
      },
      async (request) => ({
        data: await service.removeClass(actorOf(request), request.params.id, request.params.classId),
      }),
    );

    app.post(
      '/api/existing-investments/:id/cap-table/holders',
      {
        config: existing('update'),
        onRequest: tab,
        schema: {
          tags,
          summary: 'Add an off-platform holder (founder, other investor, employee, option pool)',
          description: `One holder of a name per class (422 on \`name\`). ${PRE_EMPTION_NOTE}`,
          params: idParamsSchema,
          body: capTableHolderInputSchema,
          response: { 201: dataOf(capTableSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addHolder(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/api/existing-investments/:id/cap-table/holders/:holderId',
      {
        config: existing('update'),
        onRequest: tab,
        schema: {
          tags,
          summary: 'Change an off-platform holder',
          description: PRE_EMPTION_NOTE,
          params: holderParams,
          body: capTableHolderUpdateSchema,
          response: table,
        },
      },
      async (request) => ({
        data: await service.changeHolder(
          actorOf(request),
          request.params.id,
          request.params.holderId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/existing-investments/:id/cap-table/holders/:holderId',
      {
        config: existing('update'),
        onRequest: tab,
        schema: {
          tags,
          summary: 'Remove an off-platform holder',
          description: PRE_EMPTION_NOTE,
          params: holderParams,
          response: table,
        },
      },
      async (request) => ({
        data: await service.removeHolder(actorOf(request), request.params.id, request.params.holderId),
      }),
    );

    app.post(
      '/api/existing-investments/:id/cap-table/import',
      {
        config: existing('update'),
        onRequest: tab,
        schema: {
          tags,
          summary:
            'Import off-platform holders from a CSV or Excel file (multipart: `file`): all rows or none',
          description:
            'Headings: Class, Holder, Holder kind (founder, investor, employee, option pool, other), Shares; optional Class kind (shares, options), Pre-emption (yes, no) and Note. A class or holder not yet recorded is added; a holder already in the class has their shares, kind and note replaced. Any row error is a 422 naming each row (`rows.{row}.{column}`) and nothing is written. ' +
            PRE_EMPTION_NOTE,
          params: idParamsSchema,
          body: z.object({}),
          response: { 200: dataOf(capTableImportResultSchema) },
        },
      },
      async (request) => ({
        data: await importer.run(actorOf(request), request.params.id, request.uploads.file?.[0]),
      }),
    );
  };
}
