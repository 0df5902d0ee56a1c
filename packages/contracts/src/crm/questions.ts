import { z } from 'zod';
import { requiredCountrySchema } from './subjects';

/**
 * Structured questions (categorisation declarations, registration form, fact find, risk profile): the
 * web renders a form from the definitions, and both sides validate the answers with `answersSchema`.
 */
export const QUESTION_KINDS = [
  'text',
  'textarea',
  'email',
  'phone',
  'date',
  'number',
  /** a yes/no question */
  'boolean',
  /** a box that must be ticked: a declaration */
  'confirm',
  'single_choice',
  'multi_choice',
  /** ISO 3166-1 alpha-2, e.g. GB */
  'country',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface QuestionOption {
  readonly value: string;
  readonly label: string;
  /** risk profile: what choosing this option adds to the score */
  readonly score?: number;
}

/** The question is asked only when another answer is one of these values (or, for a list, includes one). */
export interface QuestionCondition {
  readonly key: string;
  readonly in: ReadonlyArray<string | boolean>;
}

export interface Question {
  readonly key: string;
  readonly label: string;
  readonly kind: QuestionKind;
  readonly required: boolean;
  readonly help?: string;
  /** a heading the web groups questions under */
  readonly section?: string;
  readonly options?: readonly QuestionOption[];
  /** number: smallest and largest value; text: longest answer (characters) */
  readonly min?: number;
  readonly max?: number;
  /** said instead of the generic message when a number is below min or above max */
  readonly range_message?: string;
  /** number: whole numbers only */
  readonly integer?: boolean;
  /** text: a regular expression the answer must match, with what to say when it does not */
  readonly pattern?: string;
  readonly pattern_message?: string;
  /** date: no later than today and no earlier than this many months ago */
  readonly within_months?: number;
  /** multi_choice: at least this many options, with what to say when fewer are chosen */
  readonly min_selected?: number;
  readonly min_selected_message?: string;
  readonly show_if?: QuestionCondition;
}

/** A rule across answers: at least one of these yes/no questions answered yes. */
export interface AnswerRule {
  readonly kind: 'at_least_one_yes';
  readonly keys: readonly string[];
  /** the field the message is shown on */
  readonly field: string;
  readonly message: string;
}

export type Answers = Record<string, unknown>;

export const answersRecordSchema = z.record(z.string(), z.unknown());

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Whether a question is asked, given the other answers. */
export function isAsked(question: Question, answers: Answers): boolean {
  const condition = question.show_if;
  if (!condition) return true;
  const value = answers[condition.key];
  if (Array.isArray(value)) return value.some((item) => condition.in.includes(item as string));
  return condition.in.includes(value as string | boolean);
}

const monthsAgo = (months: number, from = new Date()) => {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};

function valueSchema(question: Question): z.ZodType {
  const values = (question.options ?? []).map((option) => option.value);
  switch (question.kind) {
    case 'text':
    case 'textarea': {
      let schema = z
        .string()
        .trim()
        .max(question.max ?? (question.kind === 'text' ? 200 : 5000));
      if (question.pattern)
        schema = schema.regex(new RegExp(question.pattern), {
          error: question.pattern_message ?? 'The :attribute field format is invalid.',
        });
      return schema;
    }
    case 'email':
      return z
        .string()
        .trim()
        .toLowerCase()
        .max(255)
        .pipe(z.email({ error: 'The :attribute field must be a valid email address.' }));
    case 'phone':
      return z
        .string()
        .trim()
        .max(40)
        .regex(/^[+()\d\s-]*$/, {
          error: 'The :attribute field may only hold digits, spaces, +, - and brackets.',
        });
    case 'date': {
      const schema = z.iso.date({ error: 'The :attribute field must be a date (YYYY-MM-DD).' });
      const within = question.within_months;
      if (within === undefined) return schema;
      return schema.refine(
        (value) => {
          const date = new Date(`${value}T00:00:00Z`);
          return date.getTime() <= Date.now() && date.getTime() >= monthsAgo(within).getTime();
        },
        { error: question.range_message ?? `The :attribute must be within the last ${within} months.` },
      );
    }
    case 'number': {
      let schema = z.number({ error: 'The :attribute field must be a number.' });
      if (question.integer) schema = schema.int();
      const message = question.range_message;
      if (question.min !== undefined)
        schema = schema.min(question.min, message ? { error: message } : undefined);
      if (question.max !== undefined)
        schema = schema.max(question.max, message ? { error: message } : undefined);
      return schema;
    }
    case 'boolean':
      return z.boolean();
    case 'confirm':
      return z.literal(true, { error: `You must confirm: ${question.label}` });
    case 'single_choice':
      return z.enum(values as [string, ...string[]]);
    case 'multi_choice': {
      const schema = z
        .array(z.enum(values as [string, ...string[]]))
        .max(values.length)
        .refine((items) => new Set(items).size === items.length, {
          error: 'The :attribute field has a duplicate choice.',
        });
      const least = question.min_selected;
      if (least === undefined) return schema;
      return schema.refine((items) => items.length === 0 || items.length >= least, {
        error: question.min_selected_message ?? `Choose at least ${least} options.`,
      });
    }
    case 'country':
      return requiredCountrySchema;
  }
}

/**
 * The schema of a set of answers: every key must be a question, every answer of its kind, every asked
 * required question answered, and the rules met. Answers to questions not asked are dropped unchecked,
 * and blank ones too, so what is stored is exactly what was answered.
 */
export function answersSchema(questions: readonly Question[], rules: readonly AnswerRule[] = []) {
  const shape = Object.fromEntries(
    questions.map((question) => [
      question.key,
      z.preprocess((value) => (isBlank(value) ? undefined : value), valueSchema(question).optional()),
    ]),
  );
  const byKey = new Map(questions.map((question) => [question.key, question]));
  // Answers to questions not asked are dropped before anything is checked: a hidden field keeps
  // whatever the form last held, and that must not fail the save.
  const prune = (raw: unknown) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const answers = raw as Answers;
    return Object.fromEntries(
      Object.entries(answers).filter(([key]) => {
        const question = byKey.get(key);
        return !question || isAsked(question, answers);
      }),
    );
  };
  const checked = z
    .object(shape)
    .strict()
    .superRefine(
      (answers: Answers, ctx) => {
        for (const question of questions) {
          if (!isAsked(question, answers)) continue;
          if (question.required && isBlank(answers[question.key]))
            ctx.addIssue({
              code: 'custom',
              path: [question.key],
              message:
                question.kind === 'confirm'
                  ? `You must confirm: ${question.label}`
                  : `The answer to “${question.label}” is required.`,
            });
        }
        for (const rule of rules)
          if (!rule.keys.some((key) => answers[key] === true))
            ctx.addIssue({ code: 'custom', path: [rule.field], message: rule.message });
      },
      // Runs even when an answer is malformed, so every missing answer is reported at once.
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .transform((answers: Answers) =>
      Object.fromEntries(
        questions
          .filter((question) => isAsked(question, answers) && !isBlank(answers[question.key]))
          .map((question) => [question.key, answers[question.key]]),
      ),
    );
  return z.preprocess(prune, checked);
}

/** The sum of the scores of the options chosen (risk profile). */
export function scoreAnswers(questions: readonly Question[], answers: Answers): number {
  let total = 0;
  for (const question of questions) {
    const chosen = answers[question.key];
    const values = Array.isArray(chosen) ? chosen : [chosen];
    for (const option of question.options ?? [])
      if (values.includes(option.value)) total += option.score ?? 0;
  }
  return total;
}

/** The question definitions as the API answers them (for clients that do not import the contracts). */
export const questionSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: z.enum(QUESTION_KINDS),
    required: z.boolean(),
    help: z.string().optional(),
    section: z.string().optional(),
    options: z
      .array(z.object({ value: z.string(), label: z.string(), score: z.number().optional() }))
      .optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    range_message: z.string().optional(),
    integer: z.boolean().optional(),
    pattern: z.string().optional(),
    pattern_message: z.string().optional(),
    within_months: z.number().optional(),
    min_selected: z.number().optional(),
    min_selected_message: z.string().optional(),
    show_if: z.object({ key: z.string(), in: z.array(z.union([z.string(), z.boolean()])) }).optional(),
  })
  .meta({ id: 'FormQuestion' });

export const answerRuleSchema = z
  .object({
    kind: z.literal('at_least_one_yes'),
    keys: z.array(z.string()),
    field: z.string(),
    message: z.string(),
  })
  .meta({ id: 'FormAnswerRule' });
