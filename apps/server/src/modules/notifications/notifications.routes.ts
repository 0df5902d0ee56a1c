import {
  dataOf,
  NOTIFICATION_AUDIENCES,
  notificationSchema,
  sendNotificationInputSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { notFound } from '../../platform/http/errors';
import { actorOf, requireUser } from '../../platform/http/kernel';
import { findNotification } from './notifications.repository';
import { toNotificationResource } from './notifications.mapper';
import type { NotificationsService } from './notifications.service';
import type { AppContext } from '../../context';

const list = { 200: dataOf(z.array(notificationSchema)) };
const noContent = { 204: z.null().describe('No content') };

/** spec §7: /api/notifications/{user|admin}[/unread], mark-read and mark-read/{id}. */
export function notificationsRoutes(ctx: AppContext, service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const audience of NOTIFICATION_AUDIENCES) {
      // Investors read their own under /user; staff under /admin.
      const rule = audience === 'user' ? access.authenticated : access.staff;
      const tags = ['Notifications'];
      const base = `/api/notifications/${audience}`;
      const who = audience === 'user' ? 'the signed-in user’s' : 'the signed-in staff member’s admin';

      for (const unreadOnly of [false, true])
        app.get(
          unreadOnly ? `${base}/unread` : base,
          {
            config: { access: rule },
            schema: {
              tags,
              summary: unreadOnly
                ? `Unread ${who} notifications (the count is data.length)`
                : `Latest ${who} notifications`,
              response: list,
            },
          },
          async (request) => {
            const rows = await service.list(requireUser(request).id, audience, unreadOnly);
            return { data: rows.map(toNotificationResource) };
          },
        );

      app.post(
        `${base}/mark-read/:id`,
        {
          config: { access: rule },
          schema: {
            tags,
            summary: 'Mark one notification read (once; again is harmless)',
            params: z.object({ id: z.uuid() }),
            response: noContent,
          },
        },
        async (request, reply) => {
          const user = requireUser(request);
          const updated = await service.markRead(user.id, audience, request.params.id);
          // Already read is fine; somebody else's (or no such) notification is not found.
          if (updated.length === 0 && !(await findNotification(ctx.db, user.id, audience, request.params.id)))
            throw notFound('No notification with that id.');
          return reply.code(204).send(null);
        },
      );

      app.post(
        `${base}/mark-read`,
        {
          config: { access: rule },
          schema: { tags, summary: 'Mark every notification read', response: noContent },
        },
        async (request, reply) => {
          await service.markRead(requireUser(request).id, audience);
          return reply.code(204).send(null);
        },
      );
    }

    app.post(
      '/api/notifications/send',
      {
        config: { access: access.permission('investors', 'update') },
        schema: {
          tags: ['Notifications'],
          summary: 'Send a message to investors: all of them, or chosen ones',
          body: sendNotificationInputSchema,
          response: { 202: dataOf(z.object({ sent: z.number().int() })) },
        },
      },
      async (request, reply) => {
        const sent = await service.sendMessage(actorOf(request), request.body);
        return reply.code(202).send({ data: { sent } });
      },
    );
  };
}
