import { Badge, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Fund } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { RecordSection } from '../../../components/records/record-section';
import { formatDate, formatDateTime, plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useUser } from '../../../lib/session';
import { useFundNavs } from '../api/fund-navs';
import { RecordNavModal } from './record-nav-modal';

// The charts library loads only with a fund's page.
const NavChart = lazy(async () => ({ default: (await import('./nav-chart')).NavChart }));

/**
 * The fund's net asset values (DOMAIN.md, Funds): the current ones as a chart over time, then every NAV,
 * newest first, a replaced one marked with when; staff who may change the fund record a new one.
 */
export function FundNavs({ fund }: { fund: Fund }) {
  const user = useUser();
  const [recording, setRecording] = useState(false);
  const { data: navs, isPending, isError, error } = useFundNavs(fund.id);
  const current = navs?.filter((nav) => nav.replaced_at === null).length ?? 0;
  const mayRecord = can(user.role_id, 'funds', 'update');

  return (
    <RecordSection
      title="Net asset value"
      description={navs && (current === 0 ? 'None recorded yet' : plural(current, 'current NAV'))}
      actions={
        mayRecord && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRecording(true)}
          >
            Record NAV
          </Button>
        )
      }
    >
      {isError ? (
        <ListLoadError error={error} />
      ) : isPending ? (
        <Stack gap="sm" aria-label="Loading">
          <Skeleton height={200} radius="sm" />
          <Skeleton height={80} radius="sm" />
        </Stack>
      ) : navs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No NAV has been recorded. {mayRecord ? 'Record the first to follow the fund’s value.' : ''}
        </Text>
      ) : (
        <Stack gap="md">
          <Suspense fallback={<Skeleton height={240} radius="sm" aria-label="Loading the chart" />}>
            <NavChart navs={navs} currency={fund.currency} />
          </Suspense>
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>NAVs of {fund.name}, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Date</Table.Th>
                  <Table.Th scope="col" style={{ textAlign: 'right' }}>
                    NAV
                  </Table.Th>
                  <Table.Th scope="col">Note</Table.Th>
                  <Table.Th scope="col">Recorded</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {navs.map((nav) => {
                  const replaced = nav.replaced_at !== null;
                  return (
                    <Table.Tr key={nav.id} c={replaced ? 'dimmed' : undefined}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(nav.effective_on)}</Table.Td>
                      <Table.Td
                        style={{
                          textAlign: 'right',
                          whiteSpace: 'nowrap',
                          textDecoration: replaced ? 'line-through' : undefined,
                        }}
                      >
                        {formatMoney(nav.nav, fund.currency)}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{nav.note ?? '—'}</Table.Td>
                      <Table.Td>
                        {formatDateTime(nav.created_at)}
                        {nav.created_by && (
                          <Text size="xs" c="dimmed">
                            by {nav.created_by.name}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {replaced ? (
                          <Stack gap={2}>
                            <Badge variant="light" color="gray" w="fit-content">
                              Replaced
                            </Badge>
                            <Text size="xs" c="dimmed">
                              {formatDateTime(nav.replaced_at)}
                            </Text>
                          </Stack>
                        ) : (
                          <Badge variant="light" color="success" w="fit-content">
                            Current
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {mayRecord && (
        <RecordNavModal
          fundId={fund.id}
          currency={fund.currency}
          opened={recording}
          onClose={() => setRecording(false)}
        />
      )}
    </RecordSection>
  );
}
