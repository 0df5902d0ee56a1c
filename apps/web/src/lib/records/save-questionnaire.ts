import { dataOf, questionnaireSchema, type Answers, type QuestionnaireForm } from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { questionnaireApiPath, questionnaireKeys } from './get-questionnaire';
import { recordKeys, type RecordRef } from './record-keys';

const response = dataOf(questionnaireSchema);

/** PUT …/questionnaires/{form} (investors:update): the whole set of answers, kept as a new version. */
export async function saveQuestionnaire(subjectPath: string, form: QuestionnaireForm, answers: Answers) {
  return (await api.put(questionnaireApiPath(subjectPath, form), { answers }, response)).data;
}

/** Saves, shows the new version at once, and refreshes the record's activity (a save is audited). */
export function useSaveQuestionnaire(subjectPath: string, form: QuestionnaireForm, record?: RecordRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) => saveQuestionnaire(subjectPath, form, answers),
    onSuccess: (saved) => {
      queryClient.setQueryData(questionnaireKeys.one(subjectPath, form), saved);
      if (record) return queryClient.invalidateQueries({ queryKey: recordKeys.activity(record) });
      return undefined;
    },
  });
}
