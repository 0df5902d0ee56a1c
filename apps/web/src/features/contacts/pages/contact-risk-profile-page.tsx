import { QuestionnairePanel } from '../../../components/records/compliance/questionnaire-panel';
import { recordApiPath } from '../../../lib/records/record-keys';
import { useContactId } from '../api/use-contact-id';

/** /admin/investors/contacts/{id}/details/risk-profile */
export function ContactRiskProfilePage() {
  const record = { type: 'contact', id: useContactId() ?? 0 } as const;
  return <QuestionnairePanel subjectPath={recordApiPath(record)} form="risk_profile" record={record} />;
}
