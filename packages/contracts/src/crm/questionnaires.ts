import { z } from 'zod';
import { idSchema, timestampSchema } from '../schemas/common';
import {
  FACT_FIND_QUESTIONS,
  REGISTRATION_FORM_QUESTIONS,
  RISK_BANDS,
  RISK_PROFILE_QUESTIONS,
} from './questionnaire-forms';
import { answersRecordSchema, answersSchema, type Question } from './questions';
import { personRefSchema } from './subjects';

/** The registration form, fact find and risk profile of an investor or a contact; each save is kept. */
export const QUESTIONNAIRE_FORMS = ['registration_form', 'fact_find', 'risk_profile'] as const;
export type QuestionnaireForm = (typeof QUESTIONNAIRE_FORMS)[number];

/** The form's segment in API paths: /api/investors/{id}/questionnaires/fact-find */
export const QUESTIONNAIRE_PATHS = {
  registration_form: 'registration-form',
  fact_find: 'fact-find',
  risk_profile: 'risk-profile',
} as const satisfies Record<QuestionnaireForm, string>;
export type QuestionnairePath = (typeof QUESTIONNAIRE_PATHS)[QuestionnaireForm];

export const QUESTIONNAIRE_TITLES: Record<QuestionnaireForm, string> = {
  registration_form: 'Registration form',
  fact_find: 'Fact find',
  risk_profile: 'Risk profile',
};

export const QUESTIONNAIRE_QUESTIONS: Record<QuestionnaireForm, readonly Question[]> = {
  registration_form: REGISTRATION_FORM_QUESTIONS,
  fact_find: FACT_FIND_QUESTIONS,
  risk_profile: RISK_PROFILE_QUESTIONS,
};

export function questionnaireFormOfPath(path: string): QuestionnaireForm | undefined {
  return QUESTIONNAIRE_FORMS.find((form) => QUESTIONNAIRE_PATHS[form] === path);
}

/** The answers a form needs, checked the same way on both sides. */
export const questionnaireAnswersSchema = (form: QuestionnaireForm) =>
  answersSchema(QUESTIONNAIRE_QUESTIONS[form]);

export const questionnaireResponseSchema = z
  .object({
    id: idSchema,
    form: z.enum(QUESTIONNAIRE_FORMS),
    answers: answersRecordSchema,
    /** risk profile only: the total of the options' scores, and its band */
    score: z.number().int().nullable(),
    risk_band: z.enum(RISK_BANDS).nullable(),
    recorded_by: personRefSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'QuestionnaireResponse' });
export type QuestionnaireResponse = z.infer<typeof questionnaireResponseSchema>;

export const questionnaireSchema = z
  .object({
    form: z.enum(QUESTIONNAIRE_FORMS),
    subject_type: z.enum(['investor', 'contact']),
    subject_id: idSchema,
    /** the latest answers, or null when the form was never filled in */
    current: questionnaireResponseSchema.nullable(),
    /** earlier saves, newest first */
    history: z.array(questionnaireResponseSchema),
  })
  .meta({ id: 'Questionnaire' });
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/** A save: the whole set of answers (checked against the form's questions). */
export const questionnaireAnswersInputSchema = z
  .object({ answers: answersRecordSchema })
  .meta({ id: 'QuestionnaireAnswers' });
export type QuestionnaireAnswersInput = z.input<typeof questionnaireAnswersInputSchema>;
