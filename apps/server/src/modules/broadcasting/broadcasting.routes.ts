import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { access } from '../../platform/auth/access';
import { forbidden } from '../../platform/http/errors';
import { requireUser } from '../../platform/http/kernel';
import { signChannel } from '../../platform/realtime/pusher-server';
import { mayListen } from './channels';

const authBody = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, { error: 'The :attribute field format is invalid.' }),
  channel_name: z.string().min(1).max(200),
});

/** The realtime endpoint and channel authorisation (API-CONTRACT.md §4). */
export function broadcastingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const app = { key: ctx.config.PUSHER_APP_KEY, secret: ctx.config.PUSHER_APP_SECRET };
  return async (api) => {
    api.get(
      '/app/:key',
      {
        websocket: true,
        config: { access: access.public },
        schema: {
          hide: true,
          params: z.object({ key: z.string() }),
          querystring: z.object({ protocol: z.string().optional() }).loose(),
        },
      },
      (socket, request) => {
        ctx.realtime.accept(socket, request.params.key, request.query.protocol);
      },
    );

    // pusher-js posts form-urlencoded; the Sanctum-style client posts JSON. Both paths, both bodies.
    for (const url of ['/broadcasting/auth', '/api/broadcasting/auth']) {
      api.post(
        url,
        {
          config: { access: access.authenticated },
          schema: {
            tags: ['Realtime'],
            summary: 'Sign a private channel subscription for the signed-in user',
            body: authBody,
            response: { 200: z.object({ auth: z.string() }) },
          },
        },
        async (request) => {
          const user = requireUser(request);
          if (!mayListen(user, request.body.channel_name)) throw forbidden();
          return { auth: signChannel(app, request.body.socket_id, request.body.channel_name) };
        },
      );
    }
  };
}
