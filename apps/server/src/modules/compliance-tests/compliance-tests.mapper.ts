import type { ComplianceAttempt, ComplianceQuestion, ComplianceSnapshotQuestion } from '@portico/contracts';
import { toApiTimestamp } from '../../platform/time';
import type { AttemptRow, QuestionWithOptions } from './compliance-tests.repository';

/** Staff with the compliance permission: every field, `is_correct` included. */
export const toStaffQuestion = (row: QuestionWithOptions, withOptions: boolean): ComplianceQuestion => ({
  id: row.id,
  question: row.question,
  bank: row.bank,
  position: row.position,
  active: row.active,
  created_at: toApiTimestamp(row.created_at),
  updated_at: toApiTimestamp(row.updated_at),
  ...(withOptions
    ? {
        options: row.options.map((option) => ({
          id: option.id,
          option: option.option,
          is_correct: option.is_correct,
          position: option.position,
        })),
      }
    : {}),
});

/** Investors: the question and its options' texts, never which options are correct. */
export const toInvestorQuestion = (row: QuestionWithOptions, withOptions: boolean): ComplianceQuestion => ({
  id: row.id,
  question: row.question,
  ...(withOptions
    ? { options: row.options.map((option) => ({ id: option.id, option: option.option })) }
    : {}),
});

/** The questions as offered, kept with the attempt. */
export const toSnapshot = (rows: QuestionWithOptions[]): ComplianceSnapshotQuestion[] =>
  rows.map((row) => ({
    id: row.id,
    question: row.question,
    options: row.options.map((option) => ({
      id: option.id,
      option: option.option,
      is_correct: option.is_correct,
    })),
  }));

/** A question is answered correctly when exactly its correct options were chosen. */
export function isAnsweredCorrectly(question: ComplianceSnapshotQuestion, chosen: readonly number[]) {
  const correct = question.options.filter((option) => option.is_correct).map((option) => option.id);
  return correct.length === chosen.length && correct.every((id) => chosen.includes(id));
}

export function toAttempt(row: AttemptRow): ComplianceAttempt {
  const chosenOf = new Map(row.answers.map((answer) => [answer.question_id, answer.option_ids]));
  return {
    id: row.id,
    bank: row.bank,
    score: row.score,
    total: row.total,
    passed: row.passed,
    created_at: toApiTimestamp(row.created_at),
    questions: row.questions.map((question) => {
      const chosen = chosenOf.get(question.id) ?? [];
      return {
        id: question.id,
        question: question.question,
        answered_correctly: isAnsweredCorrectly(question, chosen),
        options: question.options.map((option) => ({
          id: option.id,
          option: option.option,
          is_correct: option.is_correct,
          chosen: chosen.includes(option.id),
        })),
      };
    }),
  };
}
