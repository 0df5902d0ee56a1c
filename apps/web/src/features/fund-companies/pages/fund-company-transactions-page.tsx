import { Badge, Button, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { FUND_COMPANY_TRANSACTION_KIND_LABELS, type FundCompanyTransaction } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, plural } from '../../../lib/format';
import { formatMoney, formatShares } from '../../../lib/money';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useFundCompanyTransactions } from '../api/fund-company-records';
import { useFundCompany } from '../api/get-fund-company';
import { CompanyFigures } from '../components/company-figures';
import { ReverseTransactionModal } from '../components/reverse-transaction-modal';
import { TransactionModal } from '../components/transaction-modal';

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * /admin/investments/companies/{id}/transactions: every transaction, oldest first (append-only: a mistake is
 * reversed, once, with a reason), the figures they make, and, for staff who may, adding and reversing.
 */
export function FundCompanyTransactionsPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const { data: company } = useFundCompany(id);
  const { data: transactions, isPending, isError, error } = useFundCompanyTransactions(id);
  const [adding, setAdding] = useState(false);
  const [reversing, setReversing] = useState<FundCompanyTransaction | undefined>();
  const mayChange = can(user.role_id, 'funds', 'update');
  if (!company) return <Skeleton height={200} radius="md" aria-label="Loading" />;
  const currency = company.fund.currency;

  return (
    <RecordSection
      title="Transactions"
      description={transactions && plural(transactions.length, 'transaction')}
      actions={
        mayChange && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            Add transaction
          </Button>
        )
      }
    >
      <Stack gap="md">
        <CompanyFigures figures={company} currency={currency} label="Figures" />
        {isError ? (
          <ListLoadError error={error} />
        ) : isPending ? (
          <Skeleton height={120} radius="sm" aria-label="Loading" />
        ) : transactions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No transaction yet. {mayChange ? 'Add the first investment to start its figures.' : ''}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>Transactions of {company.name}, oldest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col">Kind</Table.Th>
                  <Table.Th scope="col" style={right}>
                    Amount
                  </Table.Th>
                  <Table.Th scope="col" style={right}>
                    Valuation
                  </Table.Th>
                  <Table.Th scope="col" style={right}>
                    Shares
                  </Table.Th>
                  <Table.Th scope="col">Note</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {transactions.map((row) => {
                  const reversed = row.reversed_by_id !== null;
                  return (
                    <Table.Tr key={row.id} c={reversed ? 'dimmed' : undefined}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
                      <Table.Td>
                        {FUND_COMPANY_TRANSACTION_KIND_LABELS[row.kind]}
                        {row.reverses_id !== null && (
                          <Text size="xs" c="dimmed">
                            Reversal: {row.reason}
                          </Text>
                        )}
                        {reversed && (
                          <Badge variant="light" color="gray" ml="xs">
                            Reversed
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td style={right}>
                        {row.amount === null ? '—' : formatMoney(row.amount, currency)}
                      </Table.Td>
                      <Table.Td style={right}>
                        {row.valuation === null || row.reverses_id !== null
                          ? '—'
                          : formatMoney(row.valuation, currency)}
                      </Table.Td>
                      <Table.Td style={right}>
                        {row.shares === null ? '—' : formatShares(row.shares)}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.note ?? '—'}</Table.Td>
                      <Table.Td>
                        {mayChange && !reversed && row.reverses_id === null && (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="danger"
                            onClick={() => setReversing(row)}
                            aria-label={`Reverse the ${FUND_COMPANY_TRANSACTION_KIND_LABELS[row.kind].toLowerCase()} of ${formatDate(row.date)}`}
                          >
                            Reverse
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {mayChange && (
        <>
          <TransactionModal
            companyId={id}
            currency={currency}
            opened={adding}
            onClose={() => setAdding(false)}
          />
          <ReverseTransactionModal
            transaction={reversing}
            currency={currency}
            onClose={() => setReversing(undefined)}
          />
        </>
      )}
    </RecordSection>
  );
}
