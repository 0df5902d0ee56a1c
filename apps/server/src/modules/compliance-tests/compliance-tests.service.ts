import {
  can,
  COMPLIANCE_BANK_LABELS,
  COMPLIANCE_OPTIONS_PER_QUESTION,
  COMPLIANCE_RETRY_HOURS,
  COMPLIANCE_RETRY_SECONDS,
  isStaffRole,
  normaliseComplianceTries,
  ROLES,
  UNLIMITED_COMPLIANCE_TRIES,
  type ComplianceAnswersInput,
  type ComplianceBank,
  type ComplianceOptionChanges,
  type ComplianceQuestionChanges,
  type ComplianceResult,
  type ComplianceSettings,
  type FieldErrors,
  type NewComplianceOptionInput,
  type NewComplianceQuestionInput,
  type ProfileComplianceTest,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { unverified } from '../../platform/auth/access';
import {
  fieldError,
  forbidden,
  HttpError,
  notFound,
  tooManyAttempts,
  validationError,
} from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import type { BrandingService } from '../branding/branding.service';
import type { InvestorsService } from '../investors/investors.service';
import { loadInvestor } from '../compliance/compliance.shared';
import {
  isAnsweredCorrectly,
  toAttempt,
  toInvestorQuestion,
  toSnapshot,
  toStaffQuestion,
} from './compliance-tests.mapper';
import {
  deleteQuestion,
  findQuestion,
  hasCurrentCategorisation,
  insertAttempt,
  insertQuestion,
  lastAttempt,
  listAttempts,
  listQuestions,
  lockUser,
  nextPosition,
  readSettings,
  replaceOptions,
  saveSettings,
  setUserCompliance,
  updateQuestion,
  type AttemptRow,
  type OptionValues,
  type QuestionWithOptions,
} from './compliance-tests.repository';

export interface ComplianceTestsDeps {
  branding: BrandingService;
  investors: InvestorsService;
}

const NO_SUCH_QUESTION = 'No compliance question with that id.';
const TWO_OPTIONS = 'A question needs at least two options.';
const TOO_MANY_OPTIONS = `A question can have at most ${COMPLIANCE_OPTIONS_PER_QUESTION} options.`;
const NO_SUCH_OPTION = 'No option with that id on this question.';
const ACTIVE_NEEDS_CORRECT =
  'An active question needs at least one correct option: mark the right answer (or answers) as correct.';
export const AWAITING_CATEGORISATION =
  'Your appropriateness test opens once your investor categorisation has been approved. We will let you know when it has been reviewed.';
export const ALREADY_PASSED = 'You have already passed the appropriateness test.';
const UNAVAILABLE = 'The appropriateness test is not available yet: no questions have been set up.';

const retryAtOf = (attempt: AttemptRow) =>
  new Date(attempt.created_at.getTime() + COMPLIANCE_RETRY_SECONDS * 1000);

const questionSnapshot = (row: QuestionWithOptions) => ({
  question_id: row.id,
  bank: row.bank,
  question: row.question,
  active: row.active,
  position: row.position,
  options: row.options.map((option) => ({ option: option.option, is_correct: option.is_correct })),
});

const hoursAndMinutes = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.ceil((seconds % 3600) / 60);
  if (hours === 0) return `${Math.max(minutes, 1)} minute${minutes === 1 ? '' : 's'}`;
  return `${hours} hour${hours === 1 ? '' : 's'}${minutes > 0 ? ` ${minutes} minute${minutes === 1 ? '' : 's'}` : ''}`;
};

/**
 * The appropriateness test (spec §4, §9; DOMAIN.md): the question banks and allowed tries staff set, the
 * investor's state and attempts, scored here. A failed attempt means a 24-hour wait, read from the
 * server's clock (ctx.clock) so tests can move it.
 */
