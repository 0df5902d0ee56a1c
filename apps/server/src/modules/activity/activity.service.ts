import type { Activity, SubjectType } from '@portico/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { toApiTimestamp } from '../../platform/time';
import type { SubjectRegistry } from '../records/subjects';
import { describeActivity } from './activity.describe';
import { hiddenActivityPrefixes } from './activity.policy';

interface ActivityRow {
  id: string | number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor_id: string | number | null;
  actor_name: string | null;
  created_at: Date | string;
  total: string | number;
}

/**
 * A record's timeline, written from the audit trail (everything staff and the person did) and the
 * outbox (every email sent to them), newest first.
 */
export function createActivityService(ctx: AppContext, subjects: SubjectRegistry) {
  return {
    /** `roleId`: entries of an investment tab the reader's role may not open are left out (spec §6). */
    async list(
      type: SubjectType,
      id: number,
      roleId: number,
      page: number,
      perPage: number,
      requestUrl: string,
    ) {
      const definition = subjects.get(type);
      const subject = await definition.find(ctx.db, id);
      if (!subject) throw notFound();
      const hidden = hiddenActivityPrefixes(roleId, subject.area ?? definition.area);
      // An investor is also a user: auth events are recorded against the user.
      const types = type === 'investor' ? ['investor', 'user'] : [type];
      const result = await ctx.db.execute(sql`
        with entries as (
          select a.id, a.action, a.before, a.after, a.actor_id, a.created_at
          from audit_log a
          where a.subject_type in (${sql.join(
            types.map((value) => sql`${value}`),
            sql`, `,
          )}) and a.subject_id = ${id}${sql.join(
            hidden.map((prefix) => sql` and not starts_with(a.action, ${prefix})`),
          )}
          union all
          select -m.id, 'email.sent', null, jsonb_build_object('subject', m.subject), null, m.created_at
          from mail_outbox m
          where ${subject.email ?? ''} <> '' and m.to_address = ${subject.email ?? ''}
        )
        select entries.*, u.name as actor_name, count(*) over () as total
        from entries left join users u on u.id = entries.actor_id
        order by entries.created_at desc, entries.id desc
        limit ${perPage} offset ${(page - 1) * perPage}`);
      const rows = rowsOf<ActivityRow>(result);
      const data: Activity[] = rows.map((row) => ({
        id: Number(row.id) < 0 ? `mail-${-Number(row.id)}` : `audit-${Number(row.id)}`,
        action: row.action,
        description: describeActivity(row.action, row.before, row.after),
        actor:
          row.actor_id !== null && row.actor_name ? { id: Number(row.actor_id), name: row.actor_name } : null,
        created_at: toApiTimestamp(new Date(row.created_at)),
      }));
      const total = rows[0] ? Number(rows[0].total) : 0;
      return paginate(
        data,
        total,
        { page, perPage, filters: [], sort: [], include: [], fields: null, append: [] },
        requestUrl,
      );
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
