import {
  COMPLIANCE_BANK_LABELS,
  COMPLIANCE_OPTIONS_PER_QUESTION,
  COMPLIANCE_QUESTIONS_PER_BANK,
  normaliseComplianceTries,
  ROLES,
  type ComplianceBank,
  type ComplianceOptionChanges,
  type ComplianceQuestionChanges,
  type ComplianceSettings,
  type FieldErrors,
  type NewComplianceOptionInput,
  type NewComplianceQuestionInput,
} from '@portico/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import { toInvestorQuestion, toStaffQuestion } from './compliance-tests.mapper';
import {
  countQuestions,
  deleteQuestion,
  findQuestion,
  insertQuestion,
  listQuestions,
  nextPosition,
  readSettings,
  replaceOptions,
  saveSettings,
  updateQuestion,
  type OptionValues,
  type QuestionWithOptions,
} from './compliance-tests.repository';

const NO_SUCH_QUESTION = 'No compliance question with that id.';
const TWO_OPTIONS = 'A question needs at least two options.';
const TOO_MANY_OPTIONS = `A question can have at most ${COMPLIANCE_OPTIONS_PER_QUESTION} options: remove one before adding another.`;
const NO_SUCH_OPTION = 'No option with that id on this question.';
const ACTIVE_NEEDS_CORRECT =
  'An active question needs at least one correct option: mark the right answer (or answers) as correct.';

/** Changes to a bank's list of questions (adding one, reordering them) run one at a time. */
const lockBank = (tx: DbOrTx, bank: ComplianceBank) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('compliance_questions'), hashtext(${bank}))`);

const questionSnapshot = (row: QuestionWithOptions) => ({
  question_id: row.id,
  bank: row.bank,
  question: row.question,
  active: row.active,
  position: row.position,
  options: row.options.map((option) => ({ option: option.option, is_correct: option.is_correct })),
});

/** The allowed tries (compliance settings, id 1): none stored, 0 or null all mean 9999. */
export async function allowedTries(db: DbOrTx): Promise<number> {
  return normaliseComplianceTries((await readSettings(db))?.compliance_tries);
}

/**
 * Settings → investor → appropriateness test: the allowed tries and the question banks (the second bank
 * serves risk-warning mode). Every change is audited in its transaction, and a question that is asked
 * (active) always keeps at least two options with a correct one.
 */
export function createComplianceBankService(ctx: AppContext) {
  const { db } = ctx;

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
      const before = await loadQuestion(tx, id, true);
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

  /** `lock`: every change to a question's options locks it first, so parallel changes queue. */
  async function loadQuestion(tx: DbOrTx, id: number, lock = false) {
    const question = await findQuestion(tx, id, lock);
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

    /**
     * Investors get the active questions without the answers; staff with the compliance permission see
     * every question and which options are correct. Who may ask is the route's rule (investorsOrStaffWith).
     */
    async questions(user: UserRow, bank: ComplianceBank, withOptions: boolean) {
      if (user.role_id === ROLES.USER)
        return (await listQuestions(db, bank, true)).map((row) => toInvestorQuestion(row, withOptions));
      return (await listQuestions(db, bank, false)).map((row) => toStaffQuestion(row, withOptions));
    },

    async question(id: number) {
      return toStaffQuestion(await loadQuestion(db, id), true);
    },

    async createQuestion(actor: Actor, input: NewComplianceQuestionInput) {
      return db.transaction(async (tx) => {
        const bank = input.bank ?? 'standard';
        // One bank is at most COMPLIANCE_QUESTIONS_PER_BANK questions: an attempt answers them all at once.
        await lockBank(tx, bank);
        if ((await countQuestions(tx, bank)) >= COMPLIANCE_QUESTIONS_PER_BANK)
          throw fieldError(
            'question',
            `A test holds at most ${COMPLIANCE_QUESTIONS_PER_BANK} questions: remove one before adding another.`,
          );
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
        const before = await loadQuestion(tx, id, true);
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
        const before = await loadQuestion(tx, id, true);
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
        // Two reorders updating the same rows in opposite orders would deadlock: they queue instead.
        await lockBank(tx, bank);
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
  };
}

export type ComplianceBankService = ReturnType<typeof createComplianceBankService>;
