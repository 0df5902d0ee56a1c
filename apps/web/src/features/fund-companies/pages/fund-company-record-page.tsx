import { Button } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useFundCompany } from '../api/get-fund-company';
import { FundCompanyStatusBadge } from '../components/fund-company-status-badge';
import { FUND_COMPANY_TABS, fundCompanyBase, fundCompanyEditPath } from '../fund-company-paths';

/** /admin/investments/companies/{id}/… (spec §2.1): the company's header, then its tabs. */
export function FundCompanyRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const terminology = useTerminology();
  const { data: company, isError, error, refetch, isFetching } = useFundCompany(id);

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;

  let body: ReactNode = <Outlet />;
  if (isError)
    body = (
      <RecordLoadError
        error={error}
        retry={() => void refetch()}
        retrying={isFetching}
        listPath={ADMIN_SCREENS.fundCompanies.path}
      />
    );

  return (
    <RecordPage
      title={company?.name}
      description={company && `${company.fund.name}${company.industry ? ` · ${company.industry.name}` : ''}`}
      badges={company && <FundCompanyStatusBadge status={company.status} />}
      back={{ label: terminology.companies, to: ADMIN_SCREENS.fundCompanies.path }}
      actions={
        company &&
        can(user.role_id, 'funds', 'update') && (
          <Button
            component={Link}
            to={fundCompanyEditPath(company.id)}
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            Edit
          </Button>
        )
      }
      basePath={fundCompanyBase(id)}
      tabs={visibleRecordTabs(FUND_COMPANY_TABS, user.role_id, features)}
    >
      {body}
    </RecordPage>
  );
}
