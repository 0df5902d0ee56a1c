import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { RecordEditLayout } from '../../../components/records/record-edit-layout';
import { isNotFound } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useInvestmentMethod } from '../api/get-investment-method';
import { useUpdateInvestmentMethod } from '../api/update-investment-method';
import { InvestmentMethodForm } from '../components/investment-method-form';

/** /admin/investors/investment-methods/{id}/edit */
export function InvestmentMethodEditPage() {
  const id = useRecordId();
  const navigate = useNavigate();
  const { data: method, error, refetch, isFetching } = useInvestmentMethod(id);
  const { mutateAsync } = useUpdateInvestmentMethod();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const details = recordPath('investment_method', id);

  return (
    <RecordEditLayout
      back={{ label: method?.name ?? 'Investment method', to: details }}
      title={method ? `Edit ${method.name}` : 'Edit investment method'}
      load={{
        error: method ? null : error,
        retry: () => void refetch(),
        retrying: isFetching,
        listPath: ADMIN_SCREENS.investmentMethods.path,
      }}
    >
      {method && (
        <InvestmentMethodForm
          key={method.updated_at}
          method={method}
          submit={(changes) => mutateAsync({ id, changes })}
          onCancel={() => void navigate(details)}
          onSaved={(saved) => {
            notifications.show({
              color: 'success',
              title: 'Changes saved',
              message: `${saved.name} is up to date.`,
            });
            void navigate(details);
          }}
        />
      )}
    </RecordEditLayout>
  );
}
