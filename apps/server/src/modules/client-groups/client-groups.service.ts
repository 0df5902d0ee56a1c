import {
  CLIENT_GROUP_COLUMNS,
  clientGroupMembersListQuery,
  can,
  parseListQuery,
  ROLES,
  type addClientGroupMembersInputSchema,
  type ClientGroup,
  type ClientGroupColumnKey,
  type createClientGroupInputSchema,
  type FieldErrors,
  type updateClientGroupInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, HttpError, notFound, validationError } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { givenFields } from '../../platform/records/changed-fields';
import { createRecordService } from '../../platform/records/record-service';
import { purgeRecordParts } from '../records/records.repository';
import type { SubjectDefinition } from '../records/subjects';
import { toClientGroup, toMember } from './client-groups.mapper';
import {
  clientGroupsRepository,
  deleteMember,
  findMembers,
  findUsersByIds,
  insertMembers,
  listMembers,
  openOpportunitiesOfGroup,
  roleOf,
} from './client-groups.repository';

type CreateInput = z.output<typeof createClientGroupInputSchema>;
type UpdateInput = z.output<typeof updateClientGroupInputSchema>;
type MembersInput = z.output<typeof addClientGroupMembersInputSchema>;

const FIELDS = ['name', 'description'] as const;

/** Runs once the change that asked for it has committed (a live notification's broadcast). */
export type AfterCommit = () => Promise<void>;

/**
 * Told of investors newly added to a group, in the transaction that adds them (the invitations of the
 * opportunities the group is invited to notify them).
 */
export type MembersAddedListener = (
  tx: DbOrTx,
  actor: Actor,
  groupId: number,
  userIds: number[],
) => Promise<AfterCommit | undefined>;

const cell = (group: ClientGroup, key: ClientGroupColumnKey) =>
  key === 'created_at' ? new Date(group.created_at) : group[key];

/**
 * A group invited to an opportunity not yet completed is its guest list: changing its members changes who
 * may see (and is told of) the opportunity, which is inviting, so it needs what inviting needs
 * (`investment_opportunity_live` update) besides the `investors` right of the route.
 */
async function requireInviteRight(tx: DbOrTx, actor: Actor, groupId: number) {
  const invitedTo = await openOpportunitiesOfGroup(tx, groupId);
  if (invitedTo.length === 0) return;
  if (can(await roleOf(tx, actor.userId), 'investment_opportunity_live', 'update')) return;
  throw new HttpError(
    403,
    `This group is invited to ${invitedTo.join(', ')}: changing its members changes who is offered ${invitedTo.length === 1 ? 'it' : 'them'}, which your role may not do.`,
    'FORBIDDEN',
  );
}

/** Client groups (DOMAIN.md, People): named groups of investors, invited to opportunities at once. */
export function createClientGroupsService(ctx: AppContext) {
  const { db } = ctx;
  const listeners: MembersAddedListener[] = [];

  const records = createRecordService(ctx, {
    repository: clientGroupsRepository,
    auditType: 'client_group',
    notFound: 'No client group with that id.',
    present: toClientGroup,
    insert: (input: CreateInput) => ({ ...givenFields(input, FIELDS), name: input.name }),
    patch: (input: UpdateInput) => givenFields(input, FIELDS),
    export: { columns: CLIENT_GROUP_COLUMNS, sheetName: 'Client groups', cells: () => cell },
    purge: (tx, id) => purgeRecordParts(tx, 'client_group', id),
    conflict: () => fieldError('name', 'A client group with this name already exists.'),
  });
  const { load } = records;

  const subject: SubjectDefinition = {
    type: 'client_group',
    async find(tx, id) {
      const row = await clientGroupsRepository.find(tx, id);
      return row ? { id: row.id, name: row.name, email: null } : undefined;
    },
    adminUrl: (id) => `/admin/investors/client-groups/${id}/details`,
    notesUrl: (id) => `/admin/investors/client-groups/${id}/details`,
  };

  /** The investors among the ids, in order; a 422 on each id that is not one. */
  async function requireInvestors(tx: DbOrTx, userIds: number[]) {
    const found = new Map((await findUsersByIds(tx, userIds)).map((user) => [user.id, user]));
    const errors: FieldErrors = {};
    userIds.forEach((userId, index) => {
      const user = found.get(userId);
      if (!user) errors[`user_ids.${index}`] = ['The selected investor does not exist.'];
      else if (user.role_id !== ROLES.USER)
        errors[`user_ids.${index}`] = [`${user.name} is not an investor: only investors join client groups.`];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return userIds.map((userId) => found.get(userId)).filter((user) => user !== undefined);
  }

  return {
    ...records,
    subject,

    onMembersAdded(listener: MembersAddedListener) {
      listeners.push(listener);
    },

    async members(id: number, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(clientGroupMembersListQuery, raw);
      await load(db, id);
      const { rows, total } = await listMembers(db, id, query);
      return paginate(rows.map(toMember), total, query, requestUrl);
    },

    /** Adds investors (idempotent: those already in stay); answers the members given, added or not. */
    async addMembers(actor: Actor, id: number, input: MembersInput) {
      const userIds = [...new Set(input.user_ids)];
      const afterCommit = await db.transaction(async (tx) => {
        const group = await load(tx, id);
        await requireInviteRight(tx, actor, id);
        const investors = await requireInvestors(tx, userIds);
        const added = new Set(await insertMembers(tx, id, userIds));
        if (added.size === 0) return [];
        const names = investors.filter((investor) => added.has(investor.id)).map((investor) => investor.name);
        await recordAudit(tx, actor, {
          action: 'client_group.members_added',
          subjectType: 'client_group',
          subjectId: id,
          after: { group: group.name, user_ids: [...added], names, count: added.size },
        });
        const pending: AfterCommit[] = [];
        for (const listener of listeners) {
          const next = await listener(tx, actor, id, [...added]);
          if (next) pending.push(next);
        }
        return pending;
      });
      for (const run of afterCommit) await run();
      return (await findMembers(db, id, userIds)).map(toMember);
    },

    async removeMember(actor: Actor, id: number, userId: number) {
      await db.transaction(async (tx) => {
        const group = await load(tx, id);
        await requireInviteRight(tx, actor, id);
        const [member] = await findMembers(tx, id, [userId]);
        if (!member) throw notFound('That investor is not a member of this client group.');
        await deleteMember(tx, id, userId);
        await recordAudit(tx, actor, {
          action: 'client_group.member_removed',
          subjectType: 'client_group',
          subjectId: id,
          before: { group: group.name, user_id: userId, name: member.investor.name },
        });
      });
    },
  };
}

export type ClientGroupsService = ReturnType<typeof createClientGroupsService>;
