import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';

/**
 * The appropriateness (compliance) test (DOMAIN.md, Compliance; spec §3, §4, §9): staff keep a question
 * bank, the investor answers it, the server scores it and keeps every attempt as evidence.
 */
export const COMPLIANCE_BANKS = ['standard', 'risk_warning'] as const;
export type ComplianceBank = (typeof COMPLIANCE_BANKS)[number];
export const COMPLIANCE_BANK_LABELS: Record<ComplianceBank, string> = {
  standard: 'Appropriateness test',
  risk_warning: 'Risk warning test',
};

/** Spec §9: unlimited tries are stored and reported as 9999. */
export const UNLIMITED_COMPLIANCE_TRIES = 9999;
/** Spec §4, §9: after a failed attempt the investor waits 24 hours. */
export const COMPLIANCE_RETRY_HOURS = 24;
export const COMPLIANCE_RETRY_SECONDS = COMPLIANCE_RETRY_HOURS * 3600;

/** Bounds of the question bank, so one request cannot store an unbounded amount. */
export const COMPLIANCE_QUESTION_MAX = 1000;
export const COMPLIANCE_OPTION_MAX = 500;
export const COMPLIANCE_OPTIONS_PER_QUESTION = 10;
export const COMPLIANCE_QUESTIONS_PER_BANK = 100;

/** `0` or null means unlimited: what is stored and reported then is 9999. */
export const normaliseComplianceTries = (value: number | null | undefined): number =>
  value === null || value === undefined || value === 0 ? UNLIMITED_COMPLIANCE_TRIES : value;

// ---------------------------------------------------------------------------------------------------
// Settings (id 1)

export const complianceSettingsSchema = z
  .object({
    id: z.literal(1),
    /** allowed tries; 9999 means unlimited */
    compliance_tries: z.number().int(),
  })
  .meta({ id: 'ComplianceSettings' });
export type ComplianceSettings = z.infer<typeof complianceSettingsSchema>;

export const complianceSettingsInputSchema = z
  .object({
    compliance_tries: z
      .number()
      .int()
      .min(0)
      .max(UNLIMITED_COMPLIANCE_TRIES)
      .nullable()
      .describe('Allowed tries; 0 or null means unlimited (stored as 9999)'),
  })
  .meta({ id: 'ComplianceSettingsChanges' });
export type ComplianceSettingsInput = z.input<typeof complianceSettingsInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Question bank

/** An option as staff see it; investors receive only `id` and `option`. */
export const complianceOptionSchema = z
  .object({
    id: idSchema,
    option: z.string(),
    /** staff with the compliance permission only */
    is_correct: z.boolean().optional(),
    position: z.number().int().optional(),
  })
  .meta({ id: 'ComplianceOption' });
export type ComplianceOption = z.infer<typeof complianceOptionSchema>;

export const complianceQuestionSchema = z
  .object({
    id: idSchema,
    question: z.string(),
    /** with `include=options` */
    options: z.array(complianceOptionSchema).optional(),
    /** staff only from here on */
    bank: z.enum(COMPLIANCE_BANKS).optional(),
    position: z.number().int().optional(),
    active: z.boolean().optional(),
    created_at: timestampSchema.optional(),
    updated_at: timestampSchema.optional(),
  })
  .meta({ id: 'ComplianceQuestion' });
export type ComplianceQuestion = z.infer<typeof complianceQuestionSchema>;

/** A question as the staff editor holds it: every field present. */
export type ComplianceQuestionAdmin = Required<Omit<ComplianceQuestion, 'options'>> & {
  options: Array<Required<ComplianceOption>>;
};

const optionInputSchema = z.object({
  /** an existing option of this question to keep (and change); without it a new option is added */
  id: idSchema.optional(),
  option: z.string().trim().min(1).max(COMPLIANCE_OPTION_MAX),
  is_correct: z.boolean(),
});
export type ComplianceOptionInput = z.input<typeof optionInputSchema>;

const optionsInputSchema = z
  .array(optionInputSchema)
  .min(2)
  .max(COMPLIANCE_OPTIONS_PER_QUESTION)
  .describe('Every option in the order shown; at least one correct');

export const newComplianceQuestionInputSchema = z
  .object({
    bank: z.enum(COMPLIANCE_BANKS).optional().describe('standard (default) or risk_warning'),
    question: z.string().trim().min(1).max(COMPLIANCE_QUESTION_MAX),
    active: z.boolean().optional(),
    options: optionsInputSchema,
  })
  .meta({ id: 'NewComplianceQuestion' });
export type NewComplianceQuestionInput = z.input<typeof newComplianceQuestionInputSchema>;

export const complianceQuestionChangesSchema = z
  .object({
    question: z.string().trim().min(1).max(COMPLIANCE_QUESTION_MAX).optional(),
    active: z.boolean().optional(),
    /** the whole list: options left out are removed, the order given is the order shown */
    options: optionsInputSchema.optional(),
  })
  .meta({ id: 'ComplianceQuestionChanges' });
export type ComplianceQuestionChanges = z.input<typeof complianceQuestionChangesSchema>;

/** One option added to a question (POST /api/compliance-questions/{id}/options). */
export const newComplianceOptionInputSchema = z
  .object({
    option: z.string().trim().min(1).max(COMPLIANCE_OPTION_MAX),
    is_correct: z.boolean().optional(),
  })
  .meta({ id: 'NewComplianceOption' });
