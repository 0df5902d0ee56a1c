import { QuestionnairePanel } from '../../../components/records/compliance/questionnaire-panel';
import { recordApiPath } from '../../../lib/records/record-keys';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/contacts/{id}/details/fact-find */
export function ContactFactFindPage() {
  const record = { type: 'contact', id: useRecordId() ?? 0 } as const;
  return <QuestionnairePanel subjectPath={recordApiPath(record)} form="fact_find" record={record} />;
}
