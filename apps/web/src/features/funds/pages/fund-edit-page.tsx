import { can } from '@portico/contracts/constants';
import { RecordDeleteSection } from '../../../components/records/record-delete-section';
import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useUser } from '../../../lib/session';
import { useDeleteFund, useUpdateFund } from '../api/fund-mutations';
import { useFund } from '../api/get-fund';
import { FundForm } from '../components/fund-form';
import { fundPath } from '../fund-paths';

/**
 * /admin/funds/{id}/edit: the fund's terms, its status (Draft, Live) and whether it is active; deleting it
 * for a role that may, which the server refuses, with its reason, once the fund has a NAV or an opportunity.
 */
export function FundEditPage() {
  const user = useUser();
  const erase = useDeleteFund();
  return (
    <RecordEditPage
      recordType="fund"
      noun="Fund"
      listPath={ADMIN_SCREENS.funds.path}
      detailsPath={fundPath}
      useRecord={useFund}
      useUpdate={useUpdateFund}
      form={(fund, handlers) => <FundForm record={fund} {...handlers} />}
      after={(fund, id) =>
        can(user.role_id, 'funds', 'delete') && (
          <RecordDeleteSection
            name={fund.name}
            noun="fund"
            note="Only a fund without NAVs or opportunities can be deleted; close it instead once it has either."
            alongWith="its terms"
            erase={() => erase.mutateAsync(id)}
            listPath={ADMIN_SCREENS.funds.path}
          />
        )
      }
    />
  );
}
