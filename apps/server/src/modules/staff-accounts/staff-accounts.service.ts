import {
  AUTH_MESSAGES,
  parseListQuery,
  ROLES,
  STAFF_MESSAGES,
  staffAccountsListQuery,
  type InviteStaffInput,
  type RoleId,
  type Terminology,
  type UpdateStaffInput,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate, pickFields } from '../../platform/list-query/paginator';
import type { AuthService } from '../auth/auth.service';
import { findUserByEmail, insertUser, updateUser } from '../users/users.repository';
import { toStaffAccount } from './staff-accounts.mapper';
import { findStaffById, listStaff } from './staff-accounts.repository';

/** What an audit row keeps of an account: the role by id and by the deployment's name for it. */
const snapshot = (row: UserRow, terms: Terminology) => ({
  name: row.name,
  email: row.email,
  role_id: row.role_id,
  role_name: terms[`role_${row.role_id as RoleId}`],
});

export function createStaffAccountsService(
  ctx: AppContext,
  auth: AuthService,
  terminology: () => Promise<Terminology>,
) {
  const { db } = ctx;
  const present = async (row: UserRow) => toStaffAccount(row, await terminology(), ['role_name']);

  async function load(tx: DbOrTx, id: number) {
    const row = await findStaffById(tx, id);
    if (!row) throw notFound('No staff account with that id.');
    return row;
  }

  /**
   * Only a Super Admin grants or takes away the Super Admin role. With the rule that nobody changes
   * or deactivates their own account, this also means an active Super Admin always remains.
   */
  function guardSuperAdminRole(actor: UserRow, from: number | undefined, to: number | undefined) {
    const touchesSuperAdmin = from === ROLES.SUPER_ADMIN || to === ROLES.SUPER_ADMIN;
    if (touchesSuperAdmin && from !== to && actor.role_id !== ROLES.SUPER_ADMIN)
      throw fieldError('role_id', 'Only a Super Admin can grant or remove the Super Admin role.');
  }

  return {
    async list(rawQuery: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(staffAccountsListQuery, rawQuery);
      const { rows, total } = await listStaff(db, query);
      const terms = await terminology();
      const data = rows.map((row) => pickFields(toStaffAccount(row, terms, query.append), query.fields));
      return paginate(data, total, query, requestUrl);
    },

    async get(id: number) {
      return present(await load(db, id));
    },

    async invite(
      actorUser: UserRow,
      actor: Actor,
      input: InviteStaffInput & { role_id: number; email: string },
    ) {
      guardSuperAdminRole(actorUser, undefined, input.role_id);
      // read before the transaction: on PGlite's one connection a read through db inside it would wait
      const terms = await terminology();
      const row = await db
        .transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
          const created = await insertUser(tx, {
            name: input.name.trim(),
            email: input.email,
            role_id: input.role_id,
            invited_at: new Date(),
            invited_by: actorUser.id,
          });
          await auth.sendInvitation(tx, created, actorUser.name);
          await recordAudit(tx, actor, {
            action: 'staff.invited',
            subjectType: 'user',
            subjectId: created.id,
            after: snapshot(created, terms),
          });
          return created;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('email', AUTH_MESSAGES.emailTaken);
          throw error;
        });
      return present(row);
    },

    async update(
      actorUser: UserRow,
      actor: Actor,
      id: number,
      input: UpdateStaffInput & { role_id?: number },
    ) {
      const terms = await terminology();
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        const roleChanges = input.role_id !== undefined && input.role_id !== before.role_id;
        if (roleChanges) {
          if (before.id === actorUser.id) throw fieldError('role_id', STAFF_MESSAGES.selfRole);
          guardSuperAdminRole(actorUser, before.role_id, input.role_id);
        }
        const after = await updateUser(tx, id, {
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(roleChanges ? { role_id: input.role_id } : {}),
        });
        await recordAudit(tx, actor, {
          action: 'staff.updated',
          subjectType: 'user',
          subjectId: id,
          before: snapshot(before, terms),
          after: snapshot(after, terms),
        });
        return after;
      });
      return present(row);
    },

    async deactivate(actorUser: UserRow, actor: Actor, id: number) {
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        if (before.id === actorUser.id) throw fieldError('id', STAFF_MESSAGES.self);
        if (before.deactivated_at) throw fieldError('id', STAFF_MESSAGES.alreadyDeactivated);
        guardSuperAdminRole(actorUser, before.role_id, undefined);
        const after = await updateUser(tx, id, { deactivated_at: new Date() });
        await recordAudit(tx, actor, {
          action: 'staff.deactivated',
          subjectType: 'user',
          subjectId: id,
          before: { name: before.name, deactivated_at: null },
          after: { name: after.name, deactivated_at: after.deactivated_at?.toISOString() },
        });
        return after;
      });
      await ctx.sessions.destroyForUser(id);
      return present(row);
    },

    async reactivate(actor: Actor, id: number) {
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, id);
        if (!before.deactivated_at) throw fieldError('id', STAFF_MESSAGES.notDeactivated);
        const after = await updateUser(tx, id, { deactivated_at: null });
        await recordAudit(tx, actor, {
          action: 'staff.reactivated',
          subjectType: 'user',
          subjectId: id,
          before: { name: before.name, deactivated_at: before.deactivated_at.toISOString() },
          after: { name: after.name, deactivated_at: null },
        });
        return after;
      });
      return present(row);
    },

    async resendInvitation(actorUser: UserRow, actor: Actor, id: number) {
      const row = await db.transaction(async (tx) => {
        const user = await load(tx, id);
        if (user.password || user.deactivated_at)
          throw fieldError('id', 'Only a pending invitation can be sent again.');
        await auth.sendInvitation(tx, user, actorUser.name);
        await recordAudit(tx, actor, {
          action: 'staff.invitation_resent',
          subjectType: 'user',
          subjectId: id,
          after: { name: user.name, email: user.email },
        });
        return user;
      });
      return present(row);
    },
  };
}

export type StaffAccountsService = ReturnType<typeof createStaffAccountsService>;
