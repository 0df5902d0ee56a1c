import {
  NOTIFICATION_EVENT,
  isSameSitePath,
  ROLES,
  type NotificationAudience,
  type NotificationData,
  type SendNotificationInput,
} from '@portico/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users, type NotificationRow, type UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { renderMail } from '../../platform/mail/templates';
import { userChannel } from '../broadcasting/channels';
import {
  insertForUsers,
  insertNotifications,
  listNotifications,
  markRead,
  USER_MODEL,
} from './notifications.repository';
import { mailSubject } from './mail-subject';

/** A notification before it is stored: its class name (as Laravel would write it) and its data. */
export interface Notice {
  type: string;
  audience: NotificationAudience;
  data: NotificationData;
}

const plain = (message: string) => message.replace(/\*\*/g, '');

/** What the broadcast carries: the data fields flat, with id, type and socket (API-CONTRACT.md §3). */
const broadcastPayload = (id: string, notice: Notice) => ({
  ...notice.data,
  id,
  type: notice.type,
  // Ours, beside Laravel's fields: which list (user or admin) the notification belongs to.
  audience: notice.audience,
  socket: null,
});

/**
 * The one way to notify anyone: store the notification, broadcast it on the user's private channel
 * once it is committed, and email a copy to users whose settings say so.
 */
