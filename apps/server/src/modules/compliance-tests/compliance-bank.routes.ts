import {
  COMPLIANCE_BANKS,
  complianceOptionChangesSchema,
  complianceOptionOrderSchema,
  complianceQuestionChangesSchema,
  complianceQuestionOrderSchema,
  complianceQuestionSchema,
  complianceSettingsInputSchema,
  complianceSettingsSchema,
  dataOf,
  defineListQuery,
  idParamsSchema,
  newComplianceOptionInputSchema,
  newComplianceQuestionInputSchema,
  parseListQuery,
  pathIdSchema,
  type ComplianceBank,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { investorsOrStaffWith } from '../../platform/auth/route-rules';
import { notFound } from '../../platform/http/errors';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema } from '../../platform/list-query/http';
import type { ComplianceBankService } from './compliance-bank.service';

const settingsTags = ['Settings: appropriateness test'];
const settingsParams = z.object({ id: z.literal('1') });
const question = { 200: dataOf(complianceQuestionSchema) };
const optionParams = z.object({ id: pathIdSchema, optionId: pathIdSchema });

/** `include=options` and `filter[bank]` (standard by default; risk_warning is the second bank). */
const questionsQuery = defineListQuery({
  table: 'compliance_questions',
  filters: { bank: 'exact' },
  sorts: [],
  defaultSort: [],
  includes: ['options'],
  fields: [],
  appends: [],
});

function bankOf(value: unknown): ComplianceBank {
  const bank: unknown = Array.isArray(value) ? (value as unknown[]).at(-1) : value;
  if (bank === undefined) return 'standard';
  if (typeof bank === 'string' && (COMPLIANCE_BANKS as readonly string[]).includes(bank))
    return bank as ComplianceBank;
  // An unknown bank has no questions.
  throw notFound('No question bank with that name.');
}

/**
 * Settings → investor → appropriateness test: the compliance settings (id 1) and the question banks with
 * their options. The settings and questions answers are fixed by issue 9.
 */
export function complianceBankRoutes(service: ComplianceBankService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/compliance-settings/:id',
      {
        // The portal reads the allowed tries too (spec §7).
        config: { access: access.authenticated },
        schema: {
          tags: settingsTags,
          summary: 'The compliance settings: allowed tries (9999 means unlimited)',
          params: settingsParams,
          response: { 200: dataOf(complianceSettingsSchema) },
        },
      },
      async () => ({ data: await service.settings() }),
    );

    app.patch(
      '/api/compliance-settings/:id',
      {
        config: { access: access.permission('compliance', 'update') },
        schema: {
          tags: settingsTags,
          summary: 'Change the allowed tries (0 or null means unlimited, stored as 9999)',
          params: settingsParams,
          body: complianceSettingsInputSchema,
          response: { 200: dataOf(complianceSettingsSchema) },
        },
      },
      async (request) => ({
        data: await service.updateSettings(actorOf(request), request.body.compliance_tries),
      }),
    );

    app.get(
      '/api/compliance-questions',
      {
        config: { access: access.authenticated },
        // Other staff are refused before the query is read, as the description says.
        onRequest: investorsOrStaffWith(['compliance', 'index']),
        schema: {
          tags: settingsTags,
          summary: 'A question bank in order, with `include=options`',
          description:
            'Filter: bank (standard, the default, or risk_warning, used in risk-warning mode). Investors receive the active questions and never which options are correct; staff with the compliance permission receive every question with is_correct on each option; other staff are refused.',
          querystring: listQuerySchema(questionsQuery, { paged: false }),
          response: { 200: dataOf(z.array(complianceQuestionSchema)) },
        },
      },
      async (request) => {
        const query = parseListQuery(questionsQuery, request.query);
        const bank = bankOf(query.filters.find((filter) => filter.name === 'bank')?.value);
        return {
          data: await service.questions(requireUser(request), bank, query.include.includes('options')),
        };
      },
    );

    app.post(
      '/api/compliance-questions',
      {
        config: { access: access.permission('compliance', 'create') },
        schema: {
          tags: settingsTags,
          summary: 'Add a question with its options (at least one correct), at the end of its bank',
          body: newComplianceQuestionInputSchema,
          response: { 201: dataOf(complianceQuestionSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.createQuestion(actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/compliance-questions/reorder',
      {
        config: { access: access.permission('compliance', 'update') },
        schema: {
          tags: settingsTags,
          summary: 'Put a bank’s questions in order (every id of the bank, once)',
          body: complianceQuestionOrderSchema,
          response: { 200: dataOf(z.array(complianceQuestionSchema)) },
        },
      },
      async (request) => ({
        data: await service.reorder(actorOf(request), request.body.bank ?? 'standard', request.body.ids),
      }),
    );

    app.get(
      '/api/compliance-questions/:id',
      {
        config: { access: access.permission('compliance', 'show') },
        schema: {
          tags: settingsTags,
          summary: 'One question with its options and which are correct',
          params: idParamsSchema,
          response: question,
        },
      },
      async (request) => ({ data: await service.question(request.params.id) }),
    );

    app.patch(
      '/api/compliance-questions/:id',
      {
        config: { access: access.permission('compliance', 'update') },
        schema: {
          tags: settingsTags,
          summary:
            'Change a question; `options` replaces its options (ids kept, new ones added, others removed)',
          params: idParamsSchema,
          body: complianceQuestionChangesSchema,
          response: question,
        },
      },
      async (request) => ({
        data: await service.updateQuestion(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/compliance-questions/:id',
      {
        config: { access: access.permission('compliance', 'delete') },
        schema: {
          tags: settingsTags,
          summary: 'Delete a question (attempts keep their own copy of it)',
          params: idParamsSchema,
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        await service.removeQuestion(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/compliance-questions/:id/options',
      {
        config: { access: access.permission('compliance', 'create') },
        schema: {
          tags: settingsTags,
          summary: 'Add an option at the end of a question’s options',
          params: idParamsSchema,
          body: newComplianceOptionInputSchema,
          response: { 201: dataOf(complianceQuestionSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addOption(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/compliance-questions/:id/options/reorder',
      {
        config: { access: access.permission('compliance', 'update') },
        schema: {
          tags: settingsTags,
          summary: 'Put a question’s options in order (every option id, once)',
          params: idParamsSchema,
          body: complianceOptionOrderSchema,
          response: question,
        },
      },
      async (request) => ({
        data: await service.reorderOptions(actorOf(request), request.params.id, request.body.ids),
      }),
    );

    app.patch(
      '/api/compliance-questions/:id/options/:optionId',
      {
        config: { access: access.permission('compliance', 'update') },
        schema: {
          tags: settingsTags,
          summary: 'Change an option’s text or whether it is correct',
          params: optionParams,
          body: complianceOptionChangesSchema,
          response: question,
        },
      },
      async (request) => ({
        data: await service.changeOption(
          actorOf(request),
          request.params.id,
          request.params.optionId,
          request.body,
        ),
      }),
    );

    app.delete(
      '/api/compliance-questions/:id/options/:optionId',
      {
        config: { access: access.permission('compliance', 'delete') },
        schema: {
          tags: settingsTags,
          summary: 'Remove an option (a question keeps at least two, and a correct one while active)',
          params: optionParams,
          response: question,
        },
      },
      async (request) => ({
        data: await service.removeOption(actorOf(request), request.params.id, request.params.optionId),
      }),
    );
  };
}
