import { findCategorisationStatement, type InvestorCategory } from '@portico/contracts';
import { ApiError, isApiError } from '../../../lib/api-error';
import { blankAnswer } from './question-field';

/** A categorisation statement's questions, each with its blank answer, keyed as the form holds them. */
export function blankStatementAnswers(category: InvestorCategory | null): Record<string, unknown> {
  const questions = category ? (findCategorisationStatement(category)?.questions ?? []) : [];
  return Object.fromEntries(questions.map((question) => [question.key, blankAnswer(question)]));
}

/** The server names an answer's error "answers.{key}"; the statement forms have it under "{key}". */
export function answerErrorsOnQuestions(caught: unknown): unknown {
  if (!isApiError(caught) || typeof caught.errors !== 'object') return caught;
  return new ApiError({
    status: caught.status,
    message: caught.message,
    kind: caught.kind,
    code: caught.code,
    errors: Object.fromEntries(
      Object.entries(caught.errors).map(([field, messages]) => [
        field.startsWith('answers.') ? (field.split('.')[1] ?? field) : field,
        messages,
      ]),
    ),
  });
}
