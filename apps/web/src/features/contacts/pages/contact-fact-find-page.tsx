import { QuestionnairePanel } from '../../../components/records/compliance/questionnaire-panel';
import { recordApiPath } from '../../../lib/records/record-keys';
import { useContactId } from '../api/use-contact-id';

/** /admin/investors/contacts/{id}/details/fact-find */
export function ContactFactFindPage() {
  const record = { type: 'contact', id: useContactId() ?? 0 } as const;
  return <QuestionnairePanel subjectPath={recordApiPath(record)} form="fact_find" record={record} />;
}
