import { Anchor, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Fund } from '@portico/contracts';
import {
  can,
  isOpportunityStatus,
  opportunityAdminPath,
  opportunityStatusTerm,
} from '@portico/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { RecordSection } from '../../../components/records/record-section';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useFundOpportunities } from '../../opportunities/api/get-fund-opportunities';

/** Where a fund opportunity is started from its fund: the new-opportunity page with the fund chosen. */
export const newFundOpportunityPath = (fundId: number) =>
  `${ADMIN_SCREENS.newOpportunity.path}?fund=${fundId}`;

/**
 * The fund opportunities raising for the fund (spec §6 funds_opportunity): each with its status and what
 * investors have committed, newest first; a role that may create one starts it from here.
 */
export function FundOpportunities({ fund }: { fund: Fund }) {
  const user = useUser();
  const terminology = useTerminology();
  const { data, isPending, isError, error } = useFundOpportunities(fund.id);
  const mayCreate =
    can(user.role_id, 'funds_opportunity', 'create') &&
    can(user.role_id, ADMIN_SCREENS.newOpportunity.resource, ADMIN_SCREENS.newOpportunity.action);
  const opportunities = data?.data ?? [];
  const statusOf = (status: number | undefined) =>
    isOpportunityStatus(status) ? terminology[opportunityStatusTerm(status)] : '—';

  return (
    <RecordSection
      title="Fund opportunities"
      description={
        data &&
        (opportunities.length === 0 ? 'None yet' : plural(data.meta.total, 'opportunity', 'opportunities'))
      }
      actions={
        mayCreate && (
          <Button
            component={Link}
            to={newFundOpportunityPath(fund.id)}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New fund opportunity
          </Button>
        )
      }
    >
      {isError ? (
        <ListLoadError error={error} />
      ) : isPending ? (
        <Skeleton height={80} radius="sm" aria-label="Loading" />
      ) : opportunities.length === 0 ? (
        <Text size="sm" c="dimmed">
          No opportunity raises for this fund yet.{' '}
          {mayCreate ? 'Start one with New fund opportunity: investors commit to the fund through it.' : ''}
        </Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>Opportunities raising for {fund.name}, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    Committed
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {opportunities.map((opportunity) =>
                  opportunity.id === undefined ? null : (
                    <Table.Tr key={opportunity.id}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Anchor
                          component={Link}
                          to={opportunityAdminPath(opportunity.id, opportunity.stage ?? 1)}
                        >
                          {opportunity.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{statusOf(opportunity.status)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {formatMoney(opportunity.committed_amount, opportunity.currency ?? fund.currency)}
                      </Table.Td>
                    </Table.Tr>
                  ),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </RecordSection>
  );
}
