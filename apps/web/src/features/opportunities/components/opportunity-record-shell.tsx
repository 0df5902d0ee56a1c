import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import type { Opportunity } from '@portico/contracts';
import type { ComponentProps, ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useTerminology } from '../../../lib/terminology';
import { fundPath } from '../../funds/fund-paths';
import { OpportunityStatusBadge } from '../../opportunity-lifecycle/components/opportunity-status-badge';

interface OpportunityRecordShellProps {
  /** the opportunity's query (useOpportunity) */
  query: {
    data: Opportunity | undefined;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  basePath: string;
  tabs: ComponentProps<typeof RecordPage>['tabs'];
  /** the header's buttons, once loaded */
  actions: (opportunity: Opportunity) => ReactNode;
}

/**
 * What an opportunity's two record pages share (stages 1 to 4, and existing investments): the header with
 * its name, company, status and buttons, the tabs, then the tab's page once loaded, a load error with a
 * retry, or skeletons while it loads.
 */
export function OpportunityRecordShell({ query, basePath, tabs, actions }: OpportunityRecordShellProps) {
  const terminology = useTerminology();
  const { data: opportunity, isError, error, refetch, isFetching } = query;
  return (
    <RecordPage
      title={opportunity?.name}
      description={
        opportunity && (
          <>
            {opportunity.company_name}
            {opportunity.fund_id !== null && (
              <Text span inherit>
                {' · Raising for '}
                <Anchor component={Link} to={fundPath(opportunity.fund_id)} inherit>
                  {opportunity.fund_name ?? 'its fund'}
                </Anchor>
              </Text>
            )}
          </>
        )
      }
      back={{ label: terminology.opportunities, to: ADMIN_SCREENS.opportunities.path }}
      badges={opportunity && <OpportunityStatusBadge status={opportunity.status} />}
      actions={opportunity && actions(opportunity)}
      basePath={basePath}
      tabs={tabs}
    >
      {isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={ADMIN_SCREENS.opportunities.path}
        />
      ) : opportunity ? (
        <Outlet />
      ) : (
        <Stack gap="lg" aria-label="Loading">
          <Skeleton height={160} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      )}
    </RecordPage>
  );
}
