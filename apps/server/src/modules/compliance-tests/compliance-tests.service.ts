import {
  COMPLIANCE_RETRY_HOURS,
  COMPLIANCE_RETRY_SECONDS,
  UNLIMITED_COMPLIANCE_TRIES,
  type ComplianceAnswersInput,
  type ComplianceBank,
  type ComplianceResult,
  type FeatureSet,
  type FieldErrors,
  type ProfileComplianceTest,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import {
  fieldError,
  HttpError,
  notFound,
  tooManyAttempts,
  validationError,
} from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import type { BrandingService } from '../branding/branding.service';
import type { InvestorsService } from '../investors/investors.service';
import { loadInvestor } from '../compliance/compliance.shared';
import { allowedTries, createComplianceBankService } from './compliance-bank.service';
import { isAnsweredCorrectly, toAttempt, toInvestorQuestion, toSnapshot } from './compliance-tests.mapper';
import {
  hasCurrentCategorisation,
  insertAttempt,
  lastAttempt,
  listAttempts,
  listQuestions,
  lockUser,
  setUserCompliance,
  type AttemptRow,
  type QuestionWithOptions,
} from './compliance-tests.repository';

export interface ComplianceTestsDeps {
  branding: BrandingService;
  investors: InvestorsService;
}

export const AWAITING_CATEGORISATION =
  'Your appropriateness test opens once your investor categorisation has been approved. We will let you know when it has been reviewed.';
export const ALREADY_PASSED = 'You have already passed the appropriateness test.';
const UNAVAILABLE = 'The appropriateness test is not available yet: no questions have been set up.';

const retryAtOf = (attempt: AttemptRow) =>
  new Date(attempt.created_at.getTime() + COMPLIANCE_RETRY_SECONDS * 1000);

/** "3 hours 5 minutes", "1 minute" */
const hoursAndMinutes = (seconds: number) => {
  const totalMinutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const part = (value: number, unit: string) => `${value} ${unit}${value === 1 ? '' : 's'}`;
  if (hours === 0) return part(minutes, 'minute');
  return minutes > 0 ? `${part(hours, 'hour')} ${part(minutes, 'minute')}` : part(hours, 'hour');
};

/**
 * The appropriateness test (spec §4, §9; DOMAIN.md): the investor's state and attempts, scored here,
 * beside the bank staff keep (compliance-bank.service.ts). A failed attempt means a 24-hour wait, read
 * from the server's clock (ctx.clock) so tests can move it.
 */
export function createComplianceTestsService(ctx: AppContext, deps: ComplianceTestsDeps) {
  const { db, clock } = ctx;
  const { branding, investors } = deps;
  const questionBank = createComplianceBankService(ctx);

  /**
   * The rules of spec §4 "Compliance test loading", evaluated for one investor. The features are read
   * before any transaction (ADR 006: on PGlite a read through `db` inside one would wait for it).
   */
  async function evaluate(tx: DbOrTx, user: UserRow, features: FeatureSet) {
    const riskWarning = features.riskWarning;
    const bank: ComplianceBank = riskWarning ? 'risk_warning' : 'standard';
    const allowed = riskWarning ? UNLIMITED_COMPLIANCE_TRIES : await allowedTries(tx);
    const now = clock.now();
    const last = await lastAttempt(tx, user.id);
    const passed = user.compliance_passed === 1;
    const base = { bank, allowed, used: user.compliance_tries, passed, last, now };
    if (!features.complianceTest) return { ...base, status: 'not_required' as const, questions: [] };
    if (passed) return { ...base, status: 'passed' as const, questions: [] };
    if (features.complianceRequiresCategorisation && !(await hasCurrentCategorisation(tx, user.id, now)))
      return { ...base, status: 'awaiting_categorisation' as const, questions: [] };
    if (user.compliance_tries >= allowed) return { ...base, status: 'no_tries_left' as const, questions: [] };
    if (last && !last.passed && retryAtOf(last) > now)
      return { ...base, status: 'cooldown' as const, retryAt: retryAtOf(last), questions: [] };
    const questions = (await listQuestions(tx, bank, true)).filter((question) => question.options.length > 0);
    if (questions.length === 0) return { ...base, status: 'unavailable' as const, questions };
    return { ...base, status: 'open' as const, questions };
  }

  /** Every answer must match the questions offered: each once, with options of that question only. */
  function checkAnswers(offered: QuestionWithOptions[], answers: ComplianceAnswersInput['answers']) {
    const errors: FieldErrors = {};
    const byId = new Map(offered.map((question) => [question.id, question]));
    const seen = new Set<number>();
    for (const [index, answer] of answers.entries()) {
      const question = byId.get(answer.question_id);
      if (!question) {
        errors[`answers.${index}.question_id`] = ['The selected question is not part of this test.'];
        continue;
      }
      if (seen.has(answer.question_id)) {
        errors[`answers.${index}.question_id`] = ['This question is answered more than once.'];
        continue;
      }
      seen.add(answer.question_id);
      const optionIds = new Set(question.options.map((option) => option.id));
      if (new Set(answer.option_ids).size !== answer.option_ids.length)
        errors[`answers.${index}.option_ids`] = ['An option is chosen more than once.'];
      else if (answer.option_ids.some((id) => !optionIds.has(id)))
        errors[`answers.${index}.option_ids`] = ['The selected option does not belong to this question.'];
    }
    const missing = offered.filter((question) => !seen.has(question.id)).length;
    if (missing > 0 && Object.keys(errors).length === 0)
      errors.answers = [
        `Answer every question: ${missing} of ${offered.length} ${missing === 1 ? 'is' : 'are'} not answered.`,
      ];
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  return {
    ...questionBank,

    /** GET /api/profile/compliance-test: where the signed-in investor stands, and what to answer. */
    async state(user: UserRow): Promise<ProfileComplianceTest> {
      const { features } = await branding.current();
      const fresh = await loadInvestor(db, user.id);
      const state = await evaluate(db, fresh, features);
      const retryAt = 'retryAt' in state && state.retryAt ? state.retryAt : null;
      return {
        status: state.status,
        required: state.status !== 'not_required' && state.status !== 'passed',
        passed: state.passed,
        bank: state.bank,
        tries_used: state.used,
        tries_allowed: state.allowed,
        retry_at: retryAt ? toApiTimestamp(retryAt) : null,
        retry_in_seconds: retryAt
          ? Math.max(0, Math.ceil((retryAt.getTime() - clock.now().getTime()) / 1000))
          : null,
        last_attempt: state.last
          ? {
              passed: state.last.passed,
              score: state.last.score,
              total: state.last.total,
              created_at: toApiTimestamp(state.last.created_at),
            }
          : null,
        questions: state.questions.map((row) => toInvestorQuestion(row, true)),
      };
    },

    /**
     * POST /api/compliance-tests: scores an attempt. The investor's row is locked first, so parallel
     * submissions are taken one at a time: the second sees the first's try and its cooldown.
     */
    async submit(actor: Actor, userId: number, input: ComplianceAnswersInput): Promise<ComplianceResult> {
      const { features } = await branding.current();
      return db.transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        if (!user) throw notFound('No investor with that id.');
        const state = await evaluate(tx, user, features);
        switch (state.status) {
          case 'not_required':
            throw notFound();
          case 'passed':
            throw new HttpError(409, ALREADY_PASSED, 'CONFLICT');
          case 'awaiting_categorisation':
            throw new HttpError(409, AWAITING_CATEGORISATION, 'CONFLICT');
          case 'no_tries_left':
            throw tooManyAttempts(
              COMPLIANCE_RETRY_SECONDS,
              `You have used all ${state.allowed} of your attempts at the appropriateness test. Please contact us to discuss your options.`,
            );
          case 'cooldown': {
            const seconds = Math.max(1, Math.ceil((state.retryAt.getTime() - state.now.getTime()) / 1000));
            throw tooManyAttempts(
              seconds,
              `You can take the test again ${COMPLIANCE_RETRY_HOURS} hours after your last attempt: in ${hoursAndMinutes(seconds)}.`,
            );
          }
          case 'unavailable':
            throw fieldError('answers', UNAVAILABLE);
          case 'open':
            break;
        }
        checkAnswers(state.questions, input.answers);
        const snapshot = toSnapshot(state.questions);
        const answers = state.questions.map((question) => ({
          question_id: question.id,
          option_ids: [
            ...(input.answers.find((answer) => answer.question_id === question.id)?.option_ids ?? []),
          ].sort((a, b) => a - b),
        }));
        const score = snapshot.filter((question, index) =>
          isAnsweredCorrectly(question, answers[index]?.option_ids ?? []),
        ).length;
        const passed = score === snapshot.length;
        const attempt = await insertAttempt(tx, {
          user_id: userId,
          bank: state.bank,
          questions: snapshot,
          answers,
          score,
          total: snapshot.length,
          passed,
          created_at: state.now,
        });
        const triesUsed = user.compliance_tries + 1;
        await setUserCompliance(tx, userId, triesUsed, passed);
        await recordAudit(tx, actor, {
          action: passed ? 'compliance_test.passed' : 'compliance_test.failed',
          subjectType: 'investor',
          subjectId: userId,
          after: {
            attempt_id: attempt.id,
            bank: state.bank,
            score,
            total: snapshot.length,
            tries_used: triesUsed,
            tries_allowed: state.allowed,
          },
        });
        await investors.refreshOnboardingState(tx, userId);
        return {
          passed,
          tries_used: triesUsed,
          tries_allowed: state.allowed,
          retry_at: passed ? null : toApiTimestamp(retryAtOf(attempt)),
        };
      });
    },

    /** Staff: every attempt of an investor, newest first, with the questions as shown. */
    async attempts(investorId: number) {
      await loadInvestor(db, investorId);
      return (await listAttempts(db, investorId)).map(toAttempt);
    },

    /** Test-only (TEST_CLOCK=1): moves the server's clock forward. */
    advanceClock(seconds: number) {
      clock.advance(seconds);
      return { now: toApiTimestamp(clock.now()), offset_seconds: clock.offsetSeconds };
    },
  };
}

export type ComplianceTestsService = ReturnType<typeof createComplianceTestsService>;
