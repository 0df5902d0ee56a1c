import {
  can,
  canTransition,
  isOpportunityStatus,
  OPPORTUNITY_STATUS,
  opportunityGuard,
  ROLES,
  type createOpportunityInvitationsInputSchema,
  type FieldErrors,
  type OpportunityInvitation,
  type OpportunityStatus,
  type Terminology,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { NotificationRow, OpportunityRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, forbidden, notFound, validationError } from '../../platform/http/errors';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { AfterCommit } from '../client-groups/client-groups.service';
import { listDocuments } from '../documents/documents.repository';
import { awaitingHoldersOf } from '../pre-emption/pre-emption.notices';
import type { NotificationsService, Notice } from '../notifications/notifications.service';
import {
  claimNotices,
  deleteInvitation,
  findGroups,
  findInvitation,
  findOpportunity,
  findUsers,
  findUserRows,
  insertInvitations,
  listInvitations,
  liveInternalOpportunitiesOfGroup,
  lockOpportunity,
  stampNotified,
  updateOpportunity,
  type InvitationRow,
} from './opportunity-lifecycle.repository';
import { allotmentMessage, completeRound, type Allotment } from './completion';
import {
  goLiveErrors,
  invitationMessage,
  refusedMove,
  statusLabel,
  withArticle,
} from './opportunity-lifecycle.words';

type InviteInput = z.output<typeof createOpportunityInvitationsInputSchema>;

const NOT_FOUND = 'No opportunity with that id.';
const LIVE: readonly OpportunityStatus[] = [
  OPPORTUNITY_STATUS.LIVE_EXTERNAL,
  OPPORTUNITY_STATUS.LIVE_INTERNAL,
];
/** Invitations belong to an offer still being made: not to a completed or matured one. */
const INVITABLE: readonly number[] = [1, 2, 3, 4];

function toInvitation(row: InvitationRow): OpportunityInvitation {
  return {
    id: row.invitation.id,
    opportunity_id: row.invitation.opportunity_id,
    kind: row.group ? 'client_group' : 'investor',
    investor: row.investor,
    client_group: row.group,
    invited_by: row.invitedBy,
    created_at: toApiTimestamp(row.invitation.created_at),
    notified_at: toApiTimestampOrNull(row.invitation.notified_at),
  };
}

/** The columns a move stamps: when the opportunity was first published, closed, completed or matured. */
function stampsOf(to: OpportunityStatus, row: OpportunityRow, now: Date): Partial<OpportunityRow> {
  switch (to) {
    case 1:
      return {};
    case 2:
    case 3:
      // Reopened: no longer closed; published keeps the first time it went live.
      return { published_at: row.published_at ?? now, closed_at: null };
    case 4:
      return { closed_at: now };
    case 5:
      return { completed_at: now };
    case 6:
      return { matured_at: now };
  }
}

/**
 * An opportunity's moves between statuses (issue 10, spec §4) and who a Live - Internal one is offered
 * to: invited investors and client groups, each investor notified once.
 */
export function createOpportunityLifecycleService(
  ctx: AppContext,
  deps: {
    notifications: NotificationsService;
    terminology: () => Promise<Terminology>;
    /** investment_terms_enabled: the terms must be there to read before going live (issue 18) */
    investmentTermsRequired?: () => Promise<boolean>;
  },
) {
  const { db, clock } = ctx;
  const { notifications } = deps;

  const invitationNotice = (opportunity: Pick<OpportunityRow, 'name' | 'slug'>): Notice => ({
    type: 'App\\Notifications\\OpportunityInvitation',
    audience: 'user',
    data: {
      message: invitationMessage(opportunity.name),
      cta: `/investor/investments/${opportunity.slug}`,
      icon: 'investment_opportunity_invited',
    },
  });

  /**
   * Notifies the invited investors not told yet (of `onlyUserIds`, when given), in the caller's
   * transaction; answers the broadcast to send once it commits.
   */
  async function notifyInvitees(
    tx: DbOrTx,
    actor: Actor,
    opportunity: Pick<OpportunityRow, 'id' | 'name' | 'slug'>,
    onlyUserIds?: number[],
  ): Promise<AfterCommit | undefined> {
    const recipients = await claimNotices(tx, opportunity.id, onlyUserIds);
    await stampNotified(tx, opportunity.id, clock.now());
    if (recipients.length === 0) return undefined;
    const notice = invitationNotice(opportunity);
    const rows = await notifications.record(tx, recipients, notice);
    await recordAudit(tx, actor, {
      action: 'opportunity.invitees_notified',
      subjectType: 'opportunity',
      subjectId: opportunity.id,
      after: { count: recipients.length, names: recipients.map((user) => user.name) },
    });
    return () => notifications.publish(rows, notice);
  }

  /**
   * Each investor whose shares were allotted hears of it (live and by email), except for private_manual
   * investments (the round's books only); the investor's activity records the allotment.
   */
  async function notifyAllotted(
    tx: DbOrTx,
    actor: Actor,
    opportunity: OpportunityRow,
    allotted: Allotment[],
  ): Promise<AfterCommit | undefined> {
    if (allotted.length === 0) return undefined;
    const people = new Map(
      (await findUserRows(tx, [...new Set(allotted.map((row) => row.investment.user_id))])).map((user) => [
        user.id,
        user,
      ]),
    );
    const sent: Array<{ rows: NotificationRow[]; notice: Notice }> = [];
    for (const allotment of allotted) {
      const { investment } = allotment;
      await recordAudit(tx, actor, {
        action: 'investor.shares_allotted',
        subjectType: 'investor',
        subjectId: investment.user_id,
        after: {
          investment_id: investment.id,
          opportunity: opportunity.name,
          shares: allotment.shares,
          amount: investment.paid_amount,
          currency: opportunity.currency,
        },
      });
      const investor = people.get(investment.user_id);
      if (!investor || investment.type === 'private_manual') continue;
      const notice: Notice = {
        type: 'App\\Notifications\\InvestmentCompleted',
        audience: 'user',
        data: {
          message: allotmentMessage(opportunity, allotment),
          cta: `/investor/portfolio/${opportunity.id}`,
          icon: 'investment_opportunity_transition_existing',
        },
      };
      sent.push({ rows: await notifications.record(tx, [investor], notice), notice });
    }
    return async () => {
      for (const item of sent) await notifications.publish(item.rows, item.notice);
    };
  }

  async function load(tx: DbOrTx, id: number) {
    const row = await findOpportunity(tx, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** The investors and groups among the ids, or a 422 on each id that is not one. */
  async function requireInvitees(tx: DbOrTx, userIds: number[], groupIds: number[]) {
    const errors: FieldErrors = {};
    const people = new Map((await findUsers(tx, userIds)).map((user) => [user.id, user]));
    userIds.forEach((userId, index) => {
      const user = people.get(userId);
      if (!user) errors[`user_ids.${index}`] = ['The selected investor does not exist.'];
      else if (user.role_id !== ROLES.USER)
        errors[`user_ids.${index}`] = [`${user.name} is not an investor: only investors can be invited.`];
    });
    const groups = new Map((await findGroups(tx, groupIds)).map((group) => [group.id, group]));
    groupIds.forEach((groupId, index) => {
      if (!groups.has(groupId))
        errors[`client_group_ids.${index}`] = ['The selected client group does not exist.'];
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return { people, groups };
  }

  return {
    /**
     * Moves an opportunity to another status: only the moves of OPPORTUNITY_TRANSITIONS; going live needs
     * a complete opportunity. The row is locked, so two moves from one state cannot both succeed.
     */
    async transition(
      actor: Actor,
      roleId: number,
      id: number,
      to: number,
      options: { allottedOn?: string } = {},
    ): Promise<void> {
      // The route refuses a role with neither update before the body (needsAnyOf); the record's stage
      // decides which it needs.
      if (!isOpportunityStatus(to)) throw fieldError('status', 'The status must be one of 1 to 6.');
      const terms = await deps.terminology();
      const termsRequired = (await deps.investmentTermsRequired?.()) ?? false;
      const afterCommit = await db.transaction(async (tx) => {
        const before = await lockOpportunity(tx, id);
        if (!before) throw notFound(NOT_FOUND);
        if (!can(roleId, opportunityGuard(before), 'update')) throw forbidden();
        const from = before.status as OpportunityStatus;
        if (!canTransition(from, to)) throw fieldError('status', refusedMove(terms, from, to));
        if (LIVE.includes(to)) {
          const switching = LIVE.includes(from) ? statusLabel(terms, to) : undefined;
          const missing = goLiveErrors(before, clock.today(), switching, {
            publicDocuments: await listDocuments(tx, 'opportunity', id, true),
            termsRequired,
          });
          if (Object.keys(missing).length > 0) throw validationError(missing);
        }
        // Completing allots the paid investments' shares; unpaid commitments refuse it (issue 11).
        const allotted =
          to === OPPORTUNITY_STATUS.COMPLETED
            ? await completeRound(tx, before, {
                today: clock.today(),
                allottedOn: options.allottedOn,
                now: clock.now(),
                recordedBy: actor.userId,
              })
            : [];
        const after = await updateOpportunity(tx, id, { status: to, ...stampsOf(to, before, clock.now()) });
        await recordAudit(tx, actor, {
          action: 'opportunity.status_changed',
          subjectType: 'opportunity',
          subjectId: id,
          before: { status: from, status_label: statusLabel(terms, from) },
          after: {
            status: to,
            status_label: statusLabel(terms, to),
            ...(to === OPPORTUNITY_STATUS.COMPLETED ? { allotted: allotted.length } : {}),
          },
        });
        // Invited before it went Live - Internal: told now.
        const pending =
          to === OPPORTUNITY_STATUS.LIVE_INTERNAL
            ? await notifyInvitees(tx, actor, after)
            : await notifyAllotted(tx, actor, after, allotted);
        // A new round made while a draft: its holders hear of their pre-emption right when it first goes live.
        const holders =
          LIVE.includes(to) && before.published_at === null ? await awaitingHoldersOf(tx, after) : undefined;
        const told = holders && (await notifications.record(tx, holders.recipients, holders.notice));
        return async () => {
          await pending?.();
          if (holders && told) await notifications.publish(told, holders.notice);
        };
      });
      await afterCommit();
    },

    async invitations(id: number) {
      await load(db, id);
      return (await listInvitations(db, id)).map(toInvitation);
    },

    /** Invites investors and groups (idempotent); while Live - Internal, the newly invited are told at once. */
    async invite(actor: Actor, id: number, input: InviteInput) {
      const userIds = [...new Set(input.user_ids)];
      const groupIds = [...new Set(input.client_group_ids)];
      if (userIds.length === 0 && groupIds.length === 0)
        throw fieldError('user_ids', 'Choose at least one investor or client group to invite.');
      // Settings are read before the transaction: PGlite has one connection (decision 006).
      const terms = await deps.terminology();
      const afterCommit = await db.transaction(async (tx) => {
        const opportunity = await lockOpportunity(tx, id);
        if (!opportunity) throw notFound(NOT_FOUND);
        if (!INVITABLE.includes(opportunity.status)) {
          throw fieldError(
            'user_ids',
            `${withArticle(statusLabel(terms, opportunity.status as OpportunityStatus))} opportunity takes no more invitations.`,
          );
        }
        const { people, groups } = await requireInvitees(tx, userIds, groupIds);
        const created = await insertInvitations(tx, id, actor.userId, { userIds, groupIds });
        if (created.length > 0) {
          const rows = await listInvitations(tx, id, created);
          await recordAudit(tx, actor, {
            action: 'opportunity.invited',
            subjectType: 'opportunity',
            subjectId: id,
            after: {
              investors: rows.flatMap((row) =>
                row.investor ? [people.get(row.investor.id)?.name ?? row.investor.name] : [],
              ),
              client_groups: rows.flatMap((row) =>
                row.group ? [groups.get(row.group.id)?.name ?? row.group.name] : [],
              ),
            },
          });
        }
        return opportunity.status === OPPORTUNITY_STATUS.LIVE_INTERNAL
          ? notifyInvitees(tx, actor, opportunity)
          : undefined;
      });
      await afterCommit?.();
      return (await listInvitations(db, id)).map(toInvitation);
    },

    async removeInvitation(actor: Actor, id: number, invitationId: number) {
      await db.transaction(async (tx) => {
        await load(tx, id);
        const row = await findInvitation(tx, id, invitationId);
        if (!row) throw notFound('No invitation with that id on this opportunity.');
        await deleteInvitation(tx, invitationId);
        await recordAudit(tx, actor, {
          action: 'opportunity.invitation_removed',
          subjectType: 'opportunity',
          subjectId: id,
          before: row.group ? { client_group: row.group.name } : { investor: row.investor?.name ?? null },
        });
      });
    },

    /**
     * Invites one investor to the opportunities given, in the caller's transaction (invite on register, issue
     * 21): the same rows, audit and notice as invite(); answers the broadcast to send once it commits.
     */
    async inviteInTransaction(tx: DbOrTx, actor: Actor, userId: number, opportunityIds: number[]) {
      const pending: AfterCommit[] = [];
      for (const id of opportunityIds) {
        const opportunity = await lockOpportunity(tx, id);
        if (!opportunity || !INVITABLE.includes(opportunity.status)) continue;
        const created = await insertInvitations(tx, id, actor.userId, { userIds: [userId], groupIds: [] });
        if (created.length === 0) continue;
        const [row] = await listInvitations(tx, id, created);
        await recordAudit(tx, actor, {
          action: 'opportunity.invited',
          subjectType: 'opportunity',
          subjectId: id,
          after: { investors: row?.investor ? [row.investor.name] : [], client_groups: [] },
        });
        if (opportunity.status !== OPPORTUNITY_STATUS.LIVE_INTERNAL) continue;
        const next = await notifyInvitees(tx, actor, opportunity, [userId]);
        if (next) pending.push(next);
      }
      return async () => {
        for (const run of pending) await run();
      };
    },

    /** Investors added to a group already invited to a Live - Internal opportunity are told too. */
    async notifyNewGroupMembers(tx: DbOrTx, actor: Actor, groupId: number, userIds: number[]) {
      const live = await liveInternalOpportunitiesOfGroup(tx, groupId, OPPORTUNITY_STATUS.LIVE_INTERNAL);
      const pending: AfterCommit[] = [];
      for (const opportunity of live) {
        const next = await notifyInvitees(tx, actor, opportunity, userIds);
        if (next) pending.push(next);
      }
      if (pending.length === 0) return undefined;
      return async () => {
        for (const run of pending) await run();
      };
    },
  };
}

export type OpportunityLifecycleService = ReturnType<typeof createOpportunityLifecycleService>;
