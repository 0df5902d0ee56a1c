import {
  customKpiChangesSchema,
  customKpiInputSchema,
  customKpiListSchema,
  customKpiSchema,
  dataOf,
  defineListQuery,
  EXPORT_FORMATS,
  idParamsSchema,
  investorKpisSchema,
  kpiImportPreviewSchema,
  kpiPeriodSchema,
  kpiPortfolioSchema,
  kpiReportCreateSchema,
  kpiReportFormSchema,
  kpiReportingSettingsInputSchema,
  kpiReportingSettingsSchema,
  kpiReportListSchema,
  kpiReportSchema,
  kpiReportsListQuery,
  kpiReportTypeChangesSchema,
  kpiReportTypeInputSchema,
  kpiReportTypeListSchema,
  kpiReportTypeSchema,
  kpiReportValuesSchema,
  kpiScheduleSchema,
  KPI_SCHEDULE_STATES,
  parseListQuery,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { EXPORT_CONTENT_TYPES } from '../../platform/export/table-export';
import { fieldError } from '../../platform/http/errors';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import { londonDate } from '../../platform/time';
import type { KpiDefinitionsService } from './kpi-definitions.service';
import type { KpiPortfolioFilters, KpiPortfolioService } from './kpi-portfolio.service';
import { kpiOrLinkedEntrepreneur } from './kpi-rules';
import type { KpiReportsService } from './kpi-reports.service';

const tags = ['Reports: KPIs'];
const ENTREPRENEUR_NOTE =
  'Staff whose role has the permission named, or an Entrepreneur (role 2) linked to the company in its reporting settings; an Entrepreneur not linked to it gets 404 (docs/decisions/023).';

const scheduleQuery = defineListQuery({
  table: 'kpi_schedule',
  filters: { state: 'exact', opportunity_id: 'exact' },
  sorts: [],
  defaultSort: [],
  includes: [],
  fields: [],
  appends: [],
});

const portfolioQuery = defineListQuery({
  table: 'kpi_portfolio',
  filters: { kpi_category_id: 'exact', industry_id: 'exact', investment_type_id: 'exact' },
  sorts: [],
  defaultSort: [],
  includes: [],
  fields: [],
  appends: [],
});

const opportunityParams = z.object({ opportunityId: pathIdSchema });
const noContent = { 204: z.null().describe('No content') };

/** The numeric ids of an exact filter ("1,2" or [1, 2]); anything else is a 422. */
function idsOf(name: string, value: unknown): number[] {
  const values = (Array.isArray(value) ? value : [value]).map(String);
  const ids = values.map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw fieldError(`filter.${name}`, `The ${name} filter must be one or more ids.`);
  return ids;
}

function portfolioFilters(raw: Record<string, unknown>): KpiPortfolioFilters {
  const query = parseListQuery(portfolioQuery, raw);
  const filters: KpiPortfolioFilters = {};
  for (const filter of query.filters)
    filters[filter.name as keyof KpiPortfolioFilters] = idsOf(filter.name, filter.value);
  return filters;
}

const importBody = z.object({ opportunity_id: z.coerce.number().int().positive(), period: kpiPeriodSchema });

export function kpiReportsRoutes(services: {
  reports: KpiReportsService;
  definitions: KpiDefinitionsService;
  portfolio: KpiPortfolioService;
}): FastifyPluginAsyncZod {
  const { reports, definitions, portfolio } = services;
  return async (app) => {
    // ---- report types (kpi_report_types)
    app.get(
      '/api/kpi-report-types',
      {
        config: { access: access.permission('kpi_report_types', 'index') },
        schema: {
          tags,
          summary: 'Report types and sub-types, each with its KPIs in order',
          response: { 200: kpiReportTypeListSchema },
        },
      },
      async () => ({ data: await definitions.listTypes() }),
    );
    app.get(
      '/api/kpi-report-types/:id',
      {
        config: { access: access.permission('kpi_report_types', 'show') },
        schema: {
          tags,
          summary: 'One report type',
          params: idParamsSchema,
          response: { 200: dataOf(kpiReportTypeSchema) },
        },
      },
      async (request) => ({ data: await definitions.showType(request.params.id) }),
    );
    app.post(
      '/api/kpi-report-types',
      {
        config: { access: access.permission('kpi_report_types', 'create') },
        schema: {
          tags,
          summary: 'Add a report type (a sub-type names its parent and adds KPIs to its parent’s)',
          body: kpiReportTypeInputSchema,
          response: { 201: dataOf(kpiReportTypeSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await definitions.createType(actorOf(request), request.body) }),
    );
    app.patch(
      '/api/kpi-report-types/:id',
      {
        config: { access: access.permission('kpi_report_types', 'update') },
        schema: {
          tags,
          summary: 'Change a report type (kpi_ids replaces its KPIs, in order)',
          params: idParamsSchema,
          body: kpiReportTypeChangesSchema,
          response: { 200: dataOf(kpiReportTypeSchema) },
        },
      },
      async (request) => ({
        data: await definitions.updateType(actorOf(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/api/kpi-report-types/:id',
      {
        config: { access: access.permission('kpi_report_types', 'delete') },
        schema: {
          tags,
          summary: 'Delete a report type (409 while it has sub-types; companies using it keep no type)',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await definitions.deleteType(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    // ---- custom KPIs (custom_kpis)
    app.get(
      '/api/custom-kpis',
      {
        config: { access: access.permission('custom_kpis', 'index') },
        schema: {
          tags,
          summary: 'Custom KPIs, of one existing investment with filter[opportunity_id]',
          querystring: z.object({ 'filter[opportunity_id]': pathIdSchema.optional() }),
          response: { 200: customKpiListSchema },
        },
      },
      async (request) => ({ data: await definitions.listCustom(request.query['filter[opportunity_id]']) }),
    );
    app.get(
      '/api/custom-kpis/:id',
      {
        config: { access: access.permission('custom_kpis', 'show') },
        schema: {
          tags,
          summary: 'One custom KPI',
          params: idParamsSchema,
          response: { 200: dataOf(customKpiSchema) },
        },
      },
      async (request) => ({ data: await definitions.showCustom(request.params.id) }),
    );
    app.post(
      '/api/custom-kpis',
      {
        config: { access: access.permission('custom_kpis', 'create') },
        schema: {
          tags,
          summary: 'Add a KPI only this existing investment reports',
          body: customKpiInputSchema,
          response: { 201: dataOf(customKpiSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await definitions.createCustom(actorOf(request), request.body) }),
    );
    app.patch(
      '/api/custom-kpis/:id',
      {
        config: { access: access.permission('custom_kpis', 'update') },
        schema: {
          tags,
          summary: 'Change a custom KPI (its unit only while it has no values)',
          params: idParamsSchema,
          body: customKpiChangesSchema,
          response: { 200: dataOf(customKpiSchema) },
        },
      },
      async (request) => ({
        data: await definitions.updateCustom(actorOf(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/api/custom-kpis/:id',
      {
        config: { access: access.permission('custom_kpis', 'delete') },
        schema: {
          tags,
          summary: 'Delete a custom KPI without values (409 once it has some: they are kept)',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await definitions.deleteCustom(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    // ---- the schedule and the settings
    app.get(
      '/api/kpi-reports/schedule',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('index'),
        schema: {
          tags,
          summary:
            'The reporting schedule: every existing investment’s recent periods, due, overdue or received',
          description: `States are computed from each company’s frequency and due days and today’s London date. filter[state]: overdue, due, up_to_date, not_scheduled (comma for several). ${ENTREPRENEUR_NOTE} (kpi.index; an Entrepreneur sees their companies only)`,
          querystring: listQuerySchema(scheduleQuery, { paged: false, shaped: false }),
          response: { 200: kpiScheduleSchema },
        },
      },
      async (request) => {
        const query = parseListQuery(scheduleQuery, request.query);
        const stateFilter = query.filters.find((filter) => filter.name === 'state');
        const states = stateFilter
          ? (Array.isArray(stateFilter.value) ? stateFilter.value : [stateFilter.value]).map(String)
          : [];
        const unknown = states.filter((state) => !(KPI_SCHEDULE_STATES as readonly string[]).includes(state));
        if (unknown.length > 0)
          throw fieldError(
            'filter.state',
            `The state filter must be one of ${KPI_SCHEDULE_STATES.join(', ')}.`,
          );
        const result = await reports.schedule(requireUser(request), states);
        const opportunityFilter = query.filters.find((filter) => filter.name === 'opportunity_id');
        if (!opportunityFilter) return result;
        const ids = idsOf('opportunity_id', opportunityFilter.value);
        return { ...result, data: result.data.filter((row) => ids.includes(row.opportunity_id)) };
      },
    );
    app.get(
      '/api/kpi-reports/settings/:opportunityId',
      {
        config: { access: access.permission('kpi', 'show') },
        schema: {
          tags,
          summary: 'An existing investment’s reporting settings and inputs',
          params: opportunityParams,
          response: { 200: dataOf(kpiReportingSettingsSchema) },
        },
      },
      async (request) => ({ data: await reports.settings(request.params.opportunityId) }),
    );
    app.put(
      '/api/kpi-reports/settings/:opportunityId',
      {
        config: { access: access.permission('kpi', 'update') },
        schema: {
          tags,
          summary:
            'Set an existing investment’s report type, frequency, due days and submitting Entrepreneurs',
          params: opportunityParams,
          body: kpiReportingSettingsInputSchema,
          response: { 200: dataOf(kpiReportingSettingsSchema) },
        },
      },
      async (request) => ({
        data: await reports.saveSettings(actorOf(request), request.params.opportunityId, request.body),
      }),
    );
    app.get(
      '/api/kpi-reports/form/:opportunityId',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('create'),
        schema: {
          tags,
          summary:
            'What a KPI submit form needs: inputs, the periods one may report, the chosen period’s report',
          description: `${ENTREPRENEUR_NOTE} (kpi.create)`,
          params: opportunityParams,
          querystring: z.object({ period: z.string().max(20).optional() }),
          response: { 200: dataOf(kpiReportFormSchema) },
        },
      },
      async (request) => ({
        data: await reports.form(requireUser(request), request.params.opportunityId, request.query.period),
      }),
    );

    // ---- reports
    app.get(
      '/api/kpi-reports',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('index'),
        schema: {
          tags,
          summary: 'KPI reports received, newest period first',
          description: `Filters: opportunity_id, period. Sorts: period (default -period), received_at, updated_at. ${ENTREPRENEUR_NOTE} (kpi.index)`,
          querystring: listQuerySchema(kpiReportsListQuery),
          response: { 200: kpiReportListSchema },
        },
      },
      async (request) => reports.list(requireUser(request), request.query, requestUrl(request)),
    );
    app.get(
      '/api/kpi-reports/:id',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('show'),
        schema: {
          tags,
          summary: 'One KPI report: its current values, each with the values it replaced',
          description: `${ENTREPRENEUR_NOTE} (kpi.show)`,
          params: idParamsSchema,
          response: { 200: dataOf(kpiReportSchema) },
        },
      },
      async (request) => ({ data: await reports.show(requireUser(request), request.params.id) }),
    );
    app.post(
      '/api/kpi-reports',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('create'),
        schema: {
          tags,
          summary: 'Report a period’s KPI values (creates the period’s report, or adds to it)',
          description: `The period must match the company’s frequency and not be in the future; values must be its inputs, valid for their unit. A value for an input that has one corrects it (the old one is kept). ${ENTREPRENEUR_NOTE} (kpi.create)`,
          body: kpiReportCreateSchema,
          response: { 201: dataOf(kpiReportSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await reports.create(actorOf(request), requireUser(request), request.body) }),
    );
    app.post(
      '/api/kpi-reports/:id/values',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('update'),
        schema: {
          tags,
          summary: 'Correct or add values of a report; replaced values are kept',
          description: `${ENTREPRENEUR_NOTE} (kpi.update)`,
          params: idParamsSchema,
          body: kpiReportValuesSchema,
          response: { 200: dataOf(kpiReportSchema) },
        },
      },
      async (request) => ({
        data: await reports.correct(actorOf(request), requireUser(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/api/kpi-reports/import/preview',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('create'),
        schema: {
          tags,
          summary: 'Check a period’s values in a CSV or Excel file (multipart: file, opportunity_id, period)',
          description: `Columns “KPI” (the name) and “Value”, with a heading row. Nothing is stored. ${ENTREPRENEUR_NOTE} (kpi.create)`,
          body: importBody,
          response: { 200: dataOf(kpiImportPreviewSchema) },
        },
      },
      async (request) => ({
        data: await reports.importPreview(
          requireUser(request),
          request.body.opportunity_id,
          request.body.period,
          request.uploads.file?.[0],
        ),
      }),
    );
    app.post(
      '/api/kpi-reports/import/commit',
      {
        config: { access: access.staff },
        onRequest: kpiOrLinkedEntrepreneur('create'),
        schema: {
          tags,
          summary:
            'Import a period’s values from a CSV or Excel file: every row, or none (422 naming each row)',
          description: `The same multipart request as the preview. ${ENTREPRENEUR_NOTE} (kpi.create)`,
          body: importBody,
          response: { 201: dataOf(kpiReportSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await reports.importCommit(
            actorOf(request),
            requireUser(request),
            request.body.opportunity_id,
            request.body.period,
            request.uploads.file?.[0],
          ),
        }),
    );

    // ---- the KPI portfolio (kpiPortfolio)
    app.get(
      '/api/kpi-portfolio',
      {
        config: { access: access.permission('kpiPortfolio', 'index') },
        schema: {
          tags,
          summary: 'Every existing investment with the latest value of each KPI, its change and trend',
          description: 'Filters: kpi_category_id, industry_id, investment_type_id (ids, comma for several).',
          querystring: listQuerySchema(portfolioQuery, { paged: false, shaped: false }),
          response: { 200: kpiPortfolioSchema },
        },
      },
      async (request) => portfolio.portfolio(portfolioFilters(request.query)),
    );
    app.get(
      '/api/kpi-portfolio/export',
      {
        config: { access: access.permission('kpiPortfolio', 'index') },
        schema: {
          tags,
          summary: 'The KPI portfolio as CSV or Excel',
          description: 'The same filters, plus format (csv or xlsx).',
          querystring: listQuerySchema(portfolioQuery, {
            paged: false,
            shaped: false,
            extra: {
              format: { type: 'string', enum: EXPORT_FORMATS, default: 'csv', description: 'CSV or Excel.' },
              columns: {
                type: 'string',
                description:
                  'Comma-separated columns, in order (all when none): company_name, name, industry, investment_type, last_reported_on, latest_period, and kpi:{id}:latest, kpi:{id}:previous, kpi:{id}:change.',
              },
            },
          }),
        },
      },
      async (request, reply) => {
        const { format: rawFormat, columns: rawColumns, ...rest } = request.query;
        const format = EXPORT_FORMATS.find((candidate) => candidate === rawFormat) ?? 'csv';
        const columns = typeof rawColumns === 'string' ? rawColumns.split(',').filter(Boolean) : [];
        const file = await portfolio.export(portfolioFilters(rest), format, columns);
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES[format])
          .header(
            'content-disposition',
            `attachment; filename="kpi-portfolio-${londonDate(new Date())}.${format}"`,
          )
          .header('cache-control', 'no-store')
          .send(file);
      },
    );

    // ---- the investor
    app.get(
      '/api/portfolio/:opportunityId/kpis',
      {
        config: { access: access.investor },
        schema: {
          tags: ['Portfolio'],
          summary: 'A holding’s KPIs over time, with the day the company last reported',
          description: '404 unless the signed-in investor holds or held the investment.',
          params: opportunityParams,
          response: { 200: dataOf(investorKpisSchema) },
        },
      },
      async (request) => ({
        data: await portfolio.investorKpis(requireUser(request).id, request.params.opportunityId),
      }),
    );
  };
}
