import { Anchor, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { RecordSection } from '../../../components/records/record-section';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useFundPortfolio } from '../api/get-fund-portfolio';
import { CompanyFigures } from '../components/company-figures';
import { FundCompanyStatusBadge } from '../components/fund-company-status-badge';
import { formatMultiple } from '../components/multiple';
import { fundCompanyPath } from '../fund-company-paths';

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** /admin/funds/{id}/details/portfolio: the fund's companies with cost, valuation, ownership, status and totals. */
export function FundPortfolioPage() {
  const fundId = useRecordId();
  const user = useUser();
  const { data: portfolio, isPending, isError, error } = useFundPortfolio(fundId);
  const mayAdd = can(user.role_id, 'funds', 'create');
  const money = (value: string) => formatMoney(value, portfolio?.currency);

  return (
    <RecordSection
      title="Portfolio"
      description={portfolio && plural(portfolio.companies.length, 'company', 'companies')}
      actions={
        mayAdd &&
        fundId !== undefined && (
          <Button
            variant="light"
            component={Link}
            to={`${ADMIN_SCREENS.newFundCompany.path}?fund=${fundId}`}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add company
          </Button>
        )
      }
    >
      {isError ? (
        <ListLoadError error={error} />
      ) : isPending ? (
        <Skeleton height={160} radius="sm" aria-label="Loading" />
      ) : portfolio.companies.length === 0 ? (
        <Text size="sm" c="dimmed">
          The fund has no portfolio company yet.
        </Text>
      ) : (
        <Stack gap="md">
          <CompanyFigures figures={portfolio.totals} currency={portfolio.currency} label="Portfolio totals" />
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>The fund’s portfolio companies</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Company</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" style={right}>
                    Ownership
                  </Table.Th>
                  <Table.Th scope="col" style={right}>
                    Cost
                  </Table.Th>
                  <Table.Th scope="col" style={right}>
                    Valuation
                  </Table.Th>
                  <Table.Th scope="col" style={right}>
                    Realised
                  </Table.Th>
                  <Table.Th scope="col" style={right}>
                    Multiple
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {portfolio.companies.map((company) => (
                  <Table.Tr key={company.id}>
                    <Table.Td>
                      <Anchor component={Link} to={fundCompanyPath(company.id)}>
                        {company.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <FundCompanyStatusBadge status={company.status} />
                    </Table.Td>
                    <Table.Td style={right}>
                      {company.ownership_percent === null ? '—' : `${company.ownership_percent}%`}
                    </Table.Td>
                    <Table.Td style={right}>{money(company.cost)}</Table.Td>
                    <Table.Td style={right}>{money(company.valuation)}</Table.Td>
                    <Table.Td style={right}>{money(company.realised)}</Table.Td>
                    <Table.Td style={right}>{formatMultiple(company.multiple)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Th scope="row" colSpan={3}>
                    Total
                  </Table.Th>
                  <Table.Td style={right}>{money(portfolio.totals.cost)}</Table.Td>
                  <Table.Td style={right}>{money(portfolio.totals.valuation)}</Table.Td>
                  <Table.Td style={right}>{money(portfolio.totals.realised)}</Table.Td>
                  <Table.Td style={right}>{formatMultiple(portfolio.totals.multiple)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </RecordSection>
  );
}