export function createNotificationsService(ctx: AppContext) {
  const { db, config, mailer, realtime } = ctx;

  /** The email copy of a notice. */
  const noticeMail = (notice: Notice, greeting: string) =>
    renderMail(config.APP_NAME, {
      subject: `${config.APP_NAME}: ${mailSubject(plain(notice.data.message))}`,
      greeting,
      lines: [plain(notice.data.message)],
      action: { label: 'Open', url: `${config.APP_URL}${notice.data.cta}` },
      outro: ['You can turn these emails off in your profile.'],
    });

  /** Stores notices for users inside the caller's transaction; call `publish` after it commits. */
  async function record(tx: DbOrTx, recipients: UserRow[], notice: Notice): Promise<NotificationRow[]> {
    // Every notice, whoever writes it, links inside the app only (issue 8).
    if (!isSameSitePath(notice.data.cta))
      throw new Error(
        `A notification's cta must be a same-site path, not ${JSON.stringify(notice.data.cta)}.`,
      );
    const active = recipients.filter((user) => !user.deactivated_at);
    const rows = await insertNotifications(
      tx,
      active.map((user) => ({
        type: notice.type,
        notifiable_type: USER_MODEL,
        notifiable_id: user.id,
        audience: notice.audience,
        data: notice.data,
      })),
    );
    for (const user of active.filter((candidate) => candidate.notification_emails))
      await mailer.queue(tx, { to: user.email, ...noticeMail(notice, `Hello ${user.name},`) });
    return rows;
  }

  /**
   * A notice of its own to each of many users (a capital call: each their amount), in one insert inside the
   * caller's transaction; no email (the caller sends its own). Publish with `publishEach` after it commits.
   */
  async function recordEach(tx: DbOrTx, items: ReadonlyArray<{ user: UserRow; notice: Notice }>) {
    const active = items.filter((item) => !item.user.deactivated_at);
    for (const item of active)
      if (!isSameSitePath(item.notice.data.cta))
        throw new Error(
          `A notification's cta must be a same-site path, not ${JSON.stringify(item.notice.data.cta)}.`,
        );
    const rows = await insertNotifications(
      tx,
      active.map(({ user, notice }) => ({
        type: notice.type,
        notifiable_type: USER_MODEL,
        notifiable_id: user.id,
        audience: notice.audience,
        data: notice.data,
      })),
    );
    // each row with its own notice, matched by its user (one user may have several, in order)
    const queued = new Map<number, Notice[]>();
    for (const { user, notice } of active) queued.set(user.id, [...(queued.get(user.id) ?? []), notice]);
    return rows.map((row) => ({ row, notice: queued.get(row.notifiable_id)?.shift() ?? null }));
  }

  async function publish(rows: Array<{ id: string; userId: number }>, notice: Notice) {
    await realtime.broadcastMany(
      rows.map((row) => ({
        channel: userChannel(row.userId),
        event: NOTIFICATION_EVENT,
        data: broadcastPayload(row.id, notice),
      })),
    );
  }

  const published = (rows: NotificationRow[]) =>
    rows.map((row) => ({ id: row.id, userId: row.notifiable_id }));

  return {
    record,
    recordEach,
    publish: (rows: NotificationRow[], notice: Notice) => publish(published(rows), notice),
    /** Publishes what `recordEach` stored, each with its own notice, in one broadcast. */
    async publishEach(items: Awaited<ReturnType<typeof recordEach>>) {
      await realtime.broadcastMany(
        items.flatMap(({ row, notice }) =>
          notice
            ? [
                {
                  channel: userChannel(row.notifiable_id),
                  event: NOTIFICATION_EVENT,
                  data: broadcastPayload(row.id, notice),
                },
              ]
            : [],
        ),
      );
    },

    /** Notifies users in a transaction of its own. */
    async notify(recipients: UserRow[], notice: Notice) {
      const rows = await db.transaction((tx) => record(tx, recipients, notice));
      await publish(published(rows), notice);
      return rows.length;
    },

    /** Every active investor at once: one insert for the notifications and one for the emails. */
    async notifyAllInvestors(notice: Notice, tx: DbOrTx = db) {
      const investors = sql`${users.role_id} = ${ROLES.USER}`;
      const rows = await insertForUsers(
        tx,
        { type: notice.type, audience: notice.audience, data: notice.data },
        investors,
      );
      await mailer.queueToEach(
        tx,
        noticeMail(notice, 'Hello,'),
        sql`select email from users where role_id = ${ROLES.USER} and deactivated_at is null and notification_emails`,
      );
      return { rows, publish: () => publish(rows, notice) };
    },

    /** Staff with a permission hear about events that concern them (admin notifications). */
    async notifyStaff(filter: (user: UserRow) => boolean, notice: Omit<Notice, 'audience'>) {
      const staff = await db
        .select()
        .from(users)
        .where(and(sql`${users.role_id} <> ${ROLES.USER}`, isNull(users.deactivated_at)));
      return this.notify(staff.filter(filter), { ...notice, audience: 'admin' });
    },

    /** Staff write to investors: everyone, or chosen investors. */
    async sendMessage(actor: Actor, input: SendNotificationInput) {
      const notice: Notice = {
        type: 'App\\Notifications\\StaffMessage',
        audience: 'user',
        data: { message: input.message, cta: input.cta ?? '/investor', icon: 'default' },
      };
      if (input.recipients === 'all_investors') {
        const sent = await db.transaction(async (tx) => {
          const result = await this.notifyAllInvestors(notice, tx);
          await recordAudit(tx, actor, {
            action: 'notification.sent',
            subjectType: 'notification',
            subjectId: null,
            after: { recipients: 'all_investors', message: input.message, count: result.rows.length },
          });
          return result;
        });
        await sent.publish();
        return sent.rows.length;
      }
      const recipients = await db
        .select()
        .from(users)
        .where(and(inArray(users.id, input.user_ids ?? []), eq(users.role_id, ROLES.USER)));
      const rows = await db.transaction(async (tx) => {
        const stored = await record(tx, recipients, notice);
        await recordAudit(tx, actor, {
          action: 'notification.sent',
          subjectType: 'notification',
          subjectId: null,
          after: { recipients: recipients.map((user) => user.id), message: input.message },
        });
        return stored;
      });
      await publish(published(rows), notice);
      return rows.length;
    },

    list: (userId: number, audience: NotificationAudience, unreadOnly: boolean) =>
      listNotifications(db, userId, audience, { unreadOnly, limit: unreadOnly ? 1000 : 100 }),

    markRead: (userId: number, audience: NotificationAudience, id?: string) =>
      markRead(db, userId, audience, id),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
