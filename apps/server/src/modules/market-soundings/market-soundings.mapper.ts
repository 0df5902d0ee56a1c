import type {
  InsiderRegisterEntry,
  InvestorMarketSounding,
  MarketSounding,
  MarketSoundingEvent,
  MarketSoundingRecipient,
  MarketSoundingRecipientStatus,
  MarketSoundingResponse,
} from '@portico/contracts';
import type { MarketSoundingEventRow, MarketSoundingRow } from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import type { RegisterRow, SoundingListRow } from './market-soundings.repository';

/** A recipient's state, derived from their events (oldest first). */
export interface RecipientState {
  invited_at: Date | null;
  viewed_at: Date | null;
  /** true: accepted; false: declined; null: not yet decided */
  accepted: boolean | null;
  decided_at: Date | null;
  response: MarketSoundingResponse | null;
  responded_at: Date | null;
}

export function stateOf(events: readonly Pick<MarketSoundingEventRow, 'kind' | 'created_at' | 'response'>[]) {
  const state: RecipientState = {
    invited_at: null,
    viewed_at: null,
    accepted: null,
    decided_at: null,
    response: null,
    responded_at: null,
  };
  for (const event of events) {
    switch (event.kind) {
      case 'invited':
        state.invited_at ??= event.created_at;
        break;
      case 'viewed':
        state.viewed_at ??= event.created_at;
        break;
      case 'accepted':
      case 'declined':
        if (state.accepted === null) {
          state.accepted = event.kind === 'accepted';
          state.decided_at = event.created_at;
        }
        break;
      case 'answered':
        state.response = toResponse(event.response);
        state.responded_at = event.created_at;
        break;
      case 'opted_out':
      case 'cleansed':
        break;
    }
  }
  return state;
}

export const toResponse = (value: number | null): MarketSoundingResponse | null =>
  value === 1 || value === 2 || value === 3 ? value : null;

export function statusOf(state: RecipientState): MarketSoundingRecipientStatus {
  if (state.accepted === true) return 'accepted';
  if (state.accepted === false) return 'declined';
  return state.viewed_at ? 'viewed' : 'invited';
}

export function toSounding(row: SoundingListRow): MarketSounding {
  return {
    id: row.id,
    subject: {
      type: row.deal_id !== null ? 'deal' : 'opportunity',
      id: row.deal_id ?? row.opportunity_id ?? 0,
      name: row.subject_name,
    },
    summary: row.summary,
    created_by: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    created_at: toApiTimestamp(row.created_at),
    cleansed_at: toApiTimestampOrNull(row.cleansed_at),
    counts: {
      invited: row.invited,
      viewed: row.viewed,
      accepted: row.accepted,
      declined: row.declined,
      answered: row.answered,
    },
  };
}

export function toRecipient(
  recipient: { user_id: number; name: string; email: string; created_at: Date; opted_out: boolean },
  state: RecipientState,
): MarketSoundingRecipient {
  return {
    investor: { id: recipient.user_id, name: recipient.name, email: recipient.email },
    status: statusOf(state),
    response: state.response,
    opted_out: Boolean(recipient.opted_out),
    invited_at: toApiTimestamp(state.invited_at ?? recipient.created_at),
    viewed_at: toApiTimestampOrNull(state.viewed_at),
    decided_at: toApiTimestampOrNull(state.decided_at),
    responded_at: toApiTimestampOrNull(state.responded_at),
  };
}

export function toEvent(row: {
  event: MarketSoundingEventRow;
  investor_name: string | null;
  actor_name: string | null;
}): MarketSoundingEvent {
  return {
    kind: row.event.kind,
    investor: row.investor_name,
    response: toResponse(row.event.response),
    created_at: toApiTimestamp(row.event.created_at),
    actor: row.actor_name,
  };
}

export function toRegisterEntry(row: RegisterRow): InsiderRegisterEntry {
  return {
    id: row.id,
    sounding_id: row.sounding_id,
    investor: { id: row.investor_id, name: row.investor_name, email: row.investor_email },
    subject: { type: row.subject_type, id: row.subject_id, name: row.subject_name },
    accepted_at: toApiTimestamp(row.accepted_at),
    wording: row.wording,
    response: toResponse(row.response),
    responded_at: toApiTimestampOrNull(row.responded_at),
    cleansed_at: toApiTimestampOrNull(row.cleansed_at),
  };
}

/**
 * What the investor sees of their sounding. Nothing that identifies the deal (its name, the summary, any id
 * of the deal or the opportunity) unless they accepted.
 */
export function toInvestorSounding(
  sounding: MarketSoundingRow,
  state: RecipientState,
  optedOut: boolean,
  subjectName: string,
): InvestorMarketSounding {
  return {
    id: sounding.id,
    accepted: state.accepted,
    wording: sounding.wording,
    invited_at: toApiTimestamp(state.invited_at ?? sounding.created_at),
    decided_at: toApiTimestampOrNull(state.decided_at),
    response: state.response,
    cleansed_at: toApiTimestampOrNull(sounding.cleansed_at),
    opted_out: optedOut,
    details: state.accepted === true ? { subject_name: subjectName, summary: sounding.summary } : null,
  };
}
