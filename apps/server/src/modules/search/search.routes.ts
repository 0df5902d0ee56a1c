import { dataOf, ROLES, searchQuerySchema, searchResultSchema, type SearchResult } from '@portico/contracts';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { contacts, organisations, users } from '../../db/schema';
import { access } from '../../platform/auth/access';
import { escapeLike } from '../../platform/list-query/drizzle';
import type { SubjectRegistry } from '../records/subjects';

const PER_KIND = 6;

/** The admin header's one box: investors, contacts and organisations by name or email, as you type. */
export function searchRoutes(ctx: AppContext, subjects: SubjectRegistry): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/api/search',
      {
        config: { access: access.permission('investors', 'index') },
        schema: {
          tags: ['Search'],
          summary: 'Find investors, contacts and organisations by name or email (two characters or more)',
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
        const [investors, leads, orgs] = await Promise.all([
          db
            .select({ id: users.id, name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.role_id, ROLES.USER), or(ilike(users.name, like), ilike(users.email, like))))
            .orderBy(rank(users.name), users.name)
            .limit(PER_KIND),
          db
            .select({ id: contacts.id, name: contacts.name, email: contacts.email })
            .from(contacts)
            .where(or(ilike(contacts.name, like), ilike(contacts.email, like)))
            .orderBy(rank(contacts.name), contacts.name)
            .limit(PER_KIND),
          db
            .select({ id: organisations.id, name: organisations.name, email: organisations.email })
            .from(organisations)
            .where(or(ilike(organisations.name, like), ilike(organisations.email, like)))
            .orderBy(rank(organisations.name), organisations.name)
            .limit(PER_KIND),
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
          ],
        };
      },
    );
  };
}
