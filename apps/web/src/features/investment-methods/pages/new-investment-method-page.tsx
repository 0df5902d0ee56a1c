import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useCreateInvestmentMethod } from '../api/create-investment-method';
import { InvestmentMethodForm } from '../components/investment-method-form';

/** /admin/investors/investment-methods/new-method */
export function NewInvestmentMethodPage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateInvestmentMethod();
  return (
    <>
      <PageHeader
        title="New investment method"
        description="Add a SIPP, ISA, trust or other way of investing; add investors' accounts from its page."
      />
      <InvestmentMethodForm
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.investmentMethods.path)}
        onSaved={(method) => {
          notifications.show({
            color: 'success',
            title: 'Investment method added',
            message: `${method.name} was added.`,
          });
          void navigate(recordPath('investment_method', method.id));
        }}
      />
    </>
  );
}
