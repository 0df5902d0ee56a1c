import {
  isStaffRole,
  type DefaultInvestorAssociates,
  type updateDefaultInvestorAssociatesInputSchema,
} from '@portico/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  defaultInvestorAssociates,
  investorProfiles,
  organisationLinks,
  organisations,
  users,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { validationError } from '../../platform/http/errors';
import { toApiTimestampOrNull } from '../../platform/time';
import { findUserById } from '../users/users.repository';
import { featureOnIn } from './feature-in-transaction';

type UpdateInput = z.output<typeof updateDefaultInvestorAssociatesInputSchema>;

const adviser = alias(users, 'default_adviser');

async function readSettings(db: DbOrTx) {
  const [row] = await db
    .select({
      adviser_id: defaultInvestorAssociates.adviser_id,
      adviser_name: adviser.name,
      adviser_deactivated_at: adviser.deactivated_at,
      organisation_id: defaultInvestorAssociates.organisation_id,
      organisation_name: organisations.name,
      updated_at: defaultInvestorAssociates.updated_at,
    })
    .from(defaultInvestorAssociates)
    .leftJoin(adviser, eq(adviser.id, defaultInvestorAssociates.adviser_id))
    .leftJoin(organisations, eq(organisations.id, defaultInvestorAssociates.organisation_id))
    .where(eq(defaultInvestorAssociates.id, 1));
  return row;
}

const toResource = (row: Awaited<ReturnType<typeof readSettings>>): DefaultInvestorAssociates => ({
  adviser:
    row?.adviser_id != null && row.adviser_name !== null
      ? { id: row.adviser_id, name: row.adviser_name }
      : null,
  organisation:
    row?.organisation_id != null && row.organisation_name !== null
      ? { id: row.organisation_id, name: row.organisation_name }
      : null,
  updated_at: toApiTimestampOrNull(row?.updated_at),
});

/**
 * Default investor associates (issue 21, decision 032): the adviser (the investor's adviser_id) and the
 * organisation (an organisation link) every new investor gets while default_investor_associates is on, whether
 * they register or staff add them, in the transaction that creates them.
 */
export function createDefaultAssociatesService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async get(): Promise<DefaultInvestorAssociates> {
      return toResource(await readSettings(db));
    },

    async update(actor: Actor, input: UpdateInput): Promise<DefaultInvestorAssociates> {
      await db.transaction(async (tx) => {
        const errors: Record<string, string[]> = {};
        if (input.adviser_id !== null) {
          const person = await findUserById(tx, input.adviser_id);
          if (!person || !isStaffRole(person.role_id) || person.deactivated_at)
            errors.adviser_id = ['The default adviser must be an active staff member.'];
        }
        if (input.organisation_id !== null) {
          const [organisation] = await tx
            .select({ id: organisations.id })
            .from(organisations)
            .where(eq(organisations.id, input.organisation_id));
          if (!organisation) errors.organisation_id = ['The selected organisation is invalid.'];
        }
        if (Object.keys(errors).length > 0) throw validationError(errors);
        const before = toResource(await readSettings(tx));
        const values = {
          adviser_id: input.adviser_id,
          organisation_id: input.organisation_id,
          updated_by: actor.userId,
          updated_at: new Date(),
        };
        await tx
          .insert(defaultInvestorAssociates)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: defaultInvestorAssociates.id, set: values });
        const after = toResource(await readSettings(tx));
        await recordAudit(tx, actor, {
          action: 'settings.default_investor_associates_updated',
          subjectType: 'settings',
          subjectId: null,
          before: { adviser: before.adviser?.name ?? null, organisation: before.organisation?.name ?? null },
          after: { adviser: after.adviser?.name ?? null, organisation: after.organisation?.name ?? null },
        });
      });
      return this.get();
    },

    /**
     * Links a new investor to the defaults, in the caller's transaction, while the feature is on. An adviser the
     * staff member chose on creation is kept; a default adviser no longer active is skipped.
     */
    async linkNewInvestor(tx: DbOrTx, user: UserRow, actor: Actor) {
      if (!(await featureOnIn(tx, 'defaultInvestorAssociates'))) return;
      const settings = await readSettings(tx);
      if (!settings) return;
      const linked: Record<string, string> = {};
      if (
        settings.adviser_id !== null &&
        settings.adviser_name !== null &&
        !settings.adviser_deactivated_at
      ) {
        const set = await tx
          .update(investorProfiles)
          .set({ adviser_id: settings.adviser_id, updated_at: new Date() })
          .where(and(eq(investorProfiles.user_id, user.id), isNull(investorProfiles.adviser_id)))
          .returning({ user_id: investorProfiles.user_id });
        if (set.length > 0) linked.adviser = settings.adviser_name;
      }
      if (settings.organisation_id !== null && settings.organisation_name !== null) {
        const added = await tx
          .insert(organisationLinks)
          .values({ organisation_id: settings.organisation_id, user_id: user.id })
          .onConflictDoNothing()
          .returning({ id: organisationLinks.id });
        if (added.length > 0) linked.organisation = settings.organisation_name;
      }
      if (Object.keys(linked).length === 0) return;
      await recordAudit(tx, actor, {
        action: 'investor.default_associates_linked',
        subjectType: 'investor',
        subjectId: user.id,
        after: linked,
      });
    },
  };
}

export type DefaultAssociatesService = ReturnType<typeof createDefaultAssociatesService>;
