import {
  can,
  clearanceExpiresOn,
  compareDecimal,
  paDealsListQuery,
  parseListQuery,
  SELF_DECISION_MESSAGE,
  type approvePaDealInputSchema,
  type createPaDealInputSchema,
  type executePaDealInputSchema,
  type PaDeal,
  type PaDealInsiderWarning,
  type PaDealStatus,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  opportunities,
  paDealEvents,
  paDeals,
  pipelineDeals,
  type PaDealEventRow,
  type UserRow,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { paginate } from '../../platform/list-query/paginator';
import { londonDate, toApiTimestamp } from '../../platform/time';
import type { NotificationsService } from '../notifications/notifications.service';
import { findUserById } from '../users/users.repository';
import {
  eventsOf,
  insiderMatches,
  lockPaDeal,
  paDealsRepository,
  type InsiderMatchRow,
  type PaDealEventListRow,
  type PaDealListRow,
} from './pa-deals.repository';

type CreateInput = z.output<typeof createPaDealInputSchema>;
type ApproveInput = z.output<typeof approvePaDealInputSchema>;
type ExecuteInput = z.output<typeof executePaDealInputSchema>;

const NO_PA_DEAL = 'No personal account deal with that id.';
const ALREADY_DECIDED: Record<PaDealStatus, string> = {
  pending: '',
  approved: 'This request was already approved.',
  refused: 'This request was already refused.',
  withdrawn: 'This request was withdrawn.',
  executed: 'This deal was already executed.',
};
const CTA = (id: number) => `/admin/insider-register/pa-deals/${id}`;

/** Whether the user sees every staff member's requests (and decides them): the compliance permission. */
export const seesAll = (user: Pick<UserRow, 'role_id'>) => can(user.role_id, 'compliance', 'index');
export const decides = (user: Pick<UserRow, 'role_id'>) => can(user.role_id, 'compliance', 'update');

/** The status the events give (decision 031). */
export function statusOf(events: ReadonlyArray<Pick<PaDealEventRow, 'kind'>>): PaDealStatus {
  const kinds = new Set(events.map((event) => event.kind));
  if (kinds.has('executed')) return 'executed';
  if (kinds.has('withdrawn')) return 'withdrawn';
  if (kinds.has('refused')) return 'refused';
  if (kinds.has('approved')) return 'approved';
  return 'pending';
}

/** "1000.500000" → "1000.5": quantities and prices without the column's padding. */
export const plain = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function warningOf(row: InsiderMatchRow): PaDealInsiderWarning {
  if (row.permanent && row.deal_id === null && row.opportunity_id === null)
    return {
      subject_type: null,
      subject_id: null,
      name: null,
      permanent: true,
      message: 'On the permanent insider list',
    };
  const subject =
    row.deal_id !== null
      ? { subject_type: 'deal' as const, subject_id: row.deal_id }
      : { subject_type: 'opportunity' as const, subject_id: row.opportunity_id };
  return {
    ...subject,
    name: row.name,
    permanent: row.permanent,
    message: `Insider on the list of ${row.name ?? `${subject.subject_type} ${subject.subject_id}`}`,
  };
}

/** Personal-account dealing (issue 21, COBS 11.7): requests, decisions, executions; nothing is ever changed. */
export function createPaDealsService(ctx: AppContext, deps: { notifications: NotificationsService }) {
  const { db, clock } = ctx;
  const { notifications } = deps;

  async function present(rows: PaDealListRow[], tx: DbOrTx = db): Promise<PaDeal[]> {
    const ids = rows.map((row) => row.id);
    // one after the other: inside a transaction they share one connection
    const events = await eventsOf(tx, ids);
    const matches = await insiderMatches(tx, ids);
    const today = clock.today();
    return rows.map((row) => {
      const own = events.filter((event) => event.pa_deal_id === row.id);
      const approval = own.find((event) => event.kind === 'approved');
      const approvedOn = approval ? londonDate(approval.created_at) : null;
      const expires = approvedOn ? clearanceExpiresOn(approvedOn) : null;
      const seen = new Set<string>();
      const warnings = matches
        .filter((match) => match.pa_deal_id === row.id)
        .map(warningOf)
        .filter((warning) => {
          const key = `${warning.subject_type}:${warning.subject_id}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      return {
        id: row.id,
        user: { id: row.user_id, name: row.user_name },
        instrument: row.instrument,
        company_name: row.company_name,
        opportunity:
          row.opportunity_id === null ? null : { id: row.opportunity_id, name: row.opportunity_name ?? '' },
        deal: row.deal_id === null ? null : { id: row.deal_id, name: row.deal_name ?? '' },
        side: row.side,
        quantity: plain(row.quantity),
        estimated_value: row.estimated_value,
        currency: row.currency,
        reason: row.reason,
        status: row.status,
        approved_on: approvedOn,
        clearance_expires_on: expires,
        clearance_lapsed: row.status === 'approved' && expires !== null && today > expires,
        events: own.map(eventOf),
        insider_warning: warnings,
        created_at: toApiTimestamp(row.created_at),
      };
    });
  }

  const eventOf = (event: PaDealEventListRow) => ({
    id: event.id,
    kind: event.kind,
    reason: event.reason,
    executed_on: event.executed_on,
    price: event.price === null ? null : plain(event.price),
    quantity: event.quantity === null ? null : plain(event.quantity),
    actor: { id: event.actor_id, name: event.actor_name },
    created_at: toApiTimestamp(event.created_at),
  });

  /** One request the user may see: their own, or any with the compliance permission; else a 404. */
  async function visible(user: UserRow, id: number, tx: DbOrTx = db): Promise<PaDeal> {
    const row = await paDealsRepository.find(
      tx,
      id,
      seesAll(user) ? undefined : eq(paDeals.user_id, user.id),
    );
    if (!row) throw notFound(NO_PA_DEAL);
    const [deal] = await present([row], tx);
    return deal as PaDeal;
  }

  /**
   * One step of a request, in a transaction holding its row lock: `check` sees the request and its events
   * (and throws the 404 or 422), then the event is stored with its audit row. A second step racing past
   * the lock (it cannot on PostgreSQL) still meets the unique indexes: a 422, never a 500.
   */
  async function step(
    actor: Actor,
    id: number,
    kind: PaDealEventRow['kind'],
    check: (deal: PaDeal) => void,
    values: Partial<Pick<PaDealEventRow, 'reason' | 'executed_on' | 'price' | 'quantity'>>,
  ) {
    const userId = actor.userId;
    if (userId === null) throw notFound(NO_PA_DEAL);
    return db
      .transaction(async (tx) => {
        if (!(await lockPaDeal(tx, id))) throw notFound(NO_PA_DEAL);
        const row = await paDealsRepository.find(tx, id);
        if (!row) throw notFound(NO_PA_DEAL);
        const [before] = await present([row], tx);
        if (!before) throw notFound(NO_PA_DEAL);
        check(before);
        const [event] = await tx
          .insert(paDealEvents)
          .values({ pa_deal_id: id, kind, actor_id: userId, created_at: clock.now(), ...values })
          .returning();
        if (!event) throw new Error('pa_deal_events insert returned no row');
        await recordAudit(tx, actor, {
          action: `pa_deal.${kind}`,
          subjectType: 'pa_deal',
          subjectId: id,
          before: { status: before.status },
          after: {
            status: kind,
            user: before.user.name,
            company_name: before.company_name,
            instrument: before.instrument,
            side: before.side,
            ...values,
          },
        });
        return before;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error))
          throw fieldError('status', 'This request changed meanwhile: reload it to see its decision.');
        throw error;
      });
  }

  const pendingOnly = (deal: PaDeal) => {
    if (deal.status !== 'pending') throw fieldError('status', ALREADY_DECIDED[deal.status]);
  };

  async function notifyDecided(deal: PaDeal, decision: 'approved' | 'refused', by: number | null) {
    const requester = await findUserById(db, deal.user.id);
    if (!requester || requester.id === by) return;
    const words = decision === 'approved' ? 'approved' : 'refused';
    await notifications.notify([requester], {
      type: 'App\\Notifications\\PaDealDecided',
      audience: 'admin',
      data: {
        message: `Your personal account deal in **${deal.company_name}** was ${words}`,
        cta: CTA(deal.id),
        icon: 'default',
      },
    });
  }

  return {
    /** GET /api/pa-deals: the user's own requests, or everyone's with the compliance permission. */
    async list(user: UserRow, raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(paDealsListQuery, raw);
      const scope = seesAll(user) ? undefined : eq(paDeals.user_id, user.id);
      const { rows, total } = await paDealsRepository.list(db, query, scope);
      return paginate(await present(rows), total, query, requestUrl);
    },

    /** GET /api/pa-deals/{id} */
    show: (user: UserRow, id: number) => visible(user, id),

    /** POST /api/pa-deals: a staff member's own request; compliance staff hear of it. */
    async create(actor: Actor, user: UserRow, input: CreateInput): Promise<{ id: number }> {
      const row = await db.transaction(async (tx) => {
        if (input.opportunity_id) {
          const [found] = await tx
            .select({ id: opportunities.id })
            .from(opportunities)
            .where(eq(opportunities.id, input.opportunity_id));
          if (!found) throw fieldError('opportunity_id', 'No opportunity with that id.');
        }
        if (input.deal_id) {
          const [found] = await tx
            .select({ id: pipelineDeals.id })
            .from(pipelineDeals)
            .where(eq(pipelineDeals.id, input.deal_id));
          if (!found) throw fieldError('deal_id', 'No deal with that id.');
        }
        const [inserted] = await tx
          .insert(paDeals)
          .values({
            user_id: user.id,
            instrument: input.instrument,
            company_name: input.company_name,
            opportunity_id: input.opportunity_id ?? null,
            deal_id: input.deal_id ?? null,
            side: input.side,
            quantity: input.quantity,
            estimated_value: input.estimated_value,
            currency: input.currency,
            reason: input.reason,
            created_at: clock.now(),
          })
          .returning();
        if (!inserted) throw new Error('pa_deals insert returned no row');
        await recordAudit(tx, actor, {
          action: 'pa_deal.requested',
          subjectType: 'pa_deal',
          subjectId: inserted.id,
          after: {
            instrument: inserted.instrument,
            company_name: inserted.company_name,
            opportunity_id: inserted.opportunity_id,
            deal_id: inserted.deal_id,
            side: inserted.side,
            quantity: inserted.quantity,
            estimated_value: inserted.estimated_value,
            currency: inserted.currency,
            reason: inserted.reason,
          },
        });
        return inserted;
      });
      await notifications.notifyStaff((staff) => decides(staff) && staff.id !== user.id, {
        type: 'App\\Notifications\\PaDealRequested',
        data: {
          message: `**${user.name}** asks for pre-clearance of a personal account deal in **${row.company_name}**`,
          cta: CTA(row.id),
          icon: 'default',
        },
      });
      return { id: row.id };
    },

    /** POST /api/pa-deals/{id}/approve (compliance): not one's own request; pending only. */
    async approve(actor: Actor, id: number, input: ApproveInput) {
      const deal = await step(
        actor,
        id,
        'approved',
        (before) => {
          if (before.user.id === actor.userId) throw fieldError('status', SELF_DECISION_MESSAGE);
          pendingOnly(before);
        },
        { reason: input.note ?? null },
      );
      await notifyDecided(deal, 'approved', actor.userId);
      return { id };
    },

    /** POST /api/pa-deals/{id}/refuse (compliance): with a reason; not one's own request; pending only. */
    async refuse(actor: Actor, id: number, reason: string) {
      const deal = await step(
        actor,
        id,
        'refused',
        (before) => {
          if (before.user.id === actor.userId) throw fieldError('status', SELF_DECISION_MESSAGE);
          pendingOnly(before);
        },
        { reason },
      );
      await notifyDecided(deal, 'refused', actor.userId);
      return { id };
    },

    /**
     * POST /api/pa-deals/{id}/execute (owner): an approved request, traded on a London date from the day of
     * approval to the last day of its pre-clearance and not after today, no more than was requested.
     */
    async execute(actor: Actor, id: number, input: ExecuteInput) {
      await step(
        actor,
        id,
        'executed',
        (before) => {
          if (before.user.id !== actor.userId) throw notFound(NO_PA_DEAL);
          if (before.status !== 'approved')
            throw fieldError(
              'status',
              before.status === 'pending'
                ? 'This request is not approved yet: record the execution once compliance approves it.'
                : ALREADY_DECIDED[before.status],
            );
          if (input.executed_on > clock.today())
            throw fieldError('executed_on', 'The executed on date cannot be in the future.');
          if (before.approved_on && input.executed_on < before.approved_on)
            throw fieldError('executed_on', 'The deal cannot be executed before its approval.');
          if (before.clearance_expires_on && input.executed_on > before.clearance_expires_on)
            throw fieldError(
              'executed_on',
              `Pre-clearance covered trades until ${before.clearance_expires_on}: declare the deal again.`,
            );
          if (compareDecimal(input.quantity, before.quantity) > 0)
            throw fieldError(
              'quantity',
              `The quantity cannot be more than the ${before.quantity} requested.`,
            );
        },
        { executed_on: input.executed_on, price: input.price, quantity: input.quantity },
      );
      return { id };
    },

    /** POST /api/pa-deals/{id}/withdraw (owner): a request not yet decided. */
    async withdraw(actor: Actor, id: number) {
      await step(
        actor,
        id,
        'withdrawn',
        (before) => {
          if (before.user.id !== actor.userId) throw notFound(NO_PA_DEAL);
          pendingOnly(before);
        },
        {},
      );
      return { id };
    },
  };
}

export type PaDealsService = ReturnType<typeof createPaDealsService>;
