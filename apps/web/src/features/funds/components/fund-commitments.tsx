import { Anchor, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FundCommitment, FundKpis } from '@portico/contracts';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordSection } from '../../../components/records/record-section';
import { plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { formatMultiple } from '../../portfolio/figures';
import { CommitmentPaymentModal } from './commitment-payment-modal';

const NUMBER = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * Each commitment to the fund (an investment through one of its opportunities) with its measures; staff
 * who may book money record a payment against it.
 */
export function FundCommitments({ kpis, mayPay }: { kpis: FundKpis; mayPay: boolean }) {
  const [paying, setPaying] = useState<FundCommitment>();
  const { commitments, currency } = kpis;
  const money = (value: string) => formatMoney(value, currency);
  return (
    <RecordSection
      title="Commitments"
      description={commitments.length > 0 && plural(commitments.length, 'commitment')}
    >
      {commitments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one has committed to this fund yet: commitments come from its fund opportunities.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={920}>
          <Table striped verticalSpacing="xs">
            <Table.Caption>Commitments to the fund</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Investor</Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Committed
                </Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Called
                </Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Paid-in
                </Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Uncalled
                </Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Distributed
                </Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Value
                </Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  TVPI
                </Table.Th>
                {mayPay && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {commitments.map((commitment) => (
                <Table.Tr key={commitment.investment_id}>
                  <Table.Th scope="row" fw={500}>
                    <Anchor component={Link} to={`/admin/investors/${commitment.investor.id}`}>
                      {commitment.investor.name}
                    </Anchor>
                  </Table.Th>
                  <Table.Td style={NUMBER}>{money(commitment.committed)}</Table.Td>
                  <Table.Td style={NUMBER}>{money(commitment.called)}</Table.Td>
                  <Table.Td style={NUMBER}>{money(commitment.paid_in)}</Table.Td>
                  <Table.Td style={NUMBER}>{money(commitment.uncalled)}</Table.Td>
                  <Table.Td style={NUMBER}>{money(commitment.distributed)}</Table.Td>
                  <Table.Td style={NUMBER}>{money(commitment.value)}</Table.Td>
                  <Table.Td style={NUMBER}>{formatMultiple(commitment.tvpi)}</Table.Td>
                  {mayPay && (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconCash size={14} aria-hidden />}
                        onClick={() => setPaying(commitment)}
                        aria-label={`Record payment from ${commitment.investor.name}`}
                      >
                        Record payment
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayPay && (
        <CommitmentPaymentModal
          key={paying?.investment_id}
          fundId={kpis.fund_id}
          commitment={paying}
          currency={currency}
          onClose={() => setPaying(undefined)}
        />
      )}
    </RecordSection>
  );
}
