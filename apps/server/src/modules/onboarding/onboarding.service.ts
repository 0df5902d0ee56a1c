import type { InvestorOnboardingSteps, OnboardingEvidence, ProfileOnboarding } from '@portico/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import {
  auditLog,
  categorisations,
  complianceAttempts,
  firstInvestmentWarnings,
  users,
} from '../../db/schema';
import { toApiTimestamp, toApiTimestampOrNull } from '../../platform/time';
import { loadInvestor, personRef, timestampOrNull } from '../compliance/compliance.shared';
import type { OnboardingDocumentsService } from '../compliance/onboarding-documents.service';
import type { ScreeningService } from '../screening/screening.service';
import { loadOnboardingFacts, loadOnboardingSettings } from './onboarding.repository';
import { onboardingSteps, readyToInvest } from './onboarding.steps';

/**
 * The audit actions that record a passed appropriateness test (written by the test's module) and an
 * acceptance of the terms: the evidence's times come from the audit trail, which is append-only.
 */
const TERMS_ACCEPTED_ACTION = 'user.terms_accepted';

const recorder = alias(users, 'recorder');
const reviewer = alias(users, 'reviewer');

export interface OnboardingDeps {
  screening: ScreeningService;
  documents: OnboardingDocumentsService;
}

/** The onboarding checklist for the investor and, with the evidence of each step, for staff. */
export function createOnboardingService(ctx: AppContext, deps: OnboardingDeps) {
  const { db } = ctx;

  async function stepsOf(userId: number) {
    const settings = await loadOnboardingSettings(db);
    const [facts] = await loadOnboardingFacts(db, [userId]);
    if (!facts) throw new Error('the investor has no user row');
    const steps = onboardingSteps(facts, settings);
    return { facts, settings, steps, ready_to_invest: readyToInvest(steps) };
  }

  /** When the investor last passed the appropriateness test: the attempt itself is the evidence. */
  async function lastPass(userId: number) {
    const [row] = await db
      .select({ created_at: complianceAttempts.created_at })
      .from(complianceAttempts)
      .where(and(eq(complianceAttempts.user_id, userId), eq(complianceAttempts.passed, true)))
      .orderBy(desc(complianceAttempts.created_at))
      .limit(1);
    return row?.created_at ?? null;
  }

  async function lastAudit(userId: number, subjectType: string, actions: string[]) {
    const [row] = await db
      .select({ created_at: auditLog.created_at })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject_type, subjectType),
          eq(auditLog.subject_id, userId),
          inArray(auditLog.action, actions),
        ),
      )
      .orderBy(desc(auditLog.created_at))
      .limit(1);
    return row?.created_at ?? null;
  }

  async function categorisationEvidence(userId: number, id: number | undefined) {
    if (id === undefined) return null;
    const [row] = await db
      .select({ categorisation: categorisations, recorder_name: recorder.name, reviewer_name: reviewer.name })
      .from(categorisations)
      .leftJoin(recorder, eq(recorder.id, categorisations.recorded_by))
      .leftJoin(reviewer, eq(reviewer.id, categorisations.reviewed_by))
      .where(and(eq(categorisations.id, id), eq(categorisations.user_id, userId)));
    if (!row) return null;
    const { categorisation: c } = row;
    return {
      id: c.id,
      category: c.category,
      statement_version: c.statement_version,
      status: c.status,
      signed_at: toApiTimestamp(c.signed_at),
      expires_at: toApiTimestamp(c.expires_at),
      reason: c.reason,
      recorded_by: personRef(c.recorded_by, row.recorder_name),
      reviewed_by: personRef(c.reviewed_by, row.reviewer_name),
      reviewed_at: timestampOrNull(c.reviewed_at),
    };
  }

  /** The first-investment warning's evidence (issue 11), or null when it was never shown. */
  async function firstInvestmentWarning(userId: number) {
    const [row] = await db
      .select()
      .from(firstInvestmentWarnings)
      .where(eq(firstInvestmentWarnings.user_id, userId));
    if (!row) return null;
    return {
      opportunity_id: row.opportunity_id,
      text: row.warning_text,
      shown_at: toApiTimestamp(row.shown_at),
      acknowledged_at: toApiTimestampOrNull(row.acknowledged_at),
      cooling_off_ends_at: toApiTimestamp(row.cooling_off_ends_at),
    };
  }

  return {
    /** GET /api/profile/onboarding */
    async mine(userId: number): Promise<ProfileOnboarding> {
      const { steps, ready_to_invest } = await stepsOf(userId);
      return { steps, ready_to_invest };
    },

    /** GET /api/investors/:id/onboarding: the same steps, and the evidence behind each. */
    async forInvestor(userId: number): Promise<InvestorOnboardingSteps> {
      await loadInvestor(db, userId);
      const { facts, settings, steps, ready_to_invest } = await stepsOf(userId);
      const documents = await deps.documents.forInvestor(userId);
      const required = new Map(
        settings.requirements.map((requirement) => [requirement.id, requirement.required]),
      );
      const evidence: OnboardingEvidence = {
        email: { verified_at: timestampOrNull(facts.verifiedAt) },
        categorisation: await categorisationEvidence(userId, (facts.valid ?? facts.latest)?.id),
        appropriateness: {
          passed: facts.compliancePassed,
          attempts: facts.complianceTries,
          passed_at: facts.compliancePassed ? timestampOrNull(await lastPass(userId)) : null,
        },
        identity: (await deps.screening.checks(db, userId, true)).current,
        documents: documents.items.map((item) => ({
          requirement_id: item.requirement.id,
          requirement: item.requirement.name,
          required: required.get(item.requirement.id) ?? item.requirement.required,
          status: item.status,
          reason: item.latest?.reason ?? null,
          document: item.latest?.document ?? null,
          submitted_at: item.latest?.created_at ?? null,
          reviewed_by: item.latest?.reviewed_by ?? null,
          reviewed_at: item.latest?.reviewed_at ?? null,
        })),
        terms: {
          accepted_version: facts.acceptedTermsVersion,
          current_version: settings.termsVersion,
          accepted_at: timestampOrNull(await lastAudit(userId, 'user', [TERMS_ACCEPTED_ACTION])),
        },
        first_investment_warning: await firstInvestmentWarning(userId),
      };
      return { investor_id: userId, steps, ready_to_invest, evidence };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
