import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useCreateFundCompany } from '../api/fund-company-mutations';
import { FundCompanyForm } from '../components/fund-company-form';
import { fundCompanyPath } from '../fund-company-paths';

/** /admin/investments/companies/new-company: a company a fund invests in (?fund= chooses the fund). */
export function NewFundCompanyPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const fund = search.get('fund') ?? '';
  const { mutateAsync } = useCreateFundCompany();
  return (
    <>
      <PageHeader
        title="New company"
        description="The company and its key information; it starts Active from its first investment."
      />
      <FundCompanyForm
        fundId={/^[1-9]\d*$/.test(fund) ? fund : ''}
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.fundCompanies.path)}
        onSaved={(company) => {
          notifications.show({
            color: 'success',
            title: 'Company added',
            message: `${company.name} was added.`,
          });
          void navigate(fundCompanyPath(company.id));
        }}
      />
    </>
  );
}
