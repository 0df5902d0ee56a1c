import {
  createOpportunityInvitationsInputSchema,
  dataOf,
  idParamsSchema,
  opportunityInvitationListSchema,
  opportunityTransitionInputSchema,
  opportunitySchema,
  pathIdSchema,
} from '@portico/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access';
import { alsoNeeds, needsAnyOf } from '../../platform/auth/route-rules';
import { actorOf, requireUser } from '../../platform/http/kernel';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { OpportunityLifecycleService } from './opportunity-lifecycle.service';

const tags = ['Opportunity lifecycle'];
const invitationParams = z.object({ id: pathIdSchema, invitationId: pathIdSchema });

/**
 * Invitations name investors (and change who is offered an opportunity): besides the opportunity's own
 * permission they need the `investors` right to list investors, which the Entrepreneur and the Custodian
 * do not have (spec §6).
 */
const investorsRight = alsoNeeds('investors', 'index');

/** Moving an opportunity between statuses, and who a Live - Internal one is offered to. */
export function opportunityLifecycleRoutes(
  service: OpportunityLifecycleService,
  opportunities: Pick<OpportunitiesService, 'getFor'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/opportunities/:id/transition',
      {
        // The resource depends on the opportunity (funds_opportunity for a fund's, else its stage's): the service checks
        // `update` on it once the row is read; a role with neither is refused before the body.
        config: { access: access.staff },
        onRequest: needsAnyOf(
          ['investment_opportunity_live', 'update'],
          ['investment_opportunity_existing', 'update'],
          ['funds_opportunity', 'update'],
        ),
        schema: {
          tags,
          summary: 'Move an opportunity to another status',
          description:
            'Allowed: Draft → Live - External or Live - Internal; External ⇄ Internal; Live → Closed; Closed → ' +
            'Live (reopen) or Completed; Completed → Matured. Any other move is a 422 on `status`. Going live ' +
            'needs name, company, target and maximum raise, minimum investment, share price, tax relief and a ' +
            'closing date in the future (a 422 lists each missing field). Needs `update` on ' +
            'investment_opportunity_live (stages 1–4) or investment_opportunity_existing (5–6). Answers the ' +
            'opportunity as GET /api/opportunities/{id} does.',
          params: idParamsSchema,
          body: opportunityTransitionInputSchema,
          response: { 200: dataOf(opportunitySchema) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await service.transition(actorOf(request), user.role_id, request.params.id, request.body.status, {
          allottedOn: request.body.allotted_on,
        });
        // The same record GET /api/opportunities/{id} answers, in its new status.
        return { data: await opportunities.getFor(user, request.params.id) };
      },
    );

    app.get(
      '/api/opportunities/:id/invitations',
      {
        config: { access: access.permission('investment_opportunity_live', 'show') },
        onRequest: investorsRight,
        schema: {
          tags,
          summary: 'The investors and client groups invited to the opportunity',
          params: idParamsSchema,
          response: { 200: opportunityInvitationListSchema },
        },
      },
      async (request) => ({ data: await service.invitations(request.params.id) }),
    );

    app.post(
      '/api/opportunities/:id/invitations',
      {
        config: { access: access.permission('investment_opportunity_live', 'update') },
        onRequest: investorsRight,
        schema: {
          tags,
          summary: 'Invite investors and client groups (those already invited stay)',
          description:
            'While the opportunity is Live - Internal each newly invited investor (a group’s members too) is ' +
            'notified at once; otherwise when it goes Live - Internal. Nobody is notified twice. Answers every ' +
            'invitation of the opportunity.',
          params: idParamsSchema,
          body: createOpportunityInvitationsInputSchema,
          response: { 200: opportunityInvitationListSchema },
        },
      },
      async (request) => ({
        data: await service.invite(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/opportunities/:id/invitations/:invitationId',
      {
        config: { access: access.permission('investment_opportunity_live', 'update') },
        onRequest: investorsRight,
        schema: {
          tags,
          summary: 'Withdraw an invitation',
          params: invitationParams,
          response: { 204: z.null().describe('No content') },
        },
      },
      async (request, reply) => {
        await service.removeInvitation(actorOf(request), request.params.id, request.params.invitationId);
        return reply.code(204).send(null);
      },
    );
  };
}
