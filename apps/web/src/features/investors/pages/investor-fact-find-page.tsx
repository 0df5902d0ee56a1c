import { QuestionnairePanel } from '../../../components/records/compliance/questionnaire-panel';
import { recordApiPath } from '../../../lib/records/record-keys';
import { useInvestorId } from '../api/use-investor-id';

/** /admin/investors/{id}/details/fact-find */
export function InvestorFactFindPage() {
  const record = { type: 'investor', id: useInvestorId() ?? 0 } as const;
  return <QuestionnairePanel subjectPath={recordApiPath(record)} form="fact_find" record={record} />;
}
