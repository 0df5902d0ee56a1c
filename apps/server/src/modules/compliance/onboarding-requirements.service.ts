import type {
  NewOnboardingRequirementInput,
  OnboardingRequirement,
  OnboardingRequirementChanges,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { violatedConstraint } from '../../db/errors';
import { ONBOARDING_ONE_PER_EVIDENCE_INDEX } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import type { ComplianceDeps } from './compliance.shared';
import {
  categorisedInvestorIds,
  countSubmissions,
  deleteRequirement,
  findRequirement,
  insertRequirement,
  listRequirements,
  nextPosition,
  updateRequirement,
  type RequirementRow,
} from './onboarding-requirements.repository';

type Changes = {
  [K in keyof OnboardingRequirementChanges]?: Exclude<OnboardingRequirementChanges[K], undefined>;
};

export const toRequirement = (row: RequirementRow): OnboardingRequirement => ({
  id: row.id,
  name: row.name,
  description: row.description,
  kind: row.kind,
  required: row.required,
  active: row.active,
  position: row.position,
  identity_evidence: row.identity_evidence,
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
});

const snapshot = (row: RequirementRow) => ({
  requirement_id: row.id,
  name: row.name,
  kind: row.kind,
  required: row.required,
  active: row.active,
  position: row.position,
  identity_evidence: row.identity_evidence,
});

/** The name of the check constraint a check_violation (23514) broke, whichever driver raised it. */
export function checkViolated(error: unknown): string | undefined {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23514') return typeof constraint === 'string' ? constraint : undefined;
  }
  return undefined;
}

/**
 * The kind and the evidence go together (an identity check's file is an upload), and one active
 * requirement takes each type of evidence: the database refuses the rest, said here in words.
 */
async function evidenceOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === ONBOARDING_ONE_PER_EVIDENCE_INDEX)
      throw fieldError(
        'identity_evidence',
        'Another active sign-up document already takes this file of the identity check.',
      );
    if (checkViolated(error) === 'onboarding_requirements_identity_evidence_kind')
      throw fieldError(
        'identity_evidence',
        'Only a document the investor uploads can be a file of the identity check.',
      );
    throw error;
  }
}

/**
 * Settings → investor → sign-up-documents: what every investor must provide or sign. A change to what
 * is required moves investors' onboarding state, so it is recomputed in the same transaction.
 */
export function createOnboardingRequirementsService(ctx: AppContext, deps: ComplianceDeps) {
  const { db } = ctx;

  /** One pass over every investor whose state can depend on the requirements. */
  async function refreshInvestors(tx: DbOrTx) {
    for (const userId of await categorisedInvestorIds(tx))
      await deps.investors.refreshOnboardingState(tx, userId);
  }

  async function load(tx: DbOrTx, id: number) {
    const row = await findRequirement(tx, id);
    if (!row) throw notFound('No sign-up document with that id.');
    return row;
  }

  return {
    list: async () => (await listRequirements(db)).map(toRequirement),

    async create(actor: Actor, input: NewOnboardingRequirementInput & { description?: string | null }) {
      return evidenceOnce(() =>
        db.transaction(async (tx) => {
          const row = await insertRequirement(tx, {
            name: input.name,
            description: input.description ?? null,
            kind: input.kind ?? 'upload',
            required: input.required ?? true,
            active: input.active ?? true,
            position: input.position ?? (await nextPosition(tx)),
            identity_evidence: input.identity_evidence ?? null,
          });
          await recordAudit(tx, actor, {
            action: 'onboarding_requirement.created',
            subjectType: 'onboarding_requirement',
            subjectId: row.id,
            after: snapshot(row),
          });
          if (row.active && row.required) await refreshInvestors(tx);
          return toRequirement(row);
        }),
      );
    },

    async update(actor: Actor, id: number, input: Changes) {
      return evidenceOnce(() =>
        db.transaction(async (tx) => {
          const before = await load(tx, id);
          const row = await updateRequirement(tx, id, {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.kind !== undefined ? { kind: input.kind } : {}),
            ...(input.required !== undefined ? { required: input.required } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
            ...(input.position !== undefined ? { position: input.position } : {}),
            ...(input.identity_evidence !== undefined ? { identity_evidence: input.identity_evidence } : {}),
          });
          if (!row) throw notFound('No sign-up document with that id.');
          await recordAudit(tx, actor, {
            action: 'onboarding_requirement.updated',
            subjectType: 'onboarding_requirement',
            subjectId: id,
            before: snapshot(before),
            after: snapshot(row),
          });
          if (before.required !== row.required || before.active !== row.active) await refreshInvestors(tx);
          return toRequirement(row);
        }),
      );
    },

    /** Only a requirement nobody has submitted for; otherwise deactivate it and keep the history. */
    async remove(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        if ((await countSubmissions(tx, id)) > 0)
          throw fieldError(
            'id',
            'Investors have submitted documents for this requirement: deactivate it instead, so their history is kept.',
          );
        await deleteRequirement(tx, id);
        await recordAudit(tx, actor, {
          action: 'onboarding_requirement.deleted',
          subjectType: 'onboarding_requirement',
          subjectId: id,
          before: snapshot(before),
        });
        if (before.active && before.required) await refreshInvestors(tx);
      });
    },

    /** Every requirement's id, in the order wanted. */
    async reorder(actor: Actor, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await listRequirements(tx);
        const known = new Set(rows.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
          throw fieldError('ids', 'List every sign-up document exactly once, in the order wanted.');
        for (const [position, id] of ids.entries()) await updateRequirement(tx, id, { position });
        await recordAudit(tx, actor, {
          action: 'onboarding_requirement.reordered',
          subjectType: 'onboarding_requirement',
          subjectId: null,
          before: {
            ids: rows.map((row) => row.id),
            items: rows.map((row) => ({ item_id: row.id, name: row.name })),
          },
          after: {
            ids,
            items: ids.map((id) => ({ item_id: id, name: rows.find((row) => row.id === id)?.name ?? '' })),
          },
        });
        return (await listRequirements(tx)).map(toRequirement);
      });
    },
  };
}

export type OnboardingRequirementsService = ReturnType<typeof createOnboardingRequirementsService>;
