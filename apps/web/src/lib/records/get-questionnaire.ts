import { dataOf, QUESTIONNAIRE_PATHS, questionnaireSchema, type QuestionnaireForm } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

const response = dataOf(questionnaireSchema);

/**
 * A questionnaire's address under its subject: /api/investors/7/questionnaires/fact-find,
 * /api/contacts/3/…, or the investor's own /api/profile/….
 */
export const questionnaireApiPath = (subjectPath: string, form: QuestionnaireForm) =>
  `${subjectPath}/questionnaires/${QUESTIONNAIRE_PATHS[form]}`;

export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  one: (subjectPath: string, form: QuestionnaireForm) =>
    [...questionnaireKeys.all, subjectPath, form] as const,
};

/** GET …/questionnaires/{form} (investors:show): the current answers and earlier saves, newest first. */
export async function getQuestionnaire(subjectPath: string, form: QuestionnaireForm, signal?: AbortSignal) {
  return (await api.get(questionnaireApiPath(subjectPath, form), response, { signal })).data;
}

export const questionnaireQueryOptions = (subjectPath: string, form: QuestionnaireForm) =>
  queryOptions({
    queryKey: questionnaireKeys.one(subjectPath, form),
    queryFn: ({ signal }) => getQuestionnaire(subjectPath, form, signal),
  });

export function useQuestionnaire(subjectPath: string, form: QuestionnaireForm) {
  return useQuery(questionnaireQueryOptions(subjectPath, form));
}
