import { Badge, Box, Button, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CapitalCall, FundKpis } from '@portico/contracts';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, useId, useState } from 'react';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, isPast, plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCapitalCalls } from '../api/fund-money';
import { CapitalCallModal } from './capital-call-modal';
import { LinesToggle } from './lines-toggle';
import { MoneyLoadError } from './money-load-error';

const NUMBER = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Open, paid, or open past its due date (the day after it). */
function CallStatusBadge({ call }: { call: CapitalCall }) {
  if (call.status === 'paid')
    return (
      <Badge variant="light" color="success">
        Paid
      </Badge>
    );
  return isPast(`${call.due_date}T23:59:59`) ? (
    <Badge variant="light" color="danger">
      Overdue
    </Badge>
  ) : (
    <Badge variant="light" color="blue">
      Open
    </Badge>
  );
}

function CallLines({ call, currency }: { call: CapitalCall; currency: string }) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={4} aria-label={`Lines of the call of ${formatDate(call.created_at)}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Investor</Table.Th>
            <Table.Th scope="col" style={NUMBER}>
              Amount
            </Table.Th>
            <Table.Th scope="col" style={NUMBER}>
              Paid
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {call.lines.map((line) => (
            <Table.Tr key={line.investment_id}>
              <Table.Td>{line.investor_name}</Table.Td>
              <Table.Td style={NUMBER}>{formatMoney(line.amount, currency)}</Table.Td>
              <Table.Td style={NUMBER}>{formatMoney(line.paid, currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The fund's capital calls, newest first, each with its lines; staff who may change the fund call more. */
export function CapitalCalls({ kpis, mayCall }: { kpis: FundKpis; mayCall: boolean }) {
  const fundId = kpis.fund_id;
  const { currency } = kpis;
  const calls = useCapitalCalls(fundId);
  const [calling, setCalling] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const idBase = useId();
  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <RecordSection
      title="Capital calls"
      description={calls.data && calls.data.length > 0 && plural(calls.data.length, 'call')}
      actions={
        mayCall && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCalling(true)}
          >
            Call capital
          </Button>
        )
      }
    >
      {calls.isError ? (
        <MoneyLoadError
          what="The capital calls"
          error={calls.error}
          retry={() => void calls.refetch()}
          retrying={calls.isFetching}
        />
      ) : calls.isPending ? (
        <Stack gap="xs" aria-label="Loading">
          <Skeleton height={36} radius="sm" />
          <Skeleton height={36} radius="sm" />
        </Stack>
      ) : calls.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No capital has been called yet.
          {mayCall && kpis.commitments.length > 0 ? ' Call capital to draw down the commitments.' : ''}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs">
            <Table.Caption>Capital calls, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={44}>
                  <VisuallyHidden>Lines</VisuallyHidden>
                </Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Called</Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Total
                </Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Paid
                </Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calls.data.map((call) => {
                const open = expanded.has(call.id);
                const linesId = `${idBase}-call-${call.id}`;
                return (
                  <Fragment key={call.id}>
                    <Table.Tr>
                      <Table.Td>
                        <LinesToggle
                          expanded={open}
                          onToggle={() => toggle(call.id)}
                          controls={linesId}
                          label={`the call of ${formatDate(call.created_at)}`}
                        />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(call.created_at)}</Table.Td>
                      <Table.Td>
                        {call.percent === null ? 'An amount' : `${call.percent}% of commitments`}
                        {call.message && (
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {call.message}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={NUMBER}>{formatMoney(call.total, currency)}</Table.Td>
                      <Table.Td style={NUMBER}>{formatMoney(call.paid, currency)}</Table.Td>
                      <Table.Td>
                        <CallStatusBadge call={call} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(call.due_date)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr id={linesId} hidden={!open}>
                      <Table.Td colSpan={7} bg="var(--mantine-color-gray-0)">
                        {open && (
                          <Box px="md" py="xs">
                            <CallLines call={call} currency={currency} />
                          </Box>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayCall && (
        <CapitalCallModal
          fundId={fundId}
          commitments={kpis.commitments}
          currency={currency}
          opened={calling}
          onClose={() => setCalling(false)}
        />
      )}
    </RecordSection>
  );
}
