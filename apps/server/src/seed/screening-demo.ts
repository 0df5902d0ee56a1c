import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  auditLog,
  investorProfiles,
  onboardingDocuments,
  onboardingRequirements,
  screeningChecks,
  users,
} from '../db/schema';

const DAY = 86_400_000;

/**
 * Issue 9: the demo's identity checks. Every investor the CRM demo marked as screened gets the check
 * behind that status (passed, by the demo admin; or awaiting review), with their uploaded proof of
 * identity and of address as its evidence; investor@portico.test has passed, investor2@portico.test
 * has not started.
 */
export async function seedScreening(tx: DbOrTx, options: { adminId: number; passedIds: number[] }) {
  if (options.passedIds.length > 0)
    await tx
      .update(investorProfiles)
      .set({ screening_status: 'passed', screened_at: new Date(Date.now() - DAY) })
      .where(inArray(investorProfiles.user_id, options.passedIds));
  const people = await tx
    .select({ profile: investorProfiles, name: users.name, created: users.created_at })
    .from(investorProfiles)
    .innerJoin(users, eq(users.id, investorProfiles.user_id))
    .where(inArray(investorProfiles.screening_status, ['passed', 'pending']));
  if (people.length === 0) return;
  const evidence = await tx
    .select({
      user_id: onboardingDocuments.user_id,
      requirement: onboardingRequirements.name,
      document_id: onboardingDocuments.document_id,
    })
    .from(onboardingDocuments)
    .innerJoin(onboardingRequirements, eq(onboardingRequirements.id, onboardingDocuments.requirement_id))
    .where(
      and(
        inArray(onboardingRequirements.name, ['Proof of identity', 'Proof of address']),
        isNotNull(onboardingDocuments.document_id),
      ),
    );
  const fileOf = new Map(evidence.map((row) => [`${row.user_id}:${row.requirement}`, row.document_id]));
  const rows = people.map(({ profile, name, created }) => {
    const passed = profile.screening_status === 'passed';
    const decidedAt = profile.screened_at ?? new Date(Date.now() - DAY);
    const sentAt = new Date(Math.max(created.getTime(), decidedAt.getTime() - 2 * DAY));
    return {
      user_id: profile.user_id,
      provider: 'staff',
      kind: 'uk' as const,
      status: passed ? ('passed' as const) : ('submitted' as const),
      identity_document_id: fileOf.get(`${profile.user_id}:Proof of identity`) ?? null,
      proof_of_address_id: fileOf.get(`${profile.user_id}:Proof of address`) ?? null,
      legal_name: [profile.first_name, profile.last_name].filter(Boolean).join(' ') || name,
      date_of_birth: profile.date_of_birth,
      nationality: profile.nationality,
      address: {
        address_line_1: profile.address_line_1,
        address_line_2: profile.address_line_2,
        city: profile.city,
        postcode: profile.postcode,
        country: profile.country,
      },
      decided_by: passed ? options.adminId : null,
      decided_at: passed ? decidedAt : null,
      created_at: passed ? sentAt : decidedAt,
    };
  });
  const inserted = await tx.insert(screeningChecks).values(rows).returning();
  await tx.insert(auditLog).values(
    inserted.flatMap((check) => [
      {
        actor_id: check.user_id,
        action: 'screening.submitted',
        subject_type: 'investor',
        subject_id: check.user_id,
        after: { screening_check_id: check.id, provider: 'staff', kind: check.kind, status: 'submitted' },
        created_at: check.created_at,
      },
      ...(check.status === 'passed'
        ? [
            {
              actor_id: options.adminId,
              action: 'screening.passed',
              subject_type: 'investor',
              subject_id: check.user_id,
              before: { screening_check_id: check.id, status: 'submitted' },
              after: { screening_check_id: check.id, kind: check.kind, status: 'passed', reason: null },
              created_at: check.decided_at ?? check.created_at,
            },
          ]
        : []),
    ]),
  );
}
