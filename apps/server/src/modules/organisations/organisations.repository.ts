import { organisationMembersListQuery, organisationsListQuery } from '@portico/contracts';
import { and, count, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organisationLinks, organisations, users } from '../../db/schema';
import { escapeLike, exact, partial, planned } from '../../platform/list-query/drizzle';
import { childCount, createRecordRepository } from '../../platform/records/record-repository';

export type OrganisationRow = typeof organisations.$inferSelect;
export type OrganisationWithCount = OrganisationRow & { members_count: number };

const membersCount = childCount(organisationLinks, organisationLinks.organisation_id, organisations);

export const organisationsRepository = createRecordRepository({
  table: organisations,
  binding: {
    spec: organisationsListQuery,
    filters: {
      search: partial(organisations.name, organisations.email),
      type: exact(organisations.type),
    },
    sorts: { name: organisations.name, created_at: organisations.created_at },
    tiebreaker: organisations.id,
  },
  rows: async (db, plan): Promise<OrganisationWithCount[]> => {
    const select = db
      .select({ organisation: organisations, members_count: membersCount })
      .from(organisations);
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({ ...row.organisation, members_count: Number(row.members_count) }));
  },
});

/** A few organisations whose name contains the text, for the portal's picker. */
export async function organisationOptions(db: DbOrTx, text: string, limit: number) {
  return db
    .select({ id: organisations.id, name: organisations.name, type: organisations.type })
    .from(organisations)
    .where(ilike(organisations.name, `%${escapeLike(text)}%`))
    .orderBy(organisations.name, organisations.id)
    .limit(limit);
}

export interface MemberRow {
  link: typeof organisationLinks.$inferSelect;
  investor: { id: number; name: string; email: string };
}

/** An organisation's members (its links to investors): scoped to the organisation by `membersOf`. */
export const organisationMembersRepository = createRecordRepository({
  table: organisationLinks,
  binding: {
    spec: organisationMembersListQuery,
    filters: { search: partial(users.name, users.email), role: exact(organisationLinks.role) },
    sorts: { name: users.name, created_at: organisationLinks.created_at, role: organisationLinks.role },
    tiebreaker: organisationLinks.id,
  },
  rows: (db, plan): Promise<MemberRow[]> =>
    planned(
      db
        .select({ link: organisationLinks, investor: { id: users.id, name: users.name, email: users.email } })
        .from(organisationLinks)
        .innerJoin(users, eq(users.id, organisationLinks.user_id))
        .$dynamic(),
      plan,
    ),
  count: async (db, where) => {
    const [total] = await db
      .select({ value: count() })
      .from(organisationLinks)
      .innerJoin(users, eq(users.id, organisationLinks.user_id))
      .where(where);
    return total?.value ?? 0;
  },
});

export const membersOf = (organisationId: number) => eq(organisationLinks.organisation_id, organisationId);

export async function findMemberByUser(db: DbOrTx, organisationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(organisationLinks)
    .where(and(membersOf(organisationId), eq(organisationLinks.user_id, userId)));
  return row;
}
