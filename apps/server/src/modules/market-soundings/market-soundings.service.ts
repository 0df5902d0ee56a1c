import {
  MARKET_SOUNDING_STANDARD_WORDING,
  insiderRegisterListQuery,
  marketSoundingInvestorPath,
  marketSoundingListQuery,
  parseListQuery,
  ROLES,
  type MarketSoundingCleanse,
  type MarketSoundingCreate,
  type MarketSoundingDetail,
  type MarketSoundingOptOut,
} from '@portico/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import {
  marketSoundingEvents,
  marketSoundingRecipients,
  marketSoundings,
  opportunities,
  pipelineDeals,
  users,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { longDate } from '../../platform/dates';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { toApiTimestamp } from '../../platform/time';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  acceptedOnly,
  eventsOf,
  findSounding,
  lockSounding,
  optedOut,
  optOutList,
  recipientsOf,
  registerRepository,
  soundingsRepository,
  subjectName,
} from './market-soundings.repository';
import { stateOf, toEvent, toRecipient, toRegisterEntry, toSounding } from './market-soundings.mapper';

const NO_SOUNDING = 'No market sounding with that id.';
const INVITATION_TYPE = 'App\\Notifications\\MarketSoundingInvitation';
const CLEANSED_TYPE = 'App\\Notifications\\MarketSoundingCleansed';

