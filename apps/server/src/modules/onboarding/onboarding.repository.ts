import { isFeatureAvailable, type FeatureKey } from '@portico/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  categorisations,
  onboardingDocuments,
  onboardingRequirements,
  screeningChecks,
  users,
  type ScreeningCheckRow,
} from '../../db/schema';
import { findBranding } from '../branding/branding.repository';

/** `column = any($1)`: ids as one array parameter (see investors.repository). */
const anyId = (column: AnyPgColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)}::bigint[])`;

/** What the platform asks of every investor: read once per computation. */
export interface OnboardingSettings {
  complianceTest: boolean;
  screening: boolean;
  termsVersion: number;
  /** active requirements; `required` ones hold onboarding up */
  requirements: Array<{ id: number; name: string; required: boolean }>;
}

type CategorisationFact = Pick<
  typeof categorisations.$inferSelect,
  'id' | 'category' | 'status' | 'reason' | 'signed_at' | 'expires_at'
>;

/** One investor's sources of every step. */
export interface OnboardingFacts {
  userId: number;
  verifiedAt: Date | null;
  compliancePassed: boolean;
  complianceTries: number;
  acceptedTermsVersion: number;
  /** the latest approved categorisation that has not expired */
  valid: CategorisationFact | undefined;
  /** the latest categorisation signed, whatever its state */
  latest: CategorisationFact | undefined;
  /** the latest submission's status and reason for each requirement id */
  documents: Map<number, { status: 'pending' | 'approved' | 'rejected'; reason: string | null }>;
  check: ScreeningCheckRow | undefined;
}

const enabled = (stored: Record<string, boolean> | undefined, key: FeatureKey) =>
  stored?.[key] === true && isFeatureAvailable(key);

export async function loadOnboardingSettings(db: DbOrTx): Promise<OnboardingSettings> {
  const row = await findBranding(db);
  const requirements = await db
    .select({
      id: onboardingRequirements.id,
      name: onboardingRequirements.name,
      required: onboardingRequirements.required,
    })
    .from(onboardingRequirements)
    .where(eq(onboardingRequirements.active, true))
    .orderBy(onboardingRequirements.position, onboardingRequirements.id);
  return {
    complianceTest: enabled(row?.features, 'complianceTest'),
    screening: enabled(row?.features, 'screening'),
    termsVersion: row?.terms_version ?? 1,
    requirements,
  };
}

/**
 * Every source of the onboarding steps for many investors: a fixed number of set-based reads whatever
 * the number of investors (imports refresh thousands at once; docs/benchmarks.md).
 */
export async function loadOnboardingFacts(db: DbOrTx, userIds: number[]): Promise<OnboardingFacts[]> {
  if (userIds.length === 0) return [];
  const people = await db
    .select({
      id: users.id,
      verified: users.email_verified_at,
      passed: users.compliance_passed,
      tries: users.compliance_tries,
      terms: users.accepted_terms_version,
    })
    .from(users)
    .where(anyId(users.id, userIds));
  const categorisationFields = {
    user_id: categorisations.user_id,
    id: categorisations.id,
    category: categorisations.category,
    status: categorisations.status,
    reason: categorisations.reason,
    signed_at: categorisations.signed_at,
    expires_at: categorisations.expires_at,
  };
  const valid = await db
    .selectDistinctOn([categorisations.user_id], categorisationFields)
    .from(categorisations)
    .where(
      and(
        anyId(categorisations.user_id, userIds),
        eq(categorisations.status, 'approved'),
        gte(categorisations.expires_at, new Date()),
      ),
    )
    .orderBy(categorisations.user_id, sql`${categorisations.signed_at} desc`);
  const latest = await db
    .selectDistinctOn([categorisations.user_id], categorisationFields)
    .from(categorisations)
    .where(anyId(categorisations.user_id, userIds))
    .orderBy(
      categorisations.user_id,
      sql`${categorisations.signed_at} desc`,
      sql`${categorisations.id} desc`,
    );
  const submissions = await db
    .selectDistinctOn([onboardingDocuments.user_id, onboardingDocuments.requirement_id], {
      user_id: onboardingDocuments.user_id,
      requirement_id: onboardingDocuments.requirement_id,
      status: onboardingDocuments.status,
      reason: onboardingDocuments.reason,
    })
    .from(onboardingDocuments)
    .where(anyId(onboardingDocuments.user_id, userIds))
    .orderBy(
      onboardingDocuments.user_id,
      onboardingDocuments.requirement_id,
      sql`${onboardingDocuments.created_at} desc`,
      sql`${onboardingDocuments.id} desc`,
    );
  const checks = await db
    .selectDistinctOn([screeningChecks.user_id])
    .from(screeningChecks)
    .where(anyId(screeningChecks.user_id, userIds))
    .orderBy(
      screeningChecks.user_id,
      sql`${screeningChecks.created_at} desc`,
      sql`${screeningChecks.id} desc`,
    );

  const validOf = new Map(valid.map((row) => [row.user_id, row]));
  const latestOf = new Map(latest.map((row) => [row.user_id, row]));
  const checkOf = new Map(checks.map((row) => [row.user_id, row]));
  const documentsOf = new Map<number, OnboardingFacts['documents']>();
  for (const row of submissions) {
    const map: OnboardingFacts['documents'] = documentsOf.get(row.user_id) ?? new Map<number, never>();
    map.set(row.requirement_id, { status: row.status, reason: row.reason });
    documentsOf.set(row.user_id, map);
  }
  return people.map((person) => ({
    userId: person.id,
    verifiedAt: person.verified,
    compliancePassed: person.passed === 1,
    complianceTries: person.tries,
    acceptedTermsVersion: person.terms,
    valid: validOf.get(person.id),
    latest: latestOf.get(person.id),
    documents: documentsOf.get(person.id) ?? new Map(),
    check: checkOf.get(person.id),
  }));
}
