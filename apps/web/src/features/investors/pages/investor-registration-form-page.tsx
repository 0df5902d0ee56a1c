import { QuestionnairePanel } from '../../../components/records/compliance/questionnaire-panel';
import { recordApiPath } from '../../../lib/records/record-keys';
import { useInvestorId } from '../api/use-investor-id';

/** /admin/investors/{id}/details/registration-form */
export function InvestorRegistrationFormPage() {
  const record = { type: 'investor', id: useInvestorId() ?? 0 } as const;
  return <QuestionnairePanel subjectPath={recordApiPath(record)} form="registration_form" record={record} />;
}
