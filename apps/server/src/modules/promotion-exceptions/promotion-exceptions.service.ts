import {
  defaultPromotionExceptionExpiry,
  PROMOTION_EXCEPTION_TYPE_LABELS,
  promotionExceptionStatus,
  type ProfilePromotionExemption,
  type PromotionException,
  type recordPromotionExceptionInputSchema,
} from '@portico/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { loadInvestor, personRef } from '../compliance/compliance.shared';
import {
  findInvestorDocument,
  findPromotionException,
  insertPromotionException,
  listPromotionExceptions,
  lockPromotionException,
  withdrawPromotionException,
  type PromotionExceptionWithNames,
} from './promotion-exceptions.repository';

type RecordInput = z.output<typeof recordPromotionExceptionInputSchema>;

const NOT_FOUND = 'No promotion exemption with that id.';
const LINK_MINUTES = 30;

/**
 * Financial promotion exemptions (issue 21, decision 032): staff record per investor the FPO exemption under
 * which they may receive a promotion, and withdraw one with a reason; nothing is edited or deleted (the
 * database refuses it). The visibility rule itself is hasValidPromotionException, used by visibleToInvestor.
 */
export function createPromotionExceptionsService(ctx: AppContext) {
  const { db, clock, signer } = ctx;

  function documentLink(storageKey: string) {
    const url = new URL(signer.sign(`/files/${storageKey}`, new Date(Date.now() + LINK_MINUTES * 60_000)));
    return url.pathname + url.search;
  }

  function toResource(row: PromotionExceptionWithNames, today: string): PromotionException {
    const { exception } = row;
    const withdrawnAt = toApiTimestampOrNull(exception.withdrawn_at);
    return {
      id: exception.id,
      investor_id: exception.user_id,
      type: exception.type,
      type_label: PROMOTION_EXCEPTION_TYPE_LABELS[exception.type],
      description: exception.description,
      evidence_reference: exception.evidence_reference,
      document: row.document
        ? { id: row.document.id, name: row.document.name, url: documentLink(row.document.storage_key) }
        : null,
      effective_on: exception.effective_on,
      expires_on: exception.expires_on,
      status: promotionExceptionStatus(
        { effective_on: exception.effective_on, expires_on: exception.expires_on, withdrawn_at: withdrawnAt },
        today,
      ),
      recorded_by: personRef(exception.recorded_by, row.recorder_name),
      recorded_at: toApiTimestamp(exception.created_at),
      withdrawn_at: withdrawnAt,
      withdrawn_by: personRef(exception.withdrawn_by, row.withdrawer_name),
      withdrawal_reason: exception.withdrawal_reason,
    };
  }

  async function one(id: number) {
    const row = await findPromotionException(db, id);
    if (!row) throw notFound(NOT_FOUND);
    return toResource(row, clock.today());
  }

  const snapshot = (resource: PromotionException) => ({
    type: resource.type,
    description: resource.description,
    evidence_reference: resource.evidence_reference,
    document: resource.document?.name ?? null,
    effective_on: resource.effective_on,
    expires_on: resource.expires_on,
  });

  return {
    /** GET /api/investors/{id}/promotion-exceptions: current and past, the latest effective first. */
    async list(investorId: number): Promise<PromotionException[]> {
      await loadInvestor(db, investorId);
      const today = clock.today();
      return (await listPromotionExceptions(db, investorId)).map((row) => toResource(row, today));
    },

    /**
     * GET /api/profile/promotion-exemption: whether the feature keeps the investor from live opportunities, and
     * whether they hold a valid exemption today (the portal explains an empty list by it).
     */
    async mine(userId: number, required: boolean): Promise<ProfilePromotionExemption> {
      const today = clock.today();
      const valid = (await listPromotionExceptions(db, userId)).filter(
        (row) =>
          promotionExceptionStatus(
            {
              effective_on: row.exception.effective_on,
              expires_on: row.exception.expires_on,
              withdrawn_at: toApiTimestampOrNull(row.exception.withdrawn_at),
            },
            today,
          ) === 'valid',
      );
      const expiries = valid.map((row) => row.exception.expires_on);
      return {
        required,
        valid: valid.length > 0,
        expires_on: expiries.includes(null) ? null : (expiries.sort().at(-1) ?? null),
      };
    },

    /** Records an exemption; the signed statements expire after 12 months unless an expiry is given. */
    async record(actor: Actor, investorId: number, input: RecordInput): Promise<PromotionException> {
      const today = clock.today();
      // A statement or certificate is signed on a day that has come: it cannot take effect later.
      if (input.effective_on > today)
        throw fieldError('effective_on', 'The effective date cannot be after today.');
      const expiresOn = input.expires_on ?? defaultPromotionExceptionExpiry(input.type, input.effective_on);
      if (expiresOn !== null && expiresOn <= input.effective_on)
        throw fieldError('expires_on', 'The expiry date must be after the effective date.');
      const id = await db.transaction(async (tx) => {
        await loadInvestor(tx, investorId);
        if (input.document_id !== null && !(await findInvestorDocument(tx, investorId, input.document_id)))
          throw fieldError('document_id', 'Choose one of this investor’s documents.');
        const row = await insertPromotionException(tx, {
          user_id: investorId,
          type: input.type,
          description: input.description,
          evidence_reference: input.evidence_reference,
          document_id: input.document_id,
          effective_on: input.effective_on,
          expires_on: expiresOn,
          recorded_by: actor.userId,
        });
        const saved = await findPromotionException(tx, row.id);
        await recordAudit(tx, actor, {
          action: 'investor.promotion_exception_recorded',
          subjectType: 'investor',
          subjectId: investorId,
          after: saved ? { id: row.id, ...snapshot(toResource(saved, today)) } : { id: row.id },
        });
        return row.id;
      });
      return one(id);
    },

    /** Withdraws an exemption, with the reason; it is kept, withdrawn. */
    async withdraw(actor: Actor, id: number, reason: string): Promise<PromotionException> {
      await db.transaction(async (tx) => {
        const row = await lockPromotionException(tx, id);
        if (!row) throw notFound(NOT_FOUND);
        if (row.withdrawn_at) throw fieldError('reason', 'This exemption has already been withdrawn.');
        await withdrawPromotionException(tx, id, {
          withdrawn_at: clock.now(),
          withdrawn_by: actor.userId,
          withdrawal_reason: reason,
        });
        await recordAudit(tx, actor, {
          action: 'investor.promotion_exception_withdrawn',
          subjectType: 'investor',
          subjectId: row.user_id,
          before: { id, type: row.type, effective_on: row.effective_on, expires_on: row.expires_on },
          after: { id, withdrawal_reason: reason },
        });
      });
      return one(id);
    },
  };
}

export type PromotionExceptionsService = ReturnType<typeof createPromotionExceptionsService>;
