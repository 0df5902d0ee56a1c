import { ROLES } from '@portico/contracts';
import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  clientGroupMembers,
  clientGroups,
  opportunities,
  opportunityInvitationNotices,
  opportunityInvitations,
  users,
  type OpportunityRow,
  type UserRow,
} from '../../db/schema';
import { childCount } from '../../platform/records/record-repository';

/** The opportunity, locked until the transaction ends: concurrent moves from one state wait here. */
export async function lockOpportunity(db: DbOrTx, id: number): Promise<OpportunityRow | undefined> {
  const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id)).for('update');
  return row;
}

export async function findOpportunity(db: DbOrTx, id: number): Promise<OpportunityRow | undefined> {
  const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id));
  return row;
}

export async function updateOpportunity(
  db: DbOrTx,
  id: number,
  values: Partial<typeof opportunities.$inferInsert>,
): Promise<OpportunityRow> {
  const [row] = await db
    .update(opportunities)
    .set({ ...values, updated_at: new Date() })
    .where(eq(opportunities.id, id))
    .returning();
  if (!row) throw new Error(`opportunity ${id} vanished while locked`);
  return row;
}

const inviter = aliasedTable(users, 'inviter');
const membersCount = childCount(clientGroupMembers, clientGroupMembers.client_group_id, clientGroups);

export interface InvitationRow {
  invitation: typeof opportunityInvitations.$inferSelect;
  investor: { id: number; name: string; email: string } | null;
  group: { id: number; name: string; members_count: number } | null;
  invitedBy: { id: number; name: string } | null;
}

/** An opportunity's invitations: groups first, then investors, each by name. */
export async function listInvitations(db: DbOrTx, opportunityId: number, ids?: number[]) {
  const rows = await db
    .select({
      invitation: opportunityInvitations,
      investor_id: users.id,
      investor_name: users.name,
      investor_email: users.email,
      group_id: clientGroups.id,
      group_name: clientGroups.name,
      members_count: membersCount,
      inviter_id: inviter.id,
      inviter_name: inviter.name,
    })
    .from(opportunityInvitations)
    .leftJoin(users, eq(users.id, opportunityInvitations.user_id))
    .leftJoin(clientGroups, eq(clientGroups.id, opportunityInvitations.client_group_id))
    .leftJoin(inviter, eq(inviter.id, opportunityInvitations.invited_by))
    .where(
      and(
        eq(opportunityInvitations.opportunity_id, opportunityId),
        ids ? inArray(opportunityInvitations.id, ids) : undefined,
      ),
    )
    .orderBy(
      desc(isNotNull(opportunityInvitations.client_group_id)),
      asc(sql`lower(coalesce(${clientGroups.name}, ${users.name}))`),
      asc(opportunityInvitations.id),
    );
  return rows.map((row): InvitationRow => ({
    invitation: row.invitation,
    investor:
      row.investor_id !== null && row.investor_name !== null && row.investor_email !== null
        ? { id: row.investor_id, name: row.investor_name, email: row.investor_email }
        : null,
    group:
      row.group_id !== null && row.group_name !== null
        ? { id: row.group_id, name: row.group_name, members_count: Number(row.members_count) }
        : null,
    invitedBy:
      row.inviter_id !== null && row.inviter_name !== null
        ? { id: row.inviter_id, name: row.inviter_name }
        : null,
  }));
}

export async function findInvitation(db: DbOrTx, opportunityId: number, invitationId: number) {
  const [row] = await listInvitations(db, opportunityId, [invitationId]);
  return row;
}

export async function deleteInvitation(db: DbOrTx, invitationId: number) {
  await db.delete(opportunityInvitations).where(eq(opportunityInvitations.id, invitationId));
}

/** Invites investors and groups; those already invited stay as they are. Answers the new invitations' ids. */
export async function insertInvitations(
  db: DbOrTx,
  opportunityId: number,
  invitedBy: number | null,
  invitees: { userIds: number[]; groupIds: number[] },
): Promise<number[]> {
  const values = [
    ...invitees.groupIds.map((client_group_id) => ({ client_group_id })),
    ...invitees.userIds.map((user_id) => ({ user_id })),
  ].map((invitee) => ({ ...invitee, opportunity_id: opportunityId, invited_by: invitedBy }));
  if (values.length === 0) return [];
  const rows = await db
    .insert(opportunityInvitations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: opportunityInvitations.id });
  return rows.map((row) => row.id);
}

export async function findGroups(db: DbOrTx, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ id: clientGroups.id, name: clientGroups.name })
    .from(clientGroups)
    .where(inArray(clientGroups.id, groupIds));
}

export async function findUsers(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, role_id: users.role_id })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Whole user rows (to notify them). */
export async function findUserRows(db: DbOrTx, userIds: number[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, userIds));
}

/** Active investors invited to the opportunity, directly or as members of an invited group (once each). */
const invitedInvestorIds = (opportunityId: number) => sql`
  select ${opportunityInvitations.user_id} from ${opportunityInvitations}
  where ${opportunityInvitations.opportunity_id} = ${opportunityId} and ${opportunityInvitations.user_id} is not null
  union
  select ${clientGroupMembers.user_id} from ${clientGroupMembers}
  join ${opportunityInvitations} on ${opportunityInvitations.client_group_id} = ${clientGroupMembers.client_group_id}
  where ${opportunityInvitations.opportunity_id} = ${opportunityId}`;

/**
 * Marks as told every invited investor not told yet (only those among `onlyUserIds`, when given), and
 * answers them: the primary key of the notices makes this at most once per investor and opportunity,
 * even when two requests race.
 */
export async function claimNotices(
  db: DbOrTx,
  opportunityId: number,
  onlyUserIds?: number[],
): Promise<UserRow[]> {
  if (onlyUserIds?.length === 0) return [];
  const candidates = and(
    sql`${users.id} in (${invitedInvestorIds(opportunityId)})`,
    eq(users.role_id, ROLES.USER),
    isNull(users.deactivated_at),
    onlyUserIds ? inArray(users.id, onlyUserIds) : undefined,
  );
  const claimed = await db
    .insert(opportunityInvitationNotices)
    .select(
      db
        .select({
          opportunity_id: sql<number>`${opportunityId}::bigint`.as('opportunity_id'),
          user_id: users.id,
          notified_at: sql<Date>`now()`.as('notified_at'),
        })
        .from(users)
        .where(candidates),
    )
    .onConflictDoNothing()
    .returning({ user_id: opportunityInvitationNotices.user_id });
  if (claimed.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((row) => row.user_id),
      ),
    );
}

/** Stamps the invitations whose investors have now been told. */
export async function stampNotified(db: DbOrTx, opportunityId: number, at: Date) {
  await db
    .update(opportunityInvitations)
    .set({ notified_at: at })
    .where(
      and(
        eq(opportunityInvitations.opportunity_id, opportunityId),
        isNull(opportunityInvitations.notified_at),
      ),
    );
}

/** The Live - Internal opportunities a group is invited to. */
export async function liveInternalOpportunitiesOfGroup(db: DbOrTx, groupId: number, status: number) {
  return db
    .select({ id: opportunities.id, name: opportunities.name, slug: opportunities.slug })
    .from(opportunities)
    .innerJoin(opportunityInvitations, eq(opportunityInvitations.opportunity_id, opportunities.id))
    .where(and(eq(opportunityInvitations.client_group_id, groupId), eq(opportunities.status, status)));
}
