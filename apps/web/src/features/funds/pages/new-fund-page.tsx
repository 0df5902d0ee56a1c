import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useCreateFund } from '../api/fund-mutations';
import { FundForm } from '../components/fund-form';
import { fundPath } from '../fund-paths';

/** /admin/funds/new-fund: a draft fund with its terms; it goes live from its edit page. */
export function NewFundPage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateFund();
  return (
    <>
      <PageHeader
        title="New fund"
        description="Its terms now; it starts as a draft, seen only by staff, until you make it live."
      />
      <FundForm
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.funds.path)}
        onSaved={(fund) => {
          notifications.show({ color: 'success', title: 'Fund added', message: `${fund.name} was added.` });
          void navigate(fundPath(fund.id));
        }}
      />
    </>
  );
}
