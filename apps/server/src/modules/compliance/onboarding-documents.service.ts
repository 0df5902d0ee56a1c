import {
  can,
  SCREENING_EVIDENCE_LABELS,
  onboardingReviewsListQuery,
  parseListQuery,
  type InvestorOnboarding,
  type OnboardingReview,
  type OnboardingSubmission,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { paginate } from '../../platform/list-query/paginator';
import { toApiTimestamp } from '../../platform/time';
import {
  asClause,
  createOutbox,
  investorTabUrl,
  loadInvestor,
  personRef,
  staffWhere,
  timestampOrNull,
  type ComplianceDeps,
} from './compliance.shared';
import {
  findSubmission,
  insertSubmission,
  latestSubmission,
  listReviews,
  lockSubmission,
  submissionsOf,
  lockRequirementOf,
  supersedePendingSubmissions,
  updateSubmission,
  type SubmissionRow,
} from './onboarding-documents.repository';
import { findRequirement, listRequirements } from './onboarding-requirements.repository';
import { toRequirement } from './onboarding-requirements.service';

const REPLACED = 'Replaced by a newer upload.';
const PORTAL_DOCUMENTS = '/investor/profile/documents';

/** Staff who review onboarding documents: they see the review list and may change investors. */
const mayReview = (role: number) =>
  can(role, 'onboarding_documents', 'index') && can(role, 'investors', 'update');

/**
 * Onboarding documents (DOMAIN.md): each investor's submission per sign-up requirement, stored as a
 * private document, reviewed by staff (pending, approved, or rejected with a reason), the investor told
 * of each decision and the onboarding state recomputed.
 */
export function createOnboardingDocumentsService(ctx: AppContext, deps: ComplianceDeps) {
  const { db } = ctx;
  const { documents, investors, notifications, branding } = deps;

  /** Staff see the file with a signed link; the investor sees only its name (the file is private). */
  function toSubmission(row: SubmissionRow, staff: boolean): OnboardingSubmission {
    const { submission, document } = row;
    return {
      id: submission.id,
      investor_id: submission.user_id,
      requirement_id: submission.requirement_id,
      status: submission.status,
      reason: submission.reason,
      document_name: document?.name ?? null,
      screening_check_id: submission.screening_check_id,
      document:
        staff && document ? documents.toResource({ ...document, uploader_name: row.uploader_name }) : null,
      submitted_by: personRef(document?.uploaded_by ?? null, row.uploader_name),
      reviewed_by: personRef(submission.reviewed_by, row.reviewer_name),
      reviewed_at: timestampOrNull(submission.reviewed_at),
      created_at: toApiTimestamp(submission.created_at),
    };
  }

  async function overview(userId: number, staff: boolean): Promise<InvestorOnboarding> {
    const requirements = await listRequirements(db, true);
    const rows = await submissionsOf(db, userId);
    const { onboarding_state } = await investors.get(userId);
    return {
      investor_id: userId,
      onboarding_state,
      items: requirements.map((requirement) => {
        const [latest, ...history] = rows
          .filter((row) => row.submission.requirement_id === requirement.id)
          .map((row) => toSubmission(row, staff));
        return {
          requirement: toRequirement(requirement),
          status: latest?.status ?? 'missing',
          latest: latest ?? null,
          history,
        };
      }),
    };
  }

  async function submit(
    actor: Actor,
    userId: number,
    requirementId: number,
    files: UploadedFile[],
    byInvestor: boolean,
  ) {
    if (files.length !== 1)
      throw validationError({
        files: [files.length === 0 ? 'Choose a file to upload.' : 'Upload one file for a requirement.'],
      });
    const outbox = createOutbox(notifications);
    // Settings are read before the transaction: PGlite has one connection (decision 006).
    const screeningOn = await branding.isEnabled('screening');
    await db.transaction(async (tx) => {
      const investor = await loadInvestor(tx, userId);
      const requirement = await findRequirement(tx, requirementId);
      if (!requirement?.active) throw fieldError('requirement_id', 'The selected requirement is invalid.');
      await lockRequirementOf(tx, userId, requirementId);
      const latest = await latestSubmission(tx, userId, requirementId);
      if (byInvestor && latest?.status === 'approved')
        throw fieldError('requirement_id', `Your ${requirement.name} has already been approved.`);
      // Collected once (issue 18): the identity check's file is this document, sent and reviewed with it.
      if (byInvestor && requirement.identity_evidence && screeningOn)
        throw fieldError(
          'requirement_id',
          `Your ${requirement.name} is the ${SCREENING_EVIDENCE_LABELS[requirement.identity_evidence].toLowerCase()} of your identity check: send it on the Identity page.`,
        );
      if (latest?.screening_check_id && latest.status === 'pending')
        throw fieldError(
          'requirement_id',
          `This ${requirement.name} is awaiting review with the identity check: decide the check instead.`,
        );
      const [document] = await documents.upload(
        actor,
        'investor',
        userId,
        files,
        { visibility: 'private', category: 'Onboarding documents' },
        tx,
      );
      if (!document) throw new Error('the upload stored no document');
      // The one awaiting review is closed first: the index allows one pending at a time.
      const replaced = await supersedePendingSubmissions(tx, userId, requirementId, REPLACED);
      const row = await insertSubmission(tx, {
        user_id: userId,
        requirement_id: requirementId,
        document_id: document.id,
        status: 'pending',
      });
      await recordAudit(tx, actor, {
        action: 'onboarding_document.submitted',
        subjectType: 'investor',
        subjectId: userId,
        after: {
          onboarding_document_id: row.id,
          requirement_id: requirementId,
          requirement: requirement.name,
          document_id: document.id,
          name: document.name,
          by_investor: byInvestor,
          replaced: replaced.map((item) => item.id),
        },
      });
      await investors.refreshOnboardingState(tx, userId);
      if (byInvestor)
        await outbox.add(tx, await staffWhere(tx, mayReview), {
          type: 'App\\Notifications\\OnboardingDocumentUploaded',
          audience: 'admin',
          data: {
            message: `**${investor.name}** uploaded **${requirement.name}** for review`,
            cta: investorTabUrl(userId, 'investment-documents'),
            icon: 'default',
          },
        });
    });
    await outbox.publish();
    return overview(userId, !byInvestor);
  }

  async function decide(
    actor: Actor,
    userId: number,
    id: number,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    // One review (issue 18): a file of an identity check awaiting review is decided by deciding the check,
    // which decides every sign-up document made from its files (the database keeps them in step).
    const linked = await findSubmission(db, userId, id);
    if (linked?.screening_check_id && linked.status === 'pending' && deps.screening) {
      if (!(await branding.isEnabled('screening')))
        throw fieldError(
          'status',
          'This document is reviewed with the identity check, and identity checks are switched off: switch them on to decide it.',
        );
      await deps.screening.decide(
        actor,
        userId,
        linked.screening_check_id,
        decision.approve ? 'passed' : 'failed',
        decision.approve ? null : decision.reason,
      );
      return overview(userId, true);
    }
    const outbox = createOutbox(notifications);
    await db.transaction(async (tx: DbOrTx) => {
      const investor = await loadInvestor(tx, userId);
      const row = await lockSubmission(tx, userId, id);
      if (!row) throw notFound('No onboarding document with that id.');
      const requirement = await findRequirement(tx, row.requirement_id);
      const name = requirement?.name ?? 'document';
      if (row.status !== 'pending')
        throw fieldError('status', `This ${name} has already been ${row.status}.`);
      const status = decision.approve ? 'approved' : 'rejected';
      const reason = decision.approve ? null : decision.reason;
      await updateSubmission(tx, id, { status, reason, reviewed_by: actor.userId, reviewed_at: new Date() });
      await recordAudit(tx, actor, {
        action: decision.approve ? 'onboarding_document.approved' : 'onboarding_document.rejected',
        subjectType: 'investor',
        subjectId: userId,
        before: { onboarding_document_id: id, status: row.status },
        after: {
          onboarding_document_id: id,
          requirement_id: row.requirement_id,
          requirement: name,
          status,
          reason,
        },
      });
      await investors.refreshOnboardingState(tx, userId);
      await outbox.add(tx, [investor], {
        type: decision.approve
          ? 'App\\Notifications\\OnboardingDocumentApproved'
          : 'App\\Notifications\\OnboardingDocumentRejected',
        audience: 'user',
        data: {
          message: decision.approve
            ? `Your **${name}** has been approved.`
            : `Your **${name}** was not accepted: ${asClause(reason ?? '')}. Please upload it again.`,
          cta: PORTAL_DOCUMENTS,
          icon: 'default',
        },
      });
    });
    await outbox.publish();
    return overview(userId, true);
  }

  return {
    async forInvestor(userId: number) {
      await loadInvestor(db, userId);
      return overview(userId, true);
    },

    /** Staff upload on the investor's behalf. */
    upload: (actor: Actor, userId: number, requirementId: number, files: UploadedFile[]) =>
      submit(actor, userId, requirementId, files, false),

    approve: (actor: Actor, userId: number, id: number) => decide(actor, userId, id, { approve: true }),

    reject: (actor: Actor, userId: number, id: number, reason: string) =>
      decide(actor, userId, id, { approve: false, reason }),

    /** The investor portal: their own requirements and submissions. */
    mine: (userId: number) => overview(userId, false),

    uploadMine: (actor: Actor, userId: number, requirementId: number, files: UploadedFile[]) =>
      submit(actor, userId, requirementId, files, true),

    /** The review list across investors (onboarding_documents.index). */
    async reviews(raw: Record<string, unknown>, requestUrl: string) {
      const query = parseListQuery(onboardingReviewsListQuery, raw);
      const { rows, total } = await listReviews(db, query);
      const data: OnboardingReview[] = rows.map((row) => ({
        ...toSubmission(row, true),
        investor: row.investor,
        requirement: row.requirement,
      }));
      return paginate(data, total, query, requestUrl);
    },
  };
}

export type OnboardingDocumentsService = ReturnType<typeof createOnboardingDocumentsService>;