/** "Olivia Carter, James Whitaker and Ada Lovelace" */
function listed(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The invitation: never the deal's name, as the investor has not consented to receive anything yet. */
const invitation = (id: number) => ({
  type: INVITATION_TYPE,
  audience: 'user' as const,
  data: {
    message:
      'You have been invited to a **market sounding**. Open it to decide whether to receive the information.',
    cta: marketSoundingInvestorPath(id),
    icon: 'default' as const,
  },
});

/** The consent wording fixed when a sounding is opened: the MAR statement and the firm's own description. */
export function soundingWording(description: string): string {
  const own = description.trim();
  return own === '' ? MARKET_SOUNDING_STANDARD_WORDING : `${MARKET_SOUNDING_STANDARD_WORDING}\n\n${own}`;
}

/**
 * Market soundings, the staff side (issue 21, UK MAR Art. 11): open a sounding on a pipeline deal or a draft
 * opportunity for chosen investors (none on the opt-out list), read each one's steps, cleanse it once the
 * information is public, and the insider register of acceptances.
 */
export function createMarketSoundingsService(
  ctx: AppContext,
  deps: { notifications: NotificationsService; marketSoundingDescription: () => Promise<string> },
) {
  const { db, clock } = ctx;

  /** The subject named by the input: exactly one, a pipeline deal or a draft opportunity. */
  async function checkSubject(input: MarketSoundingCreate) {
    const opportunityId = input.opportunity_id ?? null;
    const dealId = input.deal_id ?? null;
    if (opportunityId === null && dealId === null)
      throw validationError({
        opportunity_id: ['Choose the deal or the draft opportunity to sound investors about.'],
        deal_id: ['Choose the deal or the draft opportunity to sound investors about.'],
      });
    if (opportunityId !== null && dealId !== null)
      throw validationError({
        opportunity_id: ['A sounding is about a deal or an opportunity, not both.'],
        deal_id: ['A sounding is about a deal or an opportunity, not both.'],
      });
    if (dealId !== null) {
      const [deal] = await db
        .select({ id: pipelineDeals.id, name: pipelineDeals.name })
        .from(pipelineDeals)
        .where(eq(pipelineDeals.id, dealId));
      if (!deal) throw fieldError('deal_id', 'No pipeline deal with that id.');
      return { type: 'deal' as const, id: deal.id, name: deal.name };
    }
    const [opportunity] = await db
      .select({ id: opportunities.id, name: opportunities.name, status: opportunities.status })
      .from(opportunities)
      .where(eq(opportunities.id, opportunityId ?? 0));
    if (!opportunity) throw fieldError('opportunity_id', 'No opportunity with that id.');
    if (opportunity.status !== 1)
      throw fieldError(
        'opportunity_id',
        'Only a draft opportunity can be market sounded: this one is public.',
      );
    return { type: 'opportunity' as const, id: opportunity.id, name: opportunity.name };
  }

  /** The investors chosen: every id an active investor, none on the opt-out list. */
  async function checkInvestors(ids: number[]): Promise<UserRow[]> {
    const wanted = [...new Set(ids)];
    const found = await db.select().from(users).where(inArray(users.id, wanted));
    const investors = found.filter((user) => user.role_id === ROLES.USER);
    const known = new Set(investors.map((user) => user.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw fieldError('investor_ids', `No investor with the id ${listed(unknown.map(String))}.`);
    const inactive = investors.filter((user) => user.deactivated_at !== null);
    if (inactive.length > 0)
      throw fieldError(
        'investor_ids',
        `${listed(inactive.map((user) => user.name))} ${inactive.length === 1 ? 'is' : 'are'} deactivated and cannot be sounded.`,
      );
    const out = await optedOut(db, wanted);
    const refused = investors.filter((user) => out.has(user.id));
    if (refused.length > 0)
      throw fieldError(
        'investor_ids',
        `${listed(refused.map((user) => user.name))} asked not to be market sounded again: remove ${refused.length === 1 ? 'them' : 'them all'} to go on.`,
      );
    return investors;
  }

  return {
    /** GET /api/market-soundings */
    async list(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(marketSoundingListQuery, raw);
      const { rows, total } = await soundingsRepository.list(db, query);
      return paginate(rows.map(toSounding), total, query, requestUrl);
    },

    /** GET /api/market-soundings/{id}: with the wording, every recipient's state and the timeline. */
    async get(id: number): Promise<MarketSoundingDetail> {
      const row = await findSounding(db, id);
      if (!row) throw notFound(NO_SOUNDING);
      const [recipients, events] = await Promise.all([recipientsOf(db, id), eventsOf(db, id)]);
      return {
        ...toSounding(row),
        wording: row.wording,
        cleansing_reason: row.cleansing_reason,
        recipients: recipients.map((recipient) =>
          toRecipient(
            recipient,
            stateOf(events.filter((event) => event.event.user_id === recipient.user_id).map((e) => e.event)),
          ),
        ),
        events: events.map(toEvent),
      };
    },

    /** POST /api/market-soundings: the sounding, its recipients, their invitations and notifications. */
    async create(actor: Actor, input: MarketSoundingCreate): Promise<{ id: number }> {
      const subject = await checkSubject(input);
      const investors = await checkInvestors(input.investor_ids);
      const wording = soundingWording(await deps.marketSoundingDescription());
      const now = clock.now();
      const { id, rows, sent } = await db.transaction(async (tx) => {
        const [sounding] = await tx
          .insert(marketSoundings)
          .values({
            deal_id: subject.type === 'deal' ? subject.id : null,
            opportunity_id: subject.type === 'opportunity' ? subject.id : null,
            summary: input.summary,
            wording,
            created_by: actor.userId,
            created_at: now,
          })
          .returning({ id: marketSoundings.id });
        if (!sounding) throw new Error('market_soundings insert returned no row');
        await tx
          .insert(marketSoundingRecipients)
          .values(investors.map((user) => ({ sounding_id: sounding.id, user_id: user.id, created_at: now })));
        await tx.insert(marketSoundingEvents).values(
          investors.map((user) => ({
            sounding_id: sounding.id,
            user_id: user.id,
            kind: 'invited' as const,
            actor_id: actor.userId,
            created_at: now,
          })),
        );
        const notice = invitation(sounding.id);
        const stored = await deps.notifications.record(tx, investors, notice);
        await recordAudit(tx, actor, {
          action: 'market_sounding.created',
          subjectType: 'market_sounding',
          subjectId: sounding.id,
          after: {
            subject_type: subject.type,
            subject_id: subject.id,
            subject_name: subject.name,
            investors: investors.map((user) => user.name),
            investor_ids: investors.map((user) => user.id),
          },
        });
        return { id: sounding.id, rows: stored, sent: notice };
      });
      await deps.notifications.publish(rows, sent);
      return { id };
    },

    /**
     * POST /api/market-soundings/{id}/cleanse: the information was made public or is no longer inside
     * information. Once; every recipient who accepted is told, now with the deal's name.
     */
    async cleanse(actor: Actor, id: number, input: MarketSoundingCleanse): Promise<MarketSoundingDetail> {
      const outcome = await db
        .transaction(async (tx) => {
          const row = await lockSounding(tx, id);
          if (!row) throw notFound(NO_SOUNDING);
          if (row.cleansed_at)
            throw fieldError(
              'reason',
              `This market sounding was already cleansed on ${longDate(row.cleansed_at)}.`,
            );
          const now = clock.now();
          await tx
            .update(marketSoundings)
            .set({ cleansed_at: now, cleansed_by: actor.userId, cleansing_reason: input.reason })
            .where(eq(marketSoundings.id, id));
          await tx.insert(marketSoundingEvents).values({
            sounding_id: id,
            user_id: null,
            kind: 'cleansed',
            actor_id: actor.userId,
            created_at: now,
          });
          // every recipient who accepted: they hold the information
          const accepted = await tx
            .select({ user: users })
            .from(marketSoundingEvents)
            .innerJoin(users, eq(users.id, marketSoundingEvents.user_id))
            .where(and(eq(marketSoundingEvents.sounding_id, id), acceptedOnly));
          const name = await subjectName(tx, row);
          const notice = {
            type: CLEANSED_TYPE,
            audience: 'user' as const,
            data: {
              message: `The information shared with you in a market sounding on ${longDate(row.created_at)} about **${name}** has been made public or is no longer inside information.`,
              cta: marketSoundingInvestorPath(id),
              icon: 'default' as const,
            },
          };
          const stored = await deps.notifications.record(
            tx,
            accepted.map((entry) => entry.user),
            notice,
          );
          await recordAudit(tx, actor, {
            action: 'market_sounding.cleansed',
            subjectType: 'market_sounding',
            subjectId: id,
            before: { cleansed_at: null },
            after: { cleansed_at: toApiTimestamp(now), reason: input.reason },
          });
          return { stored, notice };
        })
        .catch((error: unknown) => {
          // a cleansing at the same moment on another connection: the sounding is cleansed once
          if (isUniqueViolation(error))
            throw fieldError('reason', 'This market sounding was already cleansed.');
          throw error;
        });
      await deps.notifications.publish(outcome.stored, outcome.notice);
      return this.get(id);
    },

    /** GET /api/market-soundings/opt-outs */
    async optOuts(): Promise<MarketSoundingOptOut[]> {
      const rows = await optOutList(db);
      return rows.map((row) => ({
        investor: { id: row.user_id, name: row.name, email: row.email },
        created_at: toApiTimestamp(row.created_at),
      }));
    },

    /** GET /api/insider-register: the acceptances, newest first. */
    async register(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(insiderRegisterListQuery, raw);
      const { rows, total } = await registerRepository.list(db, query, acceptedOnly);
      return paginate(rows.map(toRegisterEntry), total, query, requestUrl);
    },
  };
}

export type MarketSoundingsService = ReturnType<typeof createMarketSoundingsService>;
