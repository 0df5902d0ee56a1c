import { outboxListQuery, parseListQuery, type OutboxMail } from '@portico/contracts';
import type { AppContext } from '../../context';
import type { mailOutbox } from '../../db/schema';
import { notFound } from '../../platform/http/errors';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { findMail, listMail } from './outbox.repository';

type MailRow = typeof mailOutbox.$inferSelect;
const HIDDEN = '[link hidden: it was emailed to the recipient]';

/**
 * The outbox, read by staff. Once mail is really sent (SMTP), links in sensitive mail (password reset,
 * invitation) are hidden, so that reading the outbox never lets staff take over an account.
 */
export function createOutboxService(ctx: AppContext) {
  const hide = (row: MailRow, text: string) =>
    ctx.mailer.sends && row.sensitive ? text.replace(/https?:\/\/[^\s"<]+/g, HIDDEN) : text;

  const toResource = (row: MailRow): OutboxMail => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: hide(row, row.text_body),
    html: hide(row, row.html_body),
    status: row.status,
    error: row.error,
    sent_at: toApiTimestampOrNull(row.sent_at),
    created_at: toApiTimestamp(row.created_at),
  });

  return {
    async list(rawQuery: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(outboxListQuery, rawQuery);
      const { rows, total } = await listMail(ctx.db, query);
      return paginate(
        rows.map((row) => pickFields(toResource(row), query.fields)),
        total,
        query,
        requestUrl,
      );
    },
    async get(id: number) {
      const row = await findMail(ctx.db, id);
      if (!row) throw notFound('No email with that id.');
      return toResource(row);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
