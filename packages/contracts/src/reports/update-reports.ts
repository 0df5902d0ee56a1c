import { z } from 'zod';
import { defineListQuery, paginatedSchema } from '../list-query';
import { idSchema, timestampSchema } from '../schemas/common';

/*
 * Update reports (issue 19, spec §2.1 Reports, §4 "draft (edit page) or live (details page)"): a rich-text
 * update about one existing investment, or general news for every investor (opportunity_id null). Staff
 * write a draft, publish it (now, or at a scheduled time), correct a live one (each version kept) or
 * withdraw it; never rewrite it silently. The request and answer shapes of create, edit and publish are
 * fixed by the issue (other clients depend on them).
 */

export const UPDATE_REPORT_STATUSES = ['draft', 'scheduled', 'live', 'withdrawn'] as const;
export type UpdateReportStatus = (typeof UPDATE_REPORT_STATUSES)[number];

export const UPDATE_REPORT_STATUS_LABELS: Record<UpdateReportStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  live: 'Live',
  withdrawn: 'Withdrawn',
};

const title = z.string().trim().min(1).max(200);
/** HTML from the editor: sanitised on the server with an allow-list before it is stored or shown. */
const body = z.string().max(200_000);

/** POST /api/update-reports: a draft. */
export const updateReportCreateSchema = z.object({
  title,
  body,
  /** the existing investment the update is about; null for general news to every investor */
  opportunity_id: idSchema.nullable(),
  /**
   * issue 20: the fund the update is about (with the funds feature on), instead of an opportunity; a report
   * has at most one subject (422 on fund_id when both are given)
   */
  fund_id: idSchema.nullable().optional(),
});
export type UpdateReportCreate = z.infer<typeof updateReportCreateSchema>;

/** PATCH /api/update-reports/{id}: a draft (or a scheduled one) changes; a live one is corrected instead. */
export const updateReportChangesSchema = updateReportCreateSchema.partial();
export type UpdateReportChanges = z.infer<typeof updateReportChangesSchema>;

/** POST /api/update-reports/{id}/publish: now (no body, or publish_at null) or at a later time. */
export const updateReportPublishSchema = z
  .object({ publish_at: timestampSchema.nullable().optional() })
  .optional();
export type UpdateReportPublish = z.infer<typeof updateReportPublishSchema>;

/** POST /api/update-reports/{id}/corrections: a live report's new version, with why it changed. */
export const updateReportCorrectionSchema = z.object({
  title,
  body,
  reason: z.string().trim().min(1).max(500),
});
export type UpdateReportCorrection = z.infer<typeof updateReportCorrectionSchema>;

/** POST /api/update-reports/{id}/withdraw: a live report leaves every investor's news. */
export const updateReportWithdrawSchema = z.object({ reason: z.string().trim().min(1).max(500) });
export type UpdateReportWithdraw = z.infer<typeof updateReportWithdrawSchema>;

export const updateReportAttachmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  /** a signed, same-site URL to download it */
  url: z.string(),
});
export type UpdateReportAttachment = z.infer<typeof updateReportAttachmentSchema>;

/** A published version of a live report (the first publication is version 1). */
export const updateReportVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  reason: z.string().nullable(),
  published_at: timestampSchema,
  published_by: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type UpdateReportVersion = z.infer<typeof updateReportVersionSchema>;

/** An update report as staff see it. */
export const updateReportSchema = z
  .object({
    id: idSchema,
    title: z.string(),
    body: z.string(),
    status: z.enum(UPDATE_REPORT_STATUSES),
    opportunity_id: idSchema.nullable(),
    opportunity: z.object({ id: idSchema, name: z.string() }).nullable(),
    /** issue 20: the fund it is about (null when it is about an opportunity, or general news) */
    fund_id: idSchema.nullable(),
    fund: z.object({ id: idSchema, name: z.string() }).nullable(),
    /** when a scheduled report goes live */
    publish_at: timestampSchema.nullable(),
    published_at: timestampSchema.nullable(),
    withdrawn_at: timestampSchema.nullable(),
    withdrawn_reason: z.string().nullable(),
    /** the live version's number (0 while a draft) */
    version: z.number().int(),
    attachments: z.array(updateReportAttachmentSchema),
    /** how many investors it was sent to when published */
    recipients: z.number().int().nullable(),
    created_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'UpdateReport' });
