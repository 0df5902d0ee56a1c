import type {
  NewsItem,
  UpdateReport,
  UpdateReportAttachment,
  UpdateReportListItem,
  UpdateReportVersion,
} from '@portico/contracts';
import type { UpdateReportAttachmentRow } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { excerptOf } from './sanitised-body';
import type { NamedReport, versionsOf } from './update-reports.repository';

export const toAttachment = (
  row: UpdateReportAttachmentRow,
  link: (key: string, name: string) => string,
): UpdateReportAttachment => ({
  id: row.id,
  name: row.name,
  mime_type: row.mime_type,
  size: row.size,
  url: link(row.storage_key, row.name),
});

export function toListItem({ report, opportunity, fund, creator }: NamedReport): UpdateReportListItem {
  return {
    id: report.id,
    title: report.title,
    status: report.status,
    opportunity_id: report.opportunity_id,
    opportunity: opportunity ? { id: opportunity.id, name: opportunity.name } : null,
    fund_id: report.fund_id,
    fund: fund ? { id: fund.id, name: fund.name } : null,
    publish_at: toApiTimestampOrNull(report.publish_at),
    published_at: toApiTimestampOrNull(report.published_at),
    withdrawn_at: toApiTimestampOrNull(report.withdrawn_at),
    withdrawn_reason: report.withdrawn_reason,
    version: report.version,
    recipients: report.recipients,
    created_by: creator ? { id: creator.id, name: creator.name } : null,
    created_at: toApiTimestamp(report.created_at),
    updated_at: toApiTimestamp(report.updated_at),
  };
}

export const toReport = (named: NamedReport, attachments: UpdateReportAttachment[]): UpdateReport => ({
  ...toListItem(named),
  body: named.report.body,
  attachments,
});

export const toVersion = ({
  version,
  publisher,
}: Awaited<ReturnType<typeof versionsOf>>[number]): UpdateReportVersion => ({
  version: version.version,
  title: version.title,
  body: version.body,
  reason: version.reason,
  published_at: toApiTimestamp(version.published_at),
  published_by: publisher ? { id: publisher.id, name: publisher.name } : null,
});

export function toNewsItem(
  { report, opportunity, fund }: NamedReport,
  readAt: Date | null,
  attachments: UpdateReportAttachment[],
  whole: boolean,
): NewsItem {
  return {
    id: report.id,
    title: report.title,
    body: whole ? report.body : '',
    excerpt: excerptOf(report.body),
    opportunity: opportunity ? { id: opportunity.id, name: opportunity.name } : null,
    fund: fund ? { id: fund.id, name: fund.name } : null,
    // a live report always has it (a check)
    published_at: toApiTimestamp(report.published_at ?? report.created_at),
    version: report.version,
    corrected_at: toApiTimestampOrNull(report.corrected_at),
    attachments,
    read_at: toApiTimestampOrNull(readAt),
  };
}
