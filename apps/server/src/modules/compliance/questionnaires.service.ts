import {
  QUESTIONNAIRE_QUESTIONS,
  questionnaireAnswersSchema,
  riskBandOf,
  scoreAnswers,
  type FieldErrors,
  type Questionnaire,
  type QuestionnaireForm,
  type QuestionnaireResponse,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { notFound } from '../../platform/http/errors';
import { toApiTimestamp } from '../../platform/time';
import { parseInto, personRef, throwIfErrors, type ComplianceDeps } from './compliance.shared';
import {
  insertResponse,
  listResponses,
  type QuestionnaireRow,
  type QuestionnaireSubjectType,
} from './questionnaires.repository';

const toResponse = (row: QuestionnaireRow): QuestionnaireResponse => {
  const { response } = row;
  const score = response.form === 'risk_profile' ? response.score : null;
  return {
    id: response.id,
    form: response.form,
    answers: response.answers,
    score,
    risk_band: score === null ? null : riskBandOf(score),
    recorded_by: personRef(response.recorded_by, row.recorder_name),
    created_at: toApiTimestamp(response.created_at),
  };
};

/** Keys whose answers differ between two saves, for the audit trail. */
const changedKeys = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );

/**
 * The registration form, fact find and risk profile of investors and contacts: each save is a new row,
 * so the history of answers (who and when) is kept; the risk profile is scored here, never by the client.
 */
export function createQuestionnairesService(ctx: AppContext, deps: ComplianceDeps) {
  const { db } = ctx;
  const { subjects, branding } = deps;

  /**
   * The record type's definition, through its module's registration; a type not (yet) registered, or
   * switched off, is a 404. Read before any transaction: the feature check reads the branding through `db`.
   */
  async function definitionOf(type: QuestionnaireSubjectType) {
    const definition = subjects.all().find((candidate) => candidate.type === type);
    if (!definition) throw notFound();
    if (definition.feature && !(await branding.isEnabled(definition.feature))) throw notFound();
    return definition;
  }

  async function requireSubject(
    tx: DbOrTx,
    definition: Awaited<ReturnType<typeof definitionOf>>,
    id: number,
  ) {
    if (!(await definition.find(tx, id))) throw notFound();
  }

  async function read(
    tx: DbOrTx,
    type: QuestionnaireSubjectType,
    id: number,
    form: QuestionnaireForm,
  ): Promise<Questionnaire> {
    const [current, ...history] = (await listResponses(tx, type, id, form)).map(toResponse);
    return { form, subject_type: type, subject_id: id, current: current ?? null, history };
  }

  return {
    async get(type: QuestionnaireSubjectType, id: number, form: QuestionnaireForm) {
      await requireSubject(db, await definitionOf(type), id);
      return read(db, type, id, form);
    },

    async save(
      actor: Actor,
      type: QuestionnaireSubjectType,
      id: number,
      form: QuestionnaireForm,
      raw: Record<string, unknown>,
    ) {
      const errors: FieldErrors = {};
      const answers = parseInto(questionnaireAnswersSchema(form), raw, 'answers', errors);
      throwIfErrors(errors);
      if (!answers) throw notFound();
      const score = form === 'risk_profile' ? scoreAnswers(QUESTIONNAIRE_QUESTIONS[form], answers) : null;
      const definition = await definitionOf(type);
      return db.transaction(async (tx) => {
        await requireSubject(tx, definition, id);
        const [previous] = await listResponses(tx, type, id, form);
        const row = await insertResponse(tx, {
          subject_type: type,
          subject_id: id,
          form,
          answers,
          score,
          recorded_by: actor.userId,
        });
        await recordAudit(tx, actor, {
          action: 'questionnaire.saved',
          subjectType: type,
          subjectId: id,
          after: {
            form,
            response_id: row.id,
            changed: changedKeys(previous?.response.answers ?? {}, answers),
            ...(score === null ? {} : { score, risk_band: riskBandOf(score) }),
          },
        });
        return read(tx, type, id, form);
      });
    },
  };
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