export type UpdateReport = z.infer<typeof updateReportSchema>;

/** The fixed answer of create (201) and publish (200): `{ data: { id, status, published_at? } }`. */
export const updateReportStateSchema = z.object({
  id: idSchema,
  status: z.enum(UPDATE_REPORT_STATUSES),
  published_at: timestampSchema.nullable().optional(),
  publish_at: timestampSchema.nullable().optional(),
});
export type UpdateReportState = z.infer<typeof updateReportStateSchema>;

/** A live report as an investor reads it (GET /api/profile/news, /api/profile/news/{id}). */
export const newsItemSchema = z
  .object({
    id: idSchema,
    title: z.string(),
    /** sanitised HTML (empty in the list; the whole body in one item) */
    body: z.string(),
    /** a plain-text opening for the list */
    excerpt: z.string(),
    /** the holding it is about; null for general news */
    opportunity: z.object({ id: idSchema, name: z.string() }).nullable(),
    /** issue 20: the fund it is about (the server always sends it: null for a holding's update or news) */
    fund: z.object({ id: idSchema, name: z.string() }).nullable().optional(),
    published_at: timestampSchema,
    /** the live version (above 1 once corrected) and when it was last corrected */
    version: z.number().int(),
    corrected_at: timestampSchema.nullable(),
    attachments: z.array(updateReportAttachmentSchema),
    read_at: timestampSchema.nullable(),
  })
  .meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof newsItemSchema>;

/**
 * GET /api/update-reports: staff's list (filter[status], filter[opportunity_id], filter[fund_id],
 * filter[title]).
 */
export const updateReportsListQuery = defineListQuery({
  table: 'update_reports',
  filters: { status: 'exact', opportunity_id: 'exact', fund_id: 'exact', title: 'partial' },
  sorts: ['published_at', 'created_at', 'title'],
  defaultSort: ['-created_at'],
  includes: [],
  fields: [],
  appends: [],
});

/** A row of staff's list: the report without its body, versions or attachments. */
export const updateReportListItemSchema = updateReportSchema.omit({ body: true, attachments: true });
export type UpdateReportListItem = z.infer<typeof updateReportListItemSchema>;
export const updateReportListSchema = paginatedSchema(updateReportListItemSchema);

/** GET /api/update-reports/{id}: the report with every published version, the latest last. */
export const updateReportDetailSchema = updateReportSchema.extend({
  versions: z.array(updateReportVersionSchema),
});
export type UpdateReportDetail = z.infer<typeof updateReportDetailSchema>;

/** POST /api/update-reports/images (multipart: `image`): a same-site URL the editor inserts as <img src>. */
export const updateReportImageSchema = z.object({ url: z.string() });
export type UpdateReportImage = z.infer<typeof updateReportImageSchema>;

/** Body images are served from this same-site path; the sanitiser keeps only <img> whose src starts with it. */
export const UPDATE_REPORT_IMAGE_PATH = '/api/update-report-images/';

/**
 * GET /api/profile/news: the investor's visible live reports, newest first (filter[opportunity_id], or
 * filter[fund_id]: a fund's reports, issue 20).
 */
export const newsListQuery = defineListQuery({
  table: 'update_reports',
  filters: { opportunity_id: 'exact', fund_id: 'exact' },
  sorts: ['published_at'],
  defaultSort: ['-published_at'],
  includes: [],
  fields: [],
  appends: [],
});
export const newsListSchema = paginatedSchema(newsItemSchema);

/** GET /api/profile/news/unread-count */
export const newsUnreadSchema = z.object({ unread: z.number().int() });
