import { completionPreviewSchema, dataOf, idParamsSchema } from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { access } from '../../platform/auth/access';
import { notFound } from '../../platform/http/errors';
import { completionPreview } from './completion';
import { findOpportunity } from './opportunity-lifecycle.repository';

const tags = ['Opportunity lifecycle'];

/** What completing a round would do, shown in the confirmation before staff complete it (issue 18). */
export function completionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/opportunities/:id/completion',
      {
        config: { access: access.permission('investment_opportunity_live', 'update') },
        schema: {
          tags,
          summary: 'What completing the round today would do',
          description:
            'The paid investments that would be allotted, the commitments still unpaid (completion is refused ' +
            'while there are any), the earliest allotment date allowed (the last payment received) and today, ' +
            'the default; and the cancelled investments whose money was not refunded, which completion leaves ' +
            'as they are: staff are warned of them. Needs `update` on investment_opportunity_live.',
          params: idParamsSchema,
          response: { 200: dataOf(completionPreviewSchema) },
        },
      },
      async (request) => {
        const opportunity = await findOpportunity(ctx.db, request.params.id);
        if (!opportunity) throw notFound('No opportunity with that id.');
        return { data: await completionPreview(ctx.db, opportunity, ctx.clock.today()) };
      },
    );
  };
}
