import {
  dataOf,
  idParamsSchema,
  newsItemSchema,
  newsListQuery,
  newsListSchema,
  newsUnreadSchema,
  pathIdSchema,
  updateReportChangesSchema,
  updateReportCorrectionSchema,
  updateReportCreateSchema,
  updateReportDetailSchema,
  updateReportImageSchema,
  updateReportListSchema,
  updateReportPublishSchema,
  updateReportsListQuery,
  updateReportStateSchema,
  updateReportWithdrawSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { sendPdf } from '../../platform/http/send-pdf';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { UpdateReportsService } from './update-reports.service';

const tags = ['Update reports'];
const portal = ['Investor portal'];
const one = { 200: dataOf(updateReportDetailSchema) };
const noContent = { 204: z.null() };
const attachmentParams = z.object({ id: pathIdSchema, attachmentId: pathIdSchema });
const reports = (action: 'index' | 'show' | 'create' | 'update' | 'delete') => ({
  access: access.permission('update_reports', action),
});
const VISIBILITY =
  'An investor sees a live report about an existing investment they hold or held (a holding transaction in it), about a fund they hold a commitment to (with the funds feature on; as GET /api/portfolio/funds/{id} decides it), and general news; a draft, scheduled or withdrawn report, or another company’s or fund’s, is a 404.';

/**
 * Update reports (issue 19, decision 022): staff's drafts, publication (now or scheduled), corrections
 * and withdrawals under update_reports; the investor's news under /api/profile/news.
 */
export function updateReportsRoutes(service: UpdateReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/update-reports',
      {
        config: reports('index'),
        schema: {
          tags,
          summary: 'Update reports: drafts, scheduled, live and withdrawn',
          description:
            'filter[opportunity_id]=null lists general news; filter[fund_id] a fund’s reports (issue 20).',
          querystring: listQuerySchema(updateReportsListQuery),
          response: { 200: updateReportListSchema },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    app.post(
      '/api/update-reports',
      {
        config: reports('create'),
        schema: {
          tags,
          summary:
            'Write a draft update (about an existing investment, or general news when opportunity_id is null)',
          description:
            'The body is sanitised on the server (an allow-list: paragraphs, headings, lists, links, tables and images uploaded through /api/update-reports/images). The opportunity must be an existing investment (status 5 or 6), else 422 on `opportunity_id`. Or `fund_id`: a fund (issue 20), 422 on `fund_id` when it does not exist, when an opportunity is given too, or while the funds feature is off.',
          body: updateReportCreateSchema,
          response: { 201: dataOf(updateReportStateSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.create(actorOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      '/api/update-reports/images',
      {
        config: reports('create'),
        schema: {
          tags,
          summary: 'Upload an image for a report’s body (multipart: `image`; PNG, JPEG, WebP or GIF)',
          description:
            'Answers the same-site URL to insert as <img src>; the sanitiser keeps no other image.',
          body: z.object({}),
          response: { 201: dataOf(updateReportImageSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.uploadImage(actorOf(request), request.uploads.image?.[0]);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/api/update-report-images/:name',
      {
        config: { access: access.authenticated },
        schema: {
          tags,
          summary: 'An image of a report’s body',
          params: z.object({ name: z.string().regex(/^[A-Za-z0-9_-]+\.(png|jpg|webp|gif)$/) }),
        },
      },
      async (request, reply) => {
        const file = await service.image(request.params.name);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, max-age=86400')
          .send(file.body);
      },
    );

    app.get(
      '/api/update-reports/:id',
      {
        config: reports('show'),
        schema: {
          tags,
          summary: 'One update report with its versions',
          params: idParamsSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.get(request.params.id) }),
    );

    app.patch(
      '/api/update-reports/:id',
      {
        config: reports('update'),
        schema: {
          tags,
          summary: 'Change a draft or scheduled report',
          description: 'A live report is a 422 on `status`: correct it instead (POST …/corrections).',
          params: idParamsSchema,
          body: updateReportChangesSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.update(actorOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/api/update-reports/:id',
      {
        config: reports('delete'),
        schema: {
          tags,
          summary: 'Delete a draft (422 on `status` once published or scheduled)',
          params: idParamsSchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await service.remove(actorOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/update-reports/:id/publish',
      {
        config: reports('update'),
        schema: {
          tags,
          summary: 'Publish now, or schedule at `publish_at` (a future time)',
          description:
            'Under the report’s row lock: the live status, version 1, a notification for every recipient (one insert) and their emails (the outbox, one insert) in one transaction; one realtime event per investor after it commits. Recipients: the verified investors who hold or held the investment, or every verified investor for general news. A report already live is a 422 on `status`.',
          params: idParamsSchema,
          body: updateReportPublishSchema.nullable(),
          response: { 200: dataOf(updateReportStateSchema) },
        },
      },
      async (request) => ({
        data: await service.publish(actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/update-reports/:id/corrections',
      {
        config: reports('update'),
        schema: {
          tags,
          summary: 'Correct a live report: a new version with its reason (investors are not notified again)',
          params: idParamsSchema,
          body: updateReportCorrectionSchema,
          response: one,
        },
      },
      async (request) => ({ data: await service.correct(actorOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/api/update-reports/:id/withdraw',
      {
        config: reports('update'),
        schema: {
          tags,
          summary: 'Withdraw a live report: it leaves every investor’s news (404 to them)',
          params: idParamsSchema,
          body: updateReportWithdrawSchema,
          response: one,
        },
      },
      async (request) => ({
        data: await service.withdraw(actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/update-reports/:id/attachments',
      {
        config: reports('update'),
        schema: {
          tags,
          summary: 'Attach files to a draft or scheduled report (multipart: one or more `files`)',
          description: 'PDF, PNG, JPEG, WebP, Word (DOCX) or Excel (XLSX), each checked by its content.',
          params: idParamsSchema,
          body: z.object({}),
          response: { 201: dataOf(updateReportDetailSchema) },
        },
      },
      async (request, reply) => {
        const data = await service.addAttachments(
          actorOf(request),
          request.params.id,
          request.uploads.files ?? [],
        );
        return reply.code(201).send({ data });
      },
    );

    app.delete(
      '/api/update-reports/:id/attachments/:attachmentId',
      {
        config: reports('update'),
        schema: {
          tags,
          summary: 'Remove an attachment of a draft or scheduled report',
          params: attachmentParams,
          response: one,
        },
      },
      async (request) => ({
        data: await service.removeAttachment(
          actorOf(request),
          request.params.id,
          request.params.attachmentId,
        ),
      }),
    );

    app.get(
      '/api/update-reports/:id/pdf',
      {
        config: reports('show'),
        schema: { tags, summary: 'The report as a PDF', params: idParamsSchema },
      },
      async (request, reply) => sendPdf(reply, await service.pdf(request.params.id)),
    );

    // The investor's news.

    app.get(
      '/api/profile/news',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary: 'The signed-in investor’s news: visible live reports, newest first, with read_at',
          description: `${VISIBILITY} filter[opportunity_id] narrows it to one holding, filter[fund_id] to one fund.`,
          querystring: listQuerySchema(newsListQuery),
          response: { 200: newsListSchema },
        },
      },
      async (request) => service.news(requireUser(request).id, request.query, requestUrl(request)),
    );

    app.get(
      '/api/profile/news/unread-count',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary: 'How many visible live reports the investor has not read',
          response: { 200: dataOf(newsUnreadSchema) },
        },
      },
      async (request) => ({ data: await service.unread(requireUser(request).id) }),
    );

    app.get(
      '/api/profile/news/:id',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary: 'One report, or 404',
          description: VISIBILITY,
          params: idParamsSchema,
          response: { 200: dataOf(newsItemSchema) },
        },
      },
      async (request) => ({ data: await service.newsItem(requireUser(request).id, request.params.id) }),
    );

    app.post(
      '/api/profile/news/:id/read',
      {
        config: { access: access.investor },
        schema: {
          tags: portal,
          summary: 'Mark a report read (the first time stays)',
          params: idParamsSchema,
          response: { 200: dataOf(newsItemSchema) },
        },
      },
      async (request) => ({ data: await service.read(requireUser(request).id, request.params.id) }),
    );

    app.get(
      '/api/profile/news/:id/pdf',
      {
        config: { access: access.investor },
        schema: { tags: portal, summary: 'A report as a PDF', params: idParamsSchema },
      },
      async (request, reply) =>
        sendPdf(reply, await service.newsPdf(requireUser(request).id, request.params.id)),
    );
  };
}