export function createComplianceTestsService(ctx: AppContext, deps: ComplianceTestsDeps) {
  const { db, clock } = ctx;
  const { branding, investors } = deps;

  async function allowedTries(tx: DbOrTx): Promise<number> {
    return normaliseComplianceTries((await readSettings(tx))?.compliance_tries);
  }

  /** The rules of spec §4 "Compliance test loading", evaluated for one investor. */
  async function evaluate(tx: DbOrTx, user: UserRow) {
    const { features } = await branding.current();
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

  /** An active question needs a correct option; checked after every change, inside its transaction. */
  async function checkQuestion(tx: DbOrTx, id: number) {
    const question = await findQuestion(tx, id);
    if (!question) throw notFound(NO_SUCH_QUESTION);
    if (question.options.length < 2) throw fieldError('options', TWO_OPTIONS);
    if (question.active && !question.options.some((option) => option.is_correct))
      throw fieldError('options', ACTIVE_NEEDS_CORRECT);
    return question;
  }

  /**
   * Changes a question's options as one list (add, change, remove, reorder), checks the question is
   * still answerable, and audits the change: every option route goes through here.
   */
  async function changeOptions(
    actor: Actor,
    id: number,
    change: (options: OptionValues[], question: QuestionWithOptions) => OptionValues[],
  ) {
    return db.transaction(async (tx) => {
      const before = await loadQuestion(tx, id);
      const current = before.options.map((option) => ({
        id: option.id,
        option: option.option,
        is_correct: option.is_correct,
      }));
      const next = change(current, before);
      if (next.length > COMPLIANCE_OPTIONS_PER_QUESTION) throw fieldError('option', TOO_MANY_OPTIONS);
      await replaceOptions(tx, id, next);
      await updateQuestion(tx, id, {});
      const saved = await checkQuestion(tx, id);
      await recordAudit(tx, actor, {
        action: 'compliance_question.updated',
        subjectType: 'compliance_question',
        subjectId: id,
        before: questionSnapshot(before),
        after: questionSnapshot(saved),
      });
      return toStaffQuestion(saved, true);
    });
  }

  const optionIndex = (options: OptionValues[], optionId: number) => {
    const index = options.findIndex((option) => option.id === optionId);
    if (index < 0) throw notFound(NO_SUCH_OPTION);
    return index;
  };

  async function loadQuestion(tx: DbOrTx, id: number) {
    const question = await findQuestion(tx, id);
    if (!question) throw notFound(NO_SUCH_QUESTION);
    return question;
  }

  return {
    async settings(): Promise<ComplianceSettings> {
      return { id: 1, compliance_tries: await allowedTries(db) };
    },

    async updateSettings(actor: Actor, tries: number | null): Promise<ComplianceSettings> {
      return db.transaction(async (tx) => {
        const before = await allowedTries(tx);
        const row = await saveSettings(tx, normaliseComplianceTries(tries));
        await recordAudit(tx, actor, {
          action: 'compliance_settings.updated',
          subjectType: 'compliance_settings',
          subjectId: 1,
          before: { compliance_tries: before },
          after: { compliance_tries: row.compliance_tries },
        });
        return { id: 1, compliance_tries: row.compliance_tries };
      });
    },

    /** Staff with the compliance permission see every question and which options are correct. */
    async questions(user: UserRow, bank: ComplianceBank, withOptions: boolean) {
      if (user.role_id === ROLES.USER) {
        if (!user.email_verified_at) throw unverified();
        return (await listQuestions(db, bank, true)).map((row) => toInvestorQuestion(row, withOptions));
      }
      if (!isStaffRole(user.role_id) || !can(user.role_id, 'compliance', 'index')) throw forbidden();
      return (await listQuestions(db, bank, false)).map((row) => toStaffQuestion(row, withOptions));
    },

    async question(id: number) {
      return toStaffQuestion(await loadQuestion(db, id), true);
    },

    async createQuestion(actor: Actor, input: NewComplianceQuestionInput) {
      return db.transaction(async (tx) => {
        const bank = input.bank ?? 'standard';
        const row = await insertQuestion(tx, {
          bank,
          question: input.question,
          active: input.active ?? true,
          position: await nextPosition(tx, bank),
        });
        await replaceOptions(
          tx,
          row.id,
          input.options.map((option) => ({ option: option.option, is_correct: option.is_correct })),
        );
        const saved = await checkQuestion(tx, row.id);
        await recordAudit(tx, actor, {
          action: 'compliance_question.created',
          subjectType: 'compliance_question',
          subjectId: row.id,
          after: questionSnapshot(saved),
        });
        return toStaffQuestion(saved, true);
      });
    },

    async updateQuestion(actor: Actor, id: number, input: ComplianceQuestionChanges) {
      return db.transaction(async (tx) => {
        const before = await loadQuestion(tx, id);
        if (input.options) {
          const own = new Set(before.options.map((option) => option.id));
          const errors: FieldErrors = {};
          const ids: number[] = [];
          for (const [index, option] of input.options.entries()) {
            if (option.id === undefined) continue;
            if (!own.has(option.id))
              errors[`options.${index}.id`] = ['The selected option does not belong to this question.'];
            else if (ids.includes(option.id))
              errors[`options.${index}.id`] = ['This option is listed more than once.'];
            ids.push(option.id);
          }
          if (Object.keys(errors).length > 0) throw validationError(errors);
          await replaceOptions(tx, id, input.options);
        }
        await updateQuestion(tx, id, {
          ...(input.question !== undefined ? { question: input.question } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
        });
        const saved = await checkQuestion(tx, id);
        await recordAudit(tx, actor, {
          action: 'compliance_question.updated',
          subjectType: 'compliance_question',
          subjectId: id,
          before: questionSnapshot(before),
          after: questionSnapshot(saved),
        });
        return toStaffQuestion(saved, true);
      });
    },

    addOption: (actor: Actor, id: number, input: NewComplianceOptionInput) =>
      changeOptions(actor, id, (options) => [
        ...options,
        { option: input.option, is_correct: input.is_correct ?? false },
      ]),

    changeOption: (actor: Actor, id: number, optionId: number, input: ComplianceOptionChanges) =>
      changeOptions(actor, id, (options) => {
        const index = optionIndex(options, optionId);
        return options.map((option, at) =>
          at === index
            ? {
                ...option,
                ...(input.option !== undefined ? { option: input.option } : {}),
                ...(input.is_correct !== undefined ? { is_correct: input.is_correct } : {}),
              }
            : option,
        );
      }),

    removeOption: (actor: Actor, id: number, optionId: number) =>
      changeOptions(actor, id, (options) => {
        const index = optionIndex(options, optionId);
        return options.filter((_, at) => at !== index);
      }),

    /** Every option id of the question, once, in the order wanted. */
    reorderOptions: (actor: Actor, id: number, ids: number[]) =>
      changeOptions(actor, id, (options) => {
        const byId = new Map(options.map((option) => [option.id, option]));
        if (
          ids.length !== options.length ||
          new Set(ids).size !== ids.length ||
          ids.some((at) => !byId.has(at))
        )
          throw fieldError('ids', 'List every option of this question exactly once, in the order wanted.');
        return ids.flatMap((at) => {
          const option = byId.get(at);
          return option ? [option] : [];
        });
      }),

    /** Attempts keep their own copy of the questions, so removing one rewrites no history. */
    async removeQuestion(actor: Actor, id: number) {
      await db.transaction(async (tx) => {
        const before = await loadQuestion(tx, id);
        await deleteQuestion(tx, id);
        await recordAudit(tx, actor, {
          action: 'compliance_question.deleted',
          subjectType: 'compliance_question',
          subjectId: id,
          before: questionSnapshot(before),
        });
      });
    },

    /** Every question of the bank, once, in the order wanted. */
    async reorder(actor: Actor, bank: ComplianceBank, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await listQuestions(tx, bank, false);
        const known = new Set(rows.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
          throw fieldError(
            'ids',
            `List every question of the ${COMPLIANCE_BANK_LABELS[bank].toLowerCase()} exactly once, in the order wanted.`,
          );
        for (const [position, id] of ids.entries()) await updateQuestion(tx, id, { position });
        await recordAudit(tx, actor, {
          action: 'compliance_question.reordered',
          subjectType: 'compliance_question',
          subjectId: null,
          before: { bank, ids: rows.map((row) => row.id) },
          after: { bank, ids },
        });
        return (await listQuestions(tx, bank, false)).map((row) => toStaffQuestion(row, true));
      });
    },

    /** GET /api/profile/compliance-test: where the signed-in investor stands, and what to answer. */
    async state(user: UserRow): Promise<ProfileComplianceTest> {
      const fresh = await loadInvestor(db, user.id);
      const state = await evaluate(db, fresh);
      return {
        status: state.status,
        required: state.status !== 'not_required' && state.status !== 'passed',
        passed: state.passed,
        bank: state.bank,
        tries_used: state.used,
        tries_allowed: state.allowed,
        retry_at: 'retryAt' in state && state.retryAt ? toApiTimestamp(state.retryAt) : null,
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
      return db.transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        if (!user) throw notFound('No investor with that id.');
        const state = await evaluate(tx, user);
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
