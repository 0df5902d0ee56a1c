import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useInvestmentMethod } from '../api/get-investment-method';
import { useUpdateInvestmentMethod } from '../api/update-investment-method';
import { InvestmentMethodForm } from '../components/investment-method-form';

/** /admin/investors/investment-methods/{id}/edit */
export function InvestmentMethodEditPage() {
  return (
    <RecordEditPage
      recordType="investment_method"
      noun="Investment method"
      listPath={ADMIN_SCREENS.investmentMethods.path}
      useRecord={useInvestmentMethod}
      useUpdate={useUpdateInvestmentMethod}
      form={(record, handlers) => <InvestmentMethodForm record={record} {...handlers} />}
    />
  );
}
