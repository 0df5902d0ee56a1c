import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { FUND_TYPE_LABELS } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconPencil } from '@tabler/icons-react';
import { Link, useOutlet } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import type { RecordTab } from '../../../config/records';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useFund } from '../api/get-fund';
import { FundActiveBadge, FundStatusBadge } from '../components/fund-badges';
import { FundNavs } from '../components/fund-navs';
import { FundOpportunities } from '../components/fund-opportunities';
import { FundTerms } from '../components/fund-terms';
import { fundEditPath, fundPath } from '../fund-paths';

/** The fund's tabs so far (spec §2.1): its details and transactions; portfolio and notes come with their issues. */
const FUND_TABS = [
  { id: 'details', label: 'Details', path: '', resource: 'funds', action: 'show' },
  { id: 'transactions', label: 'Transactions', path: 'transactions', resource: 'funds', action: 'show' },
  { id: 'portfolio', label: 'Portfolio', path: 'portfolio', resource: 'funds', action: 'show' },
  {
    id: 'notes-calls-tasks',
    label: 'Notes, Calls and Tasks',
    path: 'notes-calls-tasks',
    resource: 'funds',
    action: 'show',
  },
] as const satisfies readonly RecordTab[];

/** /admin/funds/{id}/details: the fund's name, status and active badges, its terms and its NAVs. */
export function FundRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const terminology = useTerminology();
  const { data: fund, isError, error, refetch, isFetching } = useFund(id);
  // A tab's page (transactions) replaces the details under the same header.
  const tab = useOutlet();

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;

  return (
    <RecordPage
      title={fund?.name}
      description={
        fund &&
        [FUND_TYPE_LABELS[fund.type], fund.vintage && `${fund.vintage} vintage`, fund.currency]
          .filter(Boolean)
          .join(' · ')
      }
      badges={
        fund && (
          <Group gap="xs">
            <FundStatusBadge status={fund.status} />
            <FundActiveBadge active={fund.active} />
          </Group>
        )
      }
      back={{ label: terminology.funds, to: ADMIN_SCREENS.funds.path }}
      actions={
        fund &&
        can(user.role_id, 'funds', 'update') && (
          <Button
            component={Link}
            to={fundEditPath(fund.id)}
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            Edit
          </Button>
        )
      }
      basePath={fundPath(id)}
      tabs={FUND_TABS}
    >
      {tab ? (
        tab
      ) : isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={ADMIN_SCREENS.funds.path}
        />
      ) : fund ? (
        <Stack gap="lg">
          <FundTerms fund={fund} />
          <FundNavs fund={fund} />
          {can(user.role_id, 'funds_opportunity', 'index') && <FundOpportunities fund={fund} />}
        </Stack>
      ) : (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={180} radius="md" />
          <Skeleton height={280} radius="md" />
        </Stack>
      )}
    </RecordPage>
  );
}
