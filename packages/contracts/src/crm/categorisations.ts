import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import {
  CATEGORISATION_STATEMENT_VERSION,
  findCategorisationStatement,
  type CategorisationStatement,
} from './categorisation-statements';
import { INVESTOR_CATEGORIES, type InvestorCategory } from './investors';
import { answerRuleSchema, answersRecordSchema, answersSchema, questionSchema } from './questions';
import { personRefSchema } from './subjects';

/**
 * An investor's categorisation: approved at once, or pending until staff with investor_category.update
 * approve or reject it when `compliance_test_requires_categorisation_approval` is on.
 */
export const CATEGORISATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CategorisationStatus = (typeof CATEGORISATION_STATUSES)[number];
export const CATEGORISATION_STATUS_LABELS: Record<CategorisationStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const categorisationSchema = z
  .object({
    id: idSchema,
    investor_id: idSchema,
    category: z.enum(INVESTOR_CATEGORIES),
    statement_version: z.string(),
    statement_title: z.string(),
    /** the words the investor signed, as they were then */
    statement_text: z.string(),
    answers: answersRecordSchema,
    /** the name the investor typed to sign in the portal (null when staff recorded a paper statement) */
    signature: z.string().nullable(),
    signed_at: timestampSchema,
    /** twelve months after signed_at */
    expires_at: timestampSchema,
    status: z.enum(CATEGORISATION_STATUSES),
    /** why it was rejected */
    reason: z.string().nullable(),
    /** who recorded it: the investor themselves, or a staff member for a statement signed on paper */
    recorded_by: personRefSchema.nullable(),
    reviewed_by: personRefSchema.nullable(),
    reviewed_at: timestampSchema.nullable(),
    /** the approved, unexpired categorisation the investor holds now (at most one is current) */
    is_current: z.boolean(),
    is_expired: z.boolean(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Categorisation' });
export type Categorisation = z.infer<typeof categorisationSchema>;

export const categorisationStatementSchema = z
  .object({
    category: z.enum(INVESTOR_CATEGORIES),
    version: z.string(),
    title: z.string(),
    text: z.string(),
    questions: z.array(questionSchema),
    rules: z.array(answerRuleSchema),
  })
  .meta({ id: 'CategorisationStatement' });

export const toCategorisationStatement = (
  statement: CategorisationStatement,
): z.infer<typeof categorisationStatementSchema> => ({
  ...statement,
  questions: [...statement.questions] as z.infer<typeof questionSchema>[],
  rules: [...statement.rules] as z.infer<typeof answerRuleSchema>[],
});

const signedAtSchema = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: 'The signed at field must be a date (YYYY-MM-DD) or a date and time.',
  });

const signatureShape = {
  category: z.enum(INVESTOR_CATEGORIES),
  /** must be the current version (CATEGORISATION_STATEMENT_VERSION) */
  statement_version: z.string().trim().min(1).max(20),
  /** answers to the statement's questions; checked with `categorisationAnswersSchema(category)` */
  answers: answersRecordSchema,
};

/** Staff record a statement the investor signed (on paper or elsewhere) on a date. */
export const newCategorisationInputSchema = z
  .object({ ...signatureShape, signed_at: signedAtSchema })
  .meta({ id: 'NewCategorisation' });
export type NewCategorisationInput = z.input<typeof newCategorisationInputSchema>;

/** An investor signs a statement in the portal, now, by typing their full name. */
export const categorisationSignatureInputSchema = z
  .object({
    ...signatureShape,
    signature: z
      .string({ error: 'Type your full name to sign.' })
      .trim()
      .min(2, { error: 'Type your full name to sign.' })
      .max(200),
  })
  .meta({ id: 'CategorisationSignature' });
export type CategorisationSignatureInput = z.input<typeof categorisationSignatureInputSchema>;

/** The answers a category's current statement needs. */
export function categorisationAnswersSchema(
  category: InvestorCategory,
  version: string = CATEGORISATION_STATEMENT_VERSION,
) {
  const statement = findCategorisationStatement(category, version);
  if (!statement) throw new Error(`no ${category} statement in version ${version}`);
  return answersSchema(statement.questions, statement.rules);
}

/** Staff reject a categorisation, an onboarding document or an application: the reason is told to the investor. */
export const rejectionInputSchema = z
  .object({ reason: z.string().trim().min(1).max(1000) })
  .meta({ id: 'Rejection' });
export type RejectionInput = z.input<typeof rejectionInputSchema>;

/** The investor portal's categorisation page: what they hold, what awaits approval, what they may sign. */
export const profileCategorisationSchema = z
  .object({
    current: categorisationSchema.nullable(),
    /** the latest categorisation awaiting staff approval, if any */
    pending: categorisationSchema.nullable(),
    /** the latest rejected one when nothing newer was signed, so the investor sees why */
    rejected: categorisationSchema.nullable(),
    /**
     * the latest approved categorisation when it has lapsed and none is current: the investor must
     * confirm their categorisation again (the portal blocks until they sign)
     */
    expired: categorisationSchema.nullable(),
    requires_approval: z.boolean(),
    statements: z.array(categorisationStatementSchema),
  })
  .meta({ id: 'ProfileCategorisation' });
export type ProfileCategorisation = z.infer<typeof profileCategorisationSchema>;
