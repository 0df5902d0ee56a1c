import { QuestionnairePanel } from '../../../components/records/compliance/questionnaire-panel';
import { recordApiPath } from '../../../lib/records/record-keys';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/{id}/details/risk-profile */
export function InvestorRiskProfilePage() {
  const record = { type: 'investor', id: useRecordId() ?? 0 } as const;
  return <QuestionnairePanel subjectPath={recordApiPath(record)} form="risk_profile" record={record} />;
}
