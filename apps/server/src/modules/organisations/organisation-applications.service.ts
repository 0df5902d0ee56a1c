import {
  can,
  organisationApplicationsListQuery,
  parseListQuery,
  type createOrganisationApplicationInputSchema,
  type OrganisationApplication,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import type { Notice, NotificationsService } from '../notifications/notifications.service';
import { findUserById } from '../users/users.repository';
import {
  applicationsOf,
  decidePending,
  findApplication,
  findPendingDuplicate,
  insertApplication,
  listApplications,
  updateApplication,
} from './organisation-applications.repository';
import { toApplication } from './organisations.mapper';
import {
  findMemberByUser,
  organisationMembersRepository,
  organisationOptions,
  organisationsRepository,
} from './organisations.repository';
import type { OrganisationsService } from './organisations.service';

type ApplyInput = z.output<typeof createOrganisationApplicationInputSchema>;

const OPTIONS_LIMIT = 10;

/** What the application asks for, in a sentence's words. */
const targetName = (application: OrganisationApplication) =>
  application.organisation?.name ?? application.proposed_name ?? 'an organisation';

/**
 * Organisation applications (only with organisation links on): investors apply from the portal to join
 * an organisation or to create one; staff approve (the investor is linked) or reject with a reason.
 * Either way the investor is notified.
 */
export function createOrganisationApplicationsService(
  ctx: AppContext,
  organisations: OrganisationsService,
  notifications: NotificationsService,
) {
  const { db } = ctx;

  async function load(tx: DbOrTx, id: number) {
    const row = await findApplication(tx, id);
    if (!row) throw notFound('No organisation application with that id.');
    return row;
  }

  async function alreadyDecided(tx: DbOrTx, id: number) {
    const row = await load(tx, id);
    return fieldError('status', `This application has already been ${row.application.status}.`);
  }

  /** Stores the investor's notice with the decision; it is broadcast once the decision commits. */
  async function tellInvestor(tx: DbOrTx, userId: number, notice: Notice) {
    const investor = await findUserById(tx, userId);
    return notifications.record(tx, investor ? [investor] : [], notice);
  }

  return {
    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(organisationApplicationsListQuery, raw);
      const { rows, total } = await listApplications(db, query);
      return paginate(
        rows.map((row) => toApplication(row)),
        total,
        query,
        requestUrl,
      );
    },

    get: async (id: number) => toApplication(await load(db, id)),

    /** The signed-in investor's own applications, newest first. */
    mine: async (userId: number) => (await applicationsOf(db, userId)).map((row) => toApplication(row, true)),

    /** The portal's organisation picker: a few names containing what was typed (two characters or more). */
    async options(text: string) {
      if (text.length < 2) return [];
      return organisationOptions(db, text, OPTIONS_LIMIT);
    },

    async apply(user: UserRow, actor: Actor, input: ApplyInput) {
      const application = await db.transaction(async (tx) => {
        if (input.organisation_id != null) {
          const organisationId = input.organisation_id;
          if (!(await organisationsRepository.find(tx, organisationId)))
            throw fieldError('organisation_id', 'The selected organisation is invalid.');
          if (await findMemberByUser(tx, organisationId, user.id))
            throw fieldError('organisation_id', 'You are already a member of this organisation.');
          if (await findPendingDuplicate(tx, user.id, { organisationId }))
            throw fieldError('organisation_id', 'You have already applied to join this organisation.');
        } else if (
          input.proposed_name &&
          (await findPendingDuplicate(tx, user.id, { proposedName: input.proposed_name }))
        )
          throw fieldError('proposed_name', 'You have already proposed an organisation with this name.');
        const joining = input.organisation_id != null;
        const row = await insertApplication(tx, {
          user_id: user.id,
          organisation_id: joining ? input.organisation_id : null,
          proposed_name: joining ? null : input.proposed_name,
          proposed_type: joining ? null : (input.proposed_type ?? 'company'),
          registration_number: joining ? null : input.registration_number,
          role: input.role,
          message: input.message,
        });
        const created = toApplication(await load(tx, row.id));
        await recordAudit(tx, actor, {
          action: 'organisation_application.submitted',
          subjectType: 'investor',
          subjectId: user.id,
          after: {
            application_id: row.id,
            kind: created.kind,
            organisation: targetName(created),
            role: row.role,
          },
        });
        return created;
      });
      // Staff who look after investors hear of it (admin notifications).
      await notifications.notifyStaff((staff) => can(staff.role_id, 'investors', 'index'), {
        type: 'App\\Notifications\\OrganisationApplicationSubmitted',
        data: {
          message:
            application.kind === 'join'
              ? `**${user.name}** asked to join **${targetName(application)}**.`
              : `**${user.name}** proposed a new organisation, **${targetName(application)}**.`,
          cta: `/admin/investors/organisation-applications/${application.id}/details`,
          icon: 'default',
        },
      });
      return toApplication(await load(db, application.id), true);
    },

    /** Links the investor (creating the proposed organisation first) and tells them. */
    async approve(actor: Actor, id: number) {
      const { stored, notice } = await db.transaction(async (tx) => {
        const row = await load(tx, id);
        const { application } = row;
        if (application.status !== 'pending') throw await alreadyDecided(tx, id);
        let organisation = row.organisation?.id ? row.organisation : null;
        if (!organisation && !application.proposed_name)
          throw fieldError(
            'organisation_id',
            'The organisation this application asked to join no longer exists; reject it instead.',
          );
        if (!(await decidePending(tx, id, { status: 'approved', reason: null, reviewed_by: actor.userId })))
          throw await alreadyDecided(tx, id);
        if (!organisation && application.proposed_name) {
          const created = await organisations.insert(tx, actor, {
            name: application.proposed_name,
            type: application.proposed_type ?? 'company',
            registration_number: application.registration_number,
          });
          organisation = { id: created.id, name: created.name };
          await updateApplication(tx, id, { organisation_id: created.id });
        }
        if (!organisation) throw notFound();
        const existing = await findMemberByUser(tx, organisation.id, application.user_id);
        if (!existing)
          await organisations.link(tx, actor, organisation.id, application.user_id, application.role);
        else if (existing.role !== application.role) {
          await organisationMembersRepository.update(tx, existing.id, { role: application.role });
          await recordAudit(tx, actor, {
            action: 'organisation.member_updated',
            subjectType: 'organisation',
            subjectId: organisation.id,
            before: { member_id: existing.id, name: row.investor.name, role: existing.role },
            after: { member_id: existing.id, name: row.investor.name, role: application.role },
          });
        }
        await recordAudit(tx, actor, {
          action: 'organisation_application.approved',
          subjectType: 'investor',
          subjectId: application.user_id,
          after: { application_id: id, organisation: organisation.name, role: application.role },
        });
        const notice: Notice = {
          type: 'App\\Notifications\\OrganisationApplicationApproved',
          audience: 'user',
          data: {
            message: application.proposed_name
              ? `Your new organisation **${organisation.name}** was approved, and you are linked to it.`
              : `Your application to join **${organisation.name}** was approved.`,
            cta: `/investor/profile/organisation_${organisation.id}`,
            icon: 'default',
          },
        };
        return { stored: await tellInvestor(tx, application.user_id, notice), notice };
      });
      await notifications.publish(stored, notice);
      return toApplication(await load(db, id));
    },

    async reject(actor: Actor, id: number, reason: string) {
      const { stored, notice } = await db.transaction(async (tx) => {
        const row = await load(tx, id);
        if (!(await decidePending(tx, id, { status: 'rejected', reason, reviewed_by: actor.userId })))
          throw await alreadyDecided(tx, id);
        const application = toApplication(row);
        await recordAudit(tx, actor, {
          action: 'organisation_application.rejected',
          subjectType: 'investor',
          subjectId: row.application.user_id,
          after: { application_id: id, organisation: targetName(application), reason },
        });
        const notice: Notice = {
          type: 'App\\Notifications\\OrganisationApplicationRejected',
          audience: 'user',
          data: {
            message:
              application.kind === 'join'
                ? `Your application to join **${targetName(application)}** was not approved: ${reason}`
                : `Your proposed organisation **${targetName(application)}** was not approved: ${reason}`,
            cta: '/investor/profile/organisation-apply',
            icon: 'default',
          },
        };
        return { stored: await tellInvestor(tx, row.application.user_id, notice), notice };
      });
      await notifications.publish(stored, notice);
      return toApplication(await load(db, id));
    },
  };
}

export type OrganisationApplicationsService = ReturnType<typeof createOrganisationApplicationsService>;
