import { clientGroupMembersListQuery, clientGroupsListQuery, type ParsedListQuery } from '@portico/contracts';
import { and, count, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  clientGroupMembers,
  clientGroups,
  opportunities,
  opportunityInvitations,
  users,
} from '../../db/schema';
import { buildListQuery, partial, planned, type ListQueryBinding } from '../../platform/list-query/drizzle';
import { childCount, createRecordRepository } from '../../platform/records/record-repository';

export type ClientGroupRecord = typeof clientGroups.$inferSelect;
export type ClientGroupWithCounts = ClientGroupRecord & { members_count: number; invitations_count: number };

const membersCount = childCount(clientGroupMembers, clientGroupMembers.client_group_id, clientGroups);
const invitationsCount = childCount(
  opportunityInvitations,
  opportunityInvitations.client_group_id,
  clientGroups,
);

export const clientGroupsRepository = createRecordRepository({
  table: clientGroups,
  binding: {
    spec: clientGroupsListQuery,
    filters: { search: partial(clientGroups.name, clientGroups.description) },
    sorts: { name: clientGroups.name, members_count: membersCount, created_at: clientGroups.created_at },
    tiebreaker: clientGroups.id,
  },
  rows: async (db, plan): Promise<ClientGroupWithCounts[]> => {
    const select = db
      .select({ group: clientGroups, members_count: membersCount, invitations_count: invitationsCount })
      .from(clientGroups);
    const rows = await planned(select.$dynamic(), plan);
    return rows.map((row) => ({
      ...row.group,
      members_count: Number(row.members_count),
      invitations_count: Number(row.invitations_count),
    }));
  },
});

export interface MemberRow {
  member: typeof clientGroupMembers.$inferSelect;
  investor: { id: number; name: string; email: string };
}

const memberRows = (db: DbOrTx) =>
  db
    .select({ member: clientGroupMembers, investor: { id: users.id, name: users.name, email: users.email } })
    .from(clientGroupMembers)
    .innerJoin(users, eq(users.id, clientGroupMembers.user_id));

const memberBinding: ListQueryBinding<typeof clientGroupMembersListQuery> = {
  spec: clientGroupMembersListQuery,
  filters: { search: partial(users.name, users.email) },
  sorts: { name: users.name, created_at: clientGroupMembers.created_at },
  tiebreaker: users.id,
};

/** A page of a group's members and their total (a member is the pair group, investor: no id of its own). */
export async function listMembers(db: DbOrTx, groupId: number, query: ParsedListQuery) {
  const plan = buildListQuery(memberBinding, query);
  const where = and(membersOf(groupId), plan.where);
  const rows: MemberRow[] = await planned(memberRows(db).$dynamic(), { ...plan, where });
  const [total] = await db
    .select({ value: count() })
    .from(clientGroupMembers)
    .innerJoin(users, eq(users.id, clientGroupMembers.user_id))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export const membersOf = (groupId: number) => eq(clientGroupMembers.client_group_id, groupId);

export async function findMembers(db: DbOrTx, groupId: number, userIds: number[]): Promise<MemberRow[]> {
  if (userIds.length === 0) return [];
  return memberRows(db)
    .where(and(membersOf(groupId), inArray(clientGroupMembers.user_id, userIds)))
    .orderBy(users.name, users.id);
}

/** Of the ids given, the users that exist, with their role (to tell investors from others). */
export async function findUsersByIds(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, role_id: users.role_id })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Adds investors to a group; those already in stay as they are. Answers the ids newly added. */
export async function insertMembers(db: DbOrTx, groupId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(clientGroupMembers)
    .values(userIds.map((user_id) => ({ client_group_id: groupId, user_id })))
    .onConflictDoNothing()
    .returning({ user_id: clientGroupMembers.user_id });
  return rows.map((row) => row.user_id);
}

export async function deleteMember(db: DbOrTx, groupId: number, userId: number) {
  await db.delete(clientGroupMembers).where(and(membersOf(groupId), eq(clientGroupMembers.user_id, userId)));
}

/** The names of the opportunities not yet completed (stages 1–4) that a group is invited to. */
export async function openOpportunitiesOfGroup(db: DbOrTx, groupId: number): Promise<string[]> {
  const rows = await db
    .select({ name: opportunities.name })
    .from(opportunityInvitations)
    .innerJoin(opportunities, eq(opportunities.id, opportunityInvitations.opportunity_id))
    .where(and(eq(opportunityInvitations.client_group_id, groupId), lte(opportunities.status, 4)))
    .orderBy(opportunities.name);
  return rows.map((row) => row.name);
}

export async function roleOf(db: DbOrTx, userId: number | null): Promise<number | null> {
  if (userId === null) return null;
  const [row] = await db.select({ role_id: users.role_id }).from(users).where(eq(users.id, userId));
  return row?.role_id ?? null;
}
