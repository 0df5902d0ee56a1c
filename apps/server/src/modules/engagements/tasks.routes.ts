import { taskListSchema, tasksListQuery } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access';
import { requireUser } from '../../platform/http/kernel';
import { listQuerySchema, requestUrl } from '../../platform/list-query/http';
import type { EngagementsService } from './engagements.service';

/** "My tasks" on /admin, and (with investors.index) everyone's tasks. */
export function tasksRoutes(service: EngagementsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/tasks',
      {
        config: { access: access.staff },
        schema: {
          tags: ['Tasks'],
          summary: 'Tasks across records: by default the signed-in staff member’s',
          description:
            'Filters: assignee (me, or a user id: needs investors.index), status (open, done, overdue), subject_type, search (title). Sorts: due_at (default), created_at, title.',
          querystring: listQuerySchema(tasksListQuery),
          response: { 200: taskListSchema },
        },
      },
      async (request) => service.listTasks(requireUser(request), request.query, requestUrl(request)),
    );
  };
}
