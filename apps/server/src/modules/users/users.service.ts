import type { z } from 'zod';
import { ROLES, type updateUserInputSchema } from '@portico/contracts';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError } from '../../platform/http/errors';
import { refreshOnboardingState } from '../investors/investors.repository';
import { loadUserIncludes } from './users.includes';
import { updateUser, type UserPatch } from './users.repository';

export type UserChanges = z.output<typeof updateUserInputSchema>;

export function createUsersService(ctx: AppContext, currentTermsVersion: () => Promise<number>) {
  return {
    /** The relations GET /api/user was asked to include, the user's own only. */
    includes: (user: UserRow, names: readonly string[]) => loadUserIncludes(ctx.db, user, names),

    /** A user changes their own record: accept the terms, rename, choose notification emails. */
    async updateSelf(user: UserRow, actor: Actor, input: UserChanges) {
      const patch: UserPatch = {};
      if (input.accepted_terms_version !== undefined) {
        const current = await currentTermsVersion();
        if (input.accepted_terms_version > current)
          throw fieldError(
            'accepted_terms_version',
            `The accepted terms version must not be greater than the current version (${current}).`,
          );
        patch.accepted_terms_version = input.accepted_terms_version;
      }
      if (input.notification_emails !== undefined) patch.notification_emails = input.notification_emails;
      if (input.name !== undefined) patch.name = input.name;
      return ctx.db.transaction(async (tx) => {
        const updated = await updateUser(tx, user.id, patch);
        await recordAudit(tx, actor, {
          action: patch.accepted_terms_version !== undefined ? 'user.terms_accepted' : 'user.updated',
          subjectType: 'user',
          subjectId: user.id,
          before: {
            accepted_terms_version: user.accepted_terms_version,
            notification_emails: user.notification_emails,
            name: user.name,
          },
          after: {
            accepted_terms_version: updated.accepted_terms_version,
            notification_emails: updated.notification_emails,
            name: updated.name,
          },
        });
        // Accepting the terms is an onboarding step (ready to invest needs the current version).
        if (patch.accepted_terms_version !== undefined && updated.role_id === ROLES.USER)
          await refreshOnboardingState(tx, user.id);
        return updated;
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
