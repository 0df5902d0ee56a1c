import { newsListQuery, parseListQuery } from '@portico/contracts';
import { notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import type { ReportKit } from './update-report-kit';
import { toNewsItem } from './update-reports.mapper';
import { attachmentsOf, findNews, listNews, markRead, unreadCount } from './update-reports.repository';

const NEWS_NOT_FOUND = 'No such report.';

/** The investor's news: the live reports they are a recipient of, read marks and each one's PDF. */
export function createReportNews(kit: ReportKit) {
  const { db, clock } = kit.ctx;

  return {
    async news(userId: number, rawQuery: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(newsListQuery, rawQuery);
      const { rows, total } = await listNews(db, userId, await kit.fundsOn(), query);
      const attachments = await kit.attachmentsById(
        db,
        rows.map((row) => row.report.id),
      );
      const data = rows.map((row) =>
        toNewsItem(row, row.read_at, attachments.get(row.report.id) ?? [], false),
      );
      return paginate(data, total, query, requestUrl);
    },

    async newsItem(userId: number, id: number) {
      const row = await findNews(db, userId, await kit.fundsOn(), id);
      if (!row) throw notFound(NEWS_NOT_FOUND);
      const attachments = (await kit.attachmentsById(db, [id])).get(id) ?? [];
      return toNewsItem(row, row.read_at, attachments, true);
    },

    async read(userId: number, id: number) {
      const row = await findNews(db, userId, await kit.fundsOn(), id);
      if (!row) throw notFound(NEWS_NOT_FOUND);
      const readAt = await markRead(db, userId, id, clock.now());
      const attachments = (await kit.attachmentsById(db, [id])).get(id) ?? [];
      return toNewsItem(row, readAt, attachments, true);
    },

    unread: async (userId: number) => ({ unread: await unreadCount(db, userId, await kit.fundsOn()) }),

    async newsPdf(userId: number, id: number) {
      const row = await findNews(db, userId, await kit.fundsOn(), id);
      if (!row) throw notFound(NEWS_NOT_FOUND);
      return kit.pdfOf(
        row,
        (await attachmentsOf(db, [id])).map((attachment) => attachment.name),
      );
    },
  };
}
