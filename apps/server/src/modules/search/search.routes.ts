import {
  can,
  dataOf,
  OPPORTUNITY_STATUSES,
  opportunityAdminPath,
  opportunityResource,
  ROLES,
  searchQuerySchema,
  searchResultSchema,
  type FeatureKey,
  type SearchResult,
} from '@portico/contracts';
import { and, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { contacts, opportunities, organisations, pipelineDeals, users } from '../../db/schema';
import { access } from '../../platform/auth/access';
import { requireUser } from '../../platform/http/kernel';
import { escapeLike } from '../../platform/list-query/drizzle';
import type { SubjectRegistry } from '../records/subjects';

const PER_KIND = 6;

/** A deal opens on its key information (spec §2.1: deals have no details page). */
export const dealSearchUrl = (id: number) => `/admin/investments/deals/${id}/key-information`;

/**
 * The admin header's one box, as you type: investors, contacts and organisations by name or email, deals
 * and opportunities by name or company; each kind only for roles that may list it (spec §6).
 */
export function searchRoutes(
  ctx: AppContext,
  subjects: SubjectRegistry,
  isEnabled: (feature: FeatureKey) => Promise<boolean>,
): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/api/search',
      {
        // Each kind is checked against the role below: a role that may list none of them finds nothing.
        config: { access: access.staff },
        schema: {
          tags: ['Search'],
          summary:
            'Find investors, contacts and organisations by name or email, deals and opportunities by name or company (two characters or more)',
          querystring: searchQuerySchema,
          response: { 200: dataOf(z.array(searchResultSchema)) },
        },
      },
      async (request) => {
        const q = request.query.q;
        if (q.length < 2) return { data: [] };
        const like = `%${escapeLike(q)}%`;
        // Closest first: names that start with the text, then the rest, alphabetically.
        const rank = (column: AnyPgColumn) =>
          sql`case when ${column} ilike ${`${escapeLike(q)}%`} then 0 else 1 end`;
        const roleId = requireUser(request).role_id;
        const crm = can(roleId, 'investors', 'index');
        // Opportunities at the stages whose resource (live or existing) the role may list.
        const stages = OPPORTUNITY_STATUSES.filter((stage) =>
          can(roleId, opportunityResource(stage), 'index'),
        );
        // Fund opportunities by funds_opportunity, and only while the funds feature is on (opportunityGuard).
        const fundOffers = can(roleId, 'funds_opportunity', 'index') && (await isEnabled('funds'));
        const offered = or(
          stages.length > 0
            ? and(isNull(opportunities.fund_id), inArray(opportunities.status, stages))
            : undefined,
          fundOffers ? isNotNull(opportunities.fund_id) : undefined,
        );
        const none = Promise.resolve([]);
        const [investors, leads, orgs, deals, offers] = await Promise.all([
          crm
            ? db
                .select({ id: users.id, name: users.name, email: users.email })
                .from(users)
                .where(
                  and(eq(users.role_id, ROLES.USER), or(ilike(users.name, like), ilike(users.email, like))),
                )
                .orderBy(rank(users.name), users.name)
                .limit(PER_KIND)
            : none,
          crm
            ? db
                .select({ id: contacts.id, name: contacts.name, email: contacts.email })
                .from(contacts)
                .where(or(ilike(contacts.name, like), ilike(contacts.email, like)))
                .orderBy(rank(contacts.name), contacts.name)
                .limit(PER_KIND)
            : none,
          crm
            ? db
                .select({ id: organisations.id, name: organisations.name, email: organisations.email })
                .from(organisations)
                .where(or(ilike(organisations.name, like), ilike(organisations.email, like)))
                .orderBy(rank(organisations.name), organisations.name)
                .limit(PER_KIND)
            : none,
          can(roleId, 'pipeline_deals', 'index')
            ? db
                .select({
                  id: pipelineDeals.id,
                  name: pipelineDeals.name,
                  company: pipelineDeals.company_name,
                })
                .from(pipelineDeals)
                .where(or(ilike(pipelineDeals.name, like), ilike(pipelineDeals.company_name, like)))
                .orderBy(rank(pipelineDeals.name), pipelineDeals.name, pipelineDeals.id)
                .limit(PER_KIND)
            : none,
          offered
            ? db
                .select({
                  id: opportunities.id,
                  name: opportunities.name,
                  company: opportunities.company_name,
                  status: opportunities.status,
                })
                .from(opportunities)
                .where(
                  and(offered, or(ilike(opportunities.name, like), ilike(opportunities.company_name, like))),
                )
                .orderBy(rank(opportunities.name), opportunities.name, opportunities.id)
                .limit(PER_KIND)
            : none,
        ]);
        const results = (
          type: SearchResult['type'],
          rows: Array<{ id: number; name: string; email: string | null }>,
        ) => rows.map((row) => ({ type, ...row, url: subjects.get(type).adminUrl(row.id) }));
        return {
          data: [
            ...results('investor', investors),
            ...results('contact', leads),
            ...results('organisation', orgs),
            // The company tells two deals of one name apart.
            ...deals.map((deal) => ({
              type: 'pipeline_deal' as const,
              id: deal.id,
              name: deal.name,
              email: null,
              detail: deal.company,
              url: dealSearchUrl(deal.id),
            })),
            ...offers.map((offer) => ({
              type: 'opportunity' as const,
              id: offer.id,
              name: offer.name,
              email: null,
              detail: offer.company,
              url: opportunityAdminPath(offer.id, offer.status),
            })),
          ],
        };
      },
    );
  };
}
