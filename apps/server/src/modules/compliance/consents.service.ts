import {
  CONSENT_KINDS,
  CONSENT_WORDING_VERSION,
  CONSENT_WORDINGS,
  currentConsentWording,
  type Consent,
  type ConsentKind,
  type Consents,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { loadInvestor, personRef } from './compliance.shared';
import { appendConsent, listConsents, type ConsentRow } from './consents.repository';

const toConsent = ({ consent, recorder_name }: ConsentRow): Consent => ({
  id: consent.id,
  investor_id: consent.user_id,
  kind: consent.kind,
  given: consent.given,
  wording: consent.wording,
  wording_version:
    CONSENT_WORDINGS.find((wording) => wording.kind === consent.kind && wording.text === consent.wording)
      ?.version ?? null,
  recorded_by: personRef(consent.recorded_by, recorder_name),
  created_at: toApiTimestamp(consent.created_at),
});

function wordingOf(kind: ConsentKind) {
  const wording = currentConsentWording(kind);
  if (!wording) throw new Error(`no current wording for ${kind} consent`);
  return wording;
}

/** Investor consent (DOMAIN.md): an append-only log, each entry with the words the person was shown. */
export function createConsentsService(ctx: AppContext) {
  const { db } = ctx;

  async function read(tx: DbOrTx, userId: number): Promise<Consents> {
    const log = (await listConsents(tx, userId)).map(toConsent);
    return {
      current: CONSENT_KINDS.map((kind) => {
        const latest = log.find((entry) => entry.kind === kind) ?? null;
        const wording = wordingOf(kind);
        return {
          kind,
          given: latest?.given ?? null,
          wording: wording.text,
          wording_version: wording.version,
          latest,
        };
      }),
      log,
    };
  }

  return {
    async get(investorId: number) {
      await loadInvestor(db, investorId);
      return read(db, investorId);
    },

    /** Appends a consent given or withdrawn; never changes an earlier entry. */
    async record(
      actor: Actor,
      investorId: number,
      input: { kind: ConsentKind; given: boolean; wording_version: string },
    ) {
      if (input.wording_version !== CONSENT_WORDING_VERSION)
        throw fieldError(
          'wording_version',
          `The wording of this consent has changed (now version ${CONSENT_WORDING_VERSION}): show the current wording and ask again.`,
        );
      const wording = wordingOf(input.kind);
      return db.transaction(async (tx) => {
        await loadInvestor(tx, investorId);
        const row = await appendConsent(tx, {
          user_id: investorId,
          kind: input.kind,
          given: input.given,
          wording: wording.text,
          recorded_by: actor.userId,
        });
        await recordAudit(tx, actor, {
          action: 'consent.recorded',
          subjectType: 'investor',
          subjectId: investorId,
          after: {
            consent_id: row.id,
            kind: row.kind,
            given: row.given,
            wording_version: wording.version,
            by_investor: actor.userId === investorId,
          },
        });
        return read(tx, investorId);
      });
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
