import { can } from '@portico/contracts/constants';
import { RecordDeleteSection } from '../../../components/records/record-delete-section';
import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useUser } from '../../../lib/session';
import { useDeleteFundCompany, useUpdateFundCompany } from '../api/fund-company-mutations';
import { useFundCompany } from '../api/get-fund-company';
import { FundCompanyForm } from '../components/fund-company-form';
import { fundCompanyPath } from '../fund-company-paths';

/**
 * /admin/investments/companies/{id}/edit: the company's name and key information; deleting it for a role that
 * may, which the server refuses, with its reason, once it has transactions.
 */
export function FundCompanyEditPage() {
  const user = useUser();
  const erase = useDeleteFundCompany();
  return (
    <RecordEditPage
      recordType="fund_company"
      noun="Company"
      listPath={ADMIN_SCREENS.fundCompanies.path}
      detailsPath={(id) => fundCompanyPath(id)}
      useRecord={useFundCompany}
      useUpdate={useUpdateFundCompany}
      form={(company, handlers) => <FundCompanyForm record={company} {...handlers} />}
      after={(company, id) =>
        can(user.role_id, 'funds', 'delete') && (
          <RecordDeleteSection
            name={company.name}
            noun="company"
            note="Only a company without transactions can be deleted; record its exit or write-off instead once it has any."
            alongWith="its status history"
            erase={() => erase.mutateAsync(id)}
            listPath={ADMIN_SCREENS.fundCompanies.path}
          />
        )
      }
    />
  );
}
