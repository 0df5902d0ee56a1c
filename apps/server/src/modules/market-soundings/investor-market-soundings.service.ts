import type {
  InvestorMarketSounding,
  InvestorMarketSoundingListItem,
  MarketSoundingResponse,
} from '@portico/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { marketSoundingEvents, marketSoundingOptOuts, marketSoundings } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import {
  eventsOfInvestor,
  isRecipient,
  optedOut,
  soundingsOfInvestor,
  subjectName,
} from './market-soundings.repository';
import { stateOf, toInvestorSounding } from './market-soundings.mapper';

// One message for a sounding that is not the investor's, whatever the reason: nothing to learn from it.
const NO_SOUNDING = 'No market sounding with that id.';
const ALREADY_DECIDED = 'You have already answered whether to receive this information.';
const CLEANSED = 'This market sounding has closed: the information is no longer inside information.';

/**
 * Market soundings, the investor's side (issue 21): only the soundings sent to them (another id is a 404).
 * The consent comes first; the deal's details only once accepted; then the answer, and the opt-out.
 */
export function createInvestorMarketSoundingsService(ctx: AppContext) {
  const { db, clock } = ctx;

  /** The sounding, if the investor is one of its recipients. */
  async function ownSounding(tx: DbOrTx, userId: number, id: number) {
    const [row] = await tx.select().from(marketSoundings).where(eq(marketSoundings.id, id));
    if (!row || !(await isRecipient(tx, id, userId))) throw notFound(NO_SOUNDING);
    return row;
  }

  async function present(tx: DbOrTx, userId: number, id: number): Promise<InvestorMarketSounding> {
    const row = await ownSounding(tx, userId, id);
    const state = stateOf(await eventsOfInvestor(tx, userId, [id]));
    const out = (await optedOut(tx, [userId])).has(userId);
    // the deal's name is read only for an investor who accepted
    const name = state.accepted === true ? await subjectName(tx, row) : '';
    return toInvestorSounding(row, state, out, name);
  }

  /** A decision (accepted or declined) with the wording shown; one per recipient, 422 for a second. */
  async function decide(actor: Actor, userId: number, id: number, kind: 'accepted' | 'declined') {
    await db
      .transaction(async (tx) => {
        const row = await ownSounding(tx, userId, id);
        const state = stateOf(await eventsOfInvestor(tx, userId, [id]));
        if (state.accepted !== null) throw fieldError('accepted', ALREADY_DECIDED);
        if (row.cleansed_at) throw fieldError('accepted', CLEANSED);
        await tx.insert(marketSoundingEvents).values({
          sounding_id: id,
          user_id: userId,
          kind,
          wording: row.wording,
          actor_id: userId,
          created_at: clock.now(),
        });
        await recordAudit(tx, actor, {
          action: `market_sounding.${kind}`,
          subjectType: 'market_sounding',
          subjectId: id,
          after: { investor_id: userId },
        });
      })
      .catch((error: unknown) => {
        // the same decision sent twice at once: the unique index keeps one, the other is told
        if (isUniqueViolation(error)) throw fieldError('accepted', ALREADY_DECIDED);
        throw error;
      });
    return present(db, userId, id);
  }

  return {
    /** GET /api/profile/market-soundings: the investor's own, newest first; the deal's name once accepted. */
    async list(userId: number): Promise<InvestorMarketSoundingListItem[]> {
      const rows = await soundingsOfInvestor(db, userId);
      const events = await eventsOfInvestor(
        db,
        userId,
        rows.map((row) => row.sounding.id),
      );
      return rows.map(({ sounding, subject_name }) => {
        const state = stateOf(events.filter((event) => event.sounding_id === sounding.id));
        return {
          id: sounding.id,
          invited_at: toApiTimestamp(state.invited_at ?? sounding.created_at),
          accepted: state.accepted,
          response: state.response,
          cleansed_at: toApiTimestampOrNull(sounding.cleansed_at),
          subject_name: state.accepted === true ? subject_name : null,
        };
      });
    },

    /** GET /api/profile/market-soundings/{id}: the first read while undecided records that it was viewed. */
    async get(userId: number, id: number): Promise<InvestorMarketSounding> {
      const row = await ownSounding(db, userId, id);
      const state = stateOf(await eventsOfInvestor(db, userId, [id]));
      if (state.viewed_at === null && state.accepted === null)
        await db
          .insert(marketSoundingEvents)
          .values({
            sounding_id: id,
            user_id: userId,
            kind: 'viewed',
            wording: row.wording,
            actor_id: userId,
            created_at: clock.now(),
          })
          // a second first read at the same moment: one viewed event is kept
          .onConflictDoNothing();
      return present(db, userId, id);
    },

    /** POST /api/profile/market-soundings/{id}/accept */
    accept: (actor: Actor, userId: number, id: number) => decide(actor, userId, id, 'accepted'),

    /** POST /api/profile/market-soundings/{id}/decline */
    decline: (actor: Actor, userId: number, id: number) => decide(actor, userId, id, 'declined'),

    /** POST /api/profile/market-soundings/{id}/response: once, after accepting. */
    async respond(actor: Actor, userId: number, id: number, response: MarketSoundingResponse) {
      const ALREADY = 'You have already answered this market sounding.';
      await db
        .transaction(async (tx) => {
          await ownSounding(tx, userId, id);
          const state = stateOf(await eventsOfInvestor(tx, userId, [id]));
          if (state.accepted !== true)
            throw fieldError('response', 'Accept to receive the information before answering.');
          if (state.response !== null) throw fieldError('response', ALREADY);
          await tx.insert(marketSoundingEvents).values({
            sounding_id: id,
            user_id: userId,
            kind: 'answered',
            response,
            actor_id: userId,
            created_at: clock.now(),
          });
          await recordAudit(tx, actor, {
            action: 'market_sounding.answered',
            subjectType: 'market_sounding',
            subjectId: id,
            after: { investor_id: userId, response },
          });
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('response', ALREADY);
          throw error;
        });
      return present(db, userId, id);
    },

    /** POST /api/profile/market-soundings/{id}/opt-out: not to be sounded again; a second time changes nothing. */
    async optOut(actor: Actor, userId: number, id: number) {
      await db.transaction(async (tx) => {
        await ownSounding(tx, userId, id);
        const [added] = await tx
          .insert(marketSoundingOptOuts)
          .values({ user_id: userId, sounding_id: id, created_at: clock.now() })
          .onConflictDoNothing()
          .returning({ id: marketSoundingOptOuts.id });
        if (!added) return;
        await tx.insert(marketSoundingEvents).values({
          sounding_id: id,
          user_id: userId,
          kind: 'opted_out',
          actor_id: userId,
          created_at: clock.now(),
        });
        await recordAudit(tx, actor, {
          action: 'market_sounding.opted_out',
          subjectType: 'market_sounding',
          subjectId: id,
          after: { investor_id: userId },
        });
      });
      return present(db, userId, id);
    },
  };
}

export type InvestorMarketSoundingsService = ReturnType<typeof createInvestorMarketSoundingsService>;
