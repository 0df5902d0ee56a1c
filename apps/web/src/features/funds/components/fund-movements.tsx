import { Badge, Box, Button, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FundKpis, FundMovement, FundMovementType } from '@portico/contracts';
import { IconArrowBackUp, IconPlus } from '@tabler/icons-react';
import { Fragment, useId, useState } from 'react';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useFundMovements } from '../api/fund-money';
import { FundMovementModal } from './fund-movement-modal';
import { LinesToggle } from './lines-toggle';
import { MoneyLoadError } from './money-load-error';
import { movementLabel } from './movement-labels';
import { ReverseMovementModal } from './reverse-movement-modal';

const NUMBER = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

function MovementLines({ movement, currency }: { movement: FundMovement; currency: string }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table
        verticalSpacing={4}
        aria-label={`Lines of the ${movementLabel(movement).toLowerCase()} of ${formatDate(movement.date)}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Investor</Table.Th>
            <Table.Th scope="col" style={NUMBER}>
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movement.lines.map((line) => (
            <Table.Tr key={line.investment_id}>
              <Table.Td>{line.investor_name}</Table.Td>
              <Table.Td style={NUMBER}>{formatMoney(line.amount, currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The fund's distributions and fees, newest first, each with its lines; a reversal names what it
 * undoes. Staff who may change the fund record distributions, charge fees and reverse either.
 */
export function FundMovements({ kpis, mayUpdate }: { kpis: FundKpis; mayUpdate: boolean }) {
  const fundId = kpis.fund_id;
  const { currency } = kpis;
  const movements = useFundMovements(fundId);
  const [recording, setRecording] = useState<FundMovementType>();
  const [reversing, setReversing] = useState<FundMovement>();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const idBase = useId();
  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const byId = new Map((movements.data ?? []).map((movement) => [movement.id, movement]));
  const columns = mayUpdate ? 7 : 6;

  return (
    <RecordSection
      title="Distributions and fees"
      description={
        movements.data && movements.data.length > 0 && plural(movements.data.length, 'entry', 'entries')
      }
      actions={
        mayUpdate && (
          <>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRecording('distribution')}
            >
              Record distribution
            </Button>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRecording('fee')}
            >
              Charge fee
            </Button>
          </>
        )
      }
    >
      {movements.isError ? (
        <MoneyLoadError
          what="The distributions and fees"
          error={movements.error}
          retry={() => void movements.refetch()}
          retrying={movements.isFetching}
        />
      ) : movements.isPending ? (
        <Stack gap="xs" aria-label="Loading">
          <Skeleton height={36} radius="sm" />
          <Skeleton height={36} radius="sm" />
        </Stack>
      ) : movements.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No distribution has been paid and no fee charged yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs">
            <Table.Caption>Distributions and fees, newest first</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={44}>
                  <VisuallyHidden>Lines</VisuallyHidden>
                </Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col" style={NUMBER}>
                  Total
                </Table.Th>
                <Table.Th scope="col">Note</Table.Th>
                <Table.Th scope="col">State</Table.Th>
                {mayUpdate && (
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movements.data.map((movement) => {
                const open = expanded.has(movement.id);
                const linesId = `${idBase}-movement-${movement.id}`;
                const label = `${movementLabel(movement).toLowerCase()} of ${formatDate(movement.date)}`;
                const undone = movement.reverses_id === null ? undefined : byId.get(movement.reverses_id);
                return (
                  <Fragment key={movement.id}>
                    <Table.Tr>
                      <Table.Td>
                        <LinesToggle
                          expanded={open}
                          onToggle={() => toggle(movement.id)}
                          controls={linesId}
                          label={`the ${label}`}
                        />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(movement.date)}</Table.Td>
                      <Table.Td>
                        {movement.reverses_id === null ? (
                          movementLabel(movement)
                        ) : (
                          <>
                            Reversal of {undone ? `the ${formatDate(undone.date)} ` : ''}
                            {movementLabel(movement).toLowerCase()}
                            {movement.reason && (
                              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                                Reason: {movement.reason}
                              </Text>
                            )}
                          </>
                        )}
                      </Table.Td>
                      <Table.Td style={NUMBER}>{formatMoney(movement.total, currency)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{movement.note ?? '—'}</Table.Td>
                      <Table.Td>
                        {movement.reversed_by_id !== null && (
                          <Badge variant="light" color="gray">
                            Reversed
                          </Badge>
                        )}
                        {movement.reverses_id !== null && (
                          <Badge variant="light" color="orange">
                            Reversal
                          </Badge>
                        )}
                      </Table.Td>
                      {mayUpdate && (
                        <Table.Td>
                          {movement.reverses_id === null && movement.reversed_by_id === null && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="danger"
                              leftSection={<IconArrowBackUp size={14} aria-hidden />}
                              onClick={() => setReversing(movement)}
                              aria-label={`Reverse the ${label}`}
                            >
                              Reverse
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                    <Table.Tr id={linesId} hidden={!open}>
                      <Table.Td colSpan={columns} bg="var(--mantine-color-gray-0)">
                        {open && (
                          <Box px="md" py="xs">
                            <MovementLines movement={movement} currency={currency} />
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
      {mayUpdate && (
        <>
          <FundMovementModal
            type={recording}
            fundId={fundId}
            currency={currency}
            onClose={() => setRecording(undefined)}
          />
          <ReverseMovementModal
            movement={reversing}
            currency={currency}
            onClose={() => setReversing(undefined)}
          />
        </>
      )}
    </RecordSection>
  );
}