export type NewComplianceOptionInput = z.input<typeof newComplianceOptionInputSchema>;

export const complianceOptionChangesSchema = z
  .object({
    option: z.string().trim().min(1).max(COMPLIANCE_OPTION_MAX).optional(),
    is_correct: z.boolean().optional(),
  })
  .meta({ id: 'ComplianceOptionChanges' });
export type ComplianceOptionChanges = z.input<typeof complianceOptionChangesSchema>;

/** Every option id of the question, once, in the order wanted. */
export const complianceOptionOrderSchema = z
  .object({ ids: z.array(idSchema).min(1).max(COMPLIANCE_OPTIONS_PER_QUESTION) })
  .meta({ id: 'ComplianceOptionOrder' });

export const complianceQuestionOrderSchema = z
  .object({
    bank: z.enum(COMPLIANCE_BANKS).optional(),
    ids: z.array(idSchema).min(1).max(COMPLIANCE_QUESTIONS_PER_BANK),
  })
  .meta({ id: 'ComplianceQuestionOrder' });

// ---------------------------------------------------------------------------------------------------
// Taking the test

export const complianceAnswersInputSchema = z
  .object({
    answers: z
      .array(
        z.object({
          question_id: idSchema,
          option_ids: z.array(idSchema).min(1).max(COMPLIANCE_OPTIONS_PER_QUESTION),
        }),
      )
      .min(1)
      .max(COMPLIANCE_QUESTIONS_PER_BANK),
  })
  .meta({ id: 'ComplianceAnswers' });
export type ComplianceAnswersInput = z.input<typeof complianceAnswersInputSchema>;

export const complianceResultSchema = z
  .object({
    passed: z.boolean(),
    tries_used: z.number().int(),
    tries_allowed: z.number().int(),
    /** when the investor may try again; null when passed */
    retry_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ComplianceResult' });
export type ComplianceResult = z.infer<typeof complianceResultSchema>;

/**
 * Where the signed-in investor stands (spec §4 "Compliance test loading"):
 * - not_required: the feature is off
 * - passed
 * - awaiting_categorisation: the test opens once staff approve a current categorisation
 * - cooldown: a failed attempt less than 24 hours ago (retry_at says when)
 * - no_tries_left: the allowed tries are used up
 * - unavailable: no questions have been set up yet
 * - open: `questions` holds the questions to answer
 */
export const COMPLIANCE_TEST_STATUSES = [
  'not_required',
  'passed',
  'awaiting_categorisation',
  'cooldown',
  'no_tries_left',
  'unavailable',
  'open',
] as const;
export type ComplianceTestStatus = (typeof COMPLIANCE_TEST_STATUSES)[number];

export const profileComplianceTestSchema = z
  .object({
    status: z.enum(COMPLIANCE_TEST_STATUSES),
    required: z.boolean(),
    passed: z.boolean(),
    bank: z.enum(COMPLIANCE_BANKS),
    tries_used: z.number().int(),
    tries_allowed: z.number().int(),
    retry_at: timestampSchema.nullable(),
    /**
     * seconds from the server's now until retry_at: the server's clock decides the wait, so a countdown
     * runs from this, not from the browser's clock (which may be off)
     */
    retry_in_seconds: z.number().int().min(0).nullable(),
    /** the last attempt's result, if any */
    last_attempt: z
      .object({
        passed: z.boolean(),
        score: z.number().int(),
        total: z.number().int(),
        created_at: timestampSchema,
      })
      .nullable(),
    questions: z.array(complianceQuestionSchema),
  })
  .meta({ id: 'ProfileComplianceTest' });
export type ProfileComplianceTest = z.infer<typeof profileComplianceTestSchema>;

/** One attempt as staff see it on the investor's record: the questions as shown and the answers given. */
export const complianceAttemptSchema = z
  .object({
    id: idSchema,
    bank: z.enum(COMPLIANCE_BANKS),
    score: z.number().int(),
    total: z.number().int(),
    passed: z.boolean(),
    created_at: timestampSchema,
    questions: z.array(
      z.object({
        id: z.number().int(),
        question: z.string(),
        answered_correctly: z.boolean(),
        options: z.array(
          z.object({
            id: z.number().int(),
            option: z.string(),
            /** only for staff with the compliance permission: the answer key is theirs alone */
            is_correct: z.boolean().optional(),
            chosen: z.boolean(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'ComplianceAttempt' });
export type ComplianceAttempt = z.infer<typeof complianceAttemptSchema>;

/** The shape of an attempt's snapshot (the jsonb column): the questions exactly as offered. */
export interface ComplianceSnapshotQuestion {
  id: number;
  question: string;
  options: Array<{ id: number; option: string; is_correct: boolean }>;
}
export interface ComplianceSnapshotAnswer {
  question_id: number;
  option_ids: number[];
}

// ---------------------------------------------------------------------------------------------------
// Testing only

export const testClockInputSchema = z
  .object({
    advance_seconds: z
      .number()
      .int()
      .min(1)
      .max(10 * 365 * 86_400),
  })
  .meta({ id: 'TestClockAdvance' });
export const testClockSchema = z.object({ now: timestampSchema, offset_seconds: z.number().int() });
