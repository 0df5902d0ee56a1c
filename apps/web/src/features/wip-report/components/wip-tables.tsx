import { Anchor, Badge, Table, Text } from '@mantine/core';
import {
  opportunityStatusTerm,
  type OpportunityStatus,
  type WipAmount,
  type WipCashCall,
  type WipManager,
  type WipManagerGroup,
  type WipPipeline,
  type WipRaise,
} from '@portico/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber, plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { pluralOf, useTerminology } from '../../../lib/terminology';
import { Amounts, amountIn, currenciesOf } from './amounts';

export const managerName = (manager: WipManager) => manager?.name ?? 'No manager';
const opportunityHref = (id: number) => `/admin/investments/opportunities/${id}`;

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
function ScrollTable({
  caption,
  minWidth,
  children,
}: {
  caption: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" horizontalSpacing="sm" aria-label={caption} striped highlightOnHover>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

const Num = ({ children, bold = false }: { children: ReactNode; bold?: boolean }) => (
  <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontWeight: bold ? 700 : undefined }}>
    {children}
  </Table.Td>
);
const Th = ({ children, right = false }: { children: ReactNode; right?: boolean }) => (
  <Table.Th ta={right ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }} scope="col">
    {children}
  </Table.Th>
);

/** The deals of each pipeline, stage by stage, with their count and value. */
export function DealsTable({
  pipelines,
  total,
}: {
  pipelines: WipPipeline[];
  total: { count: number; value: string };
}) {
  return (
    <ScrollTable caption="Deals by pipeline and stage" minWidth={480}>
      <Table.Thead>
        <Table.Tr>
          <Th>Pipeline</Th>
          <Th>Stage</Th>
          <Th right>Deals</Th>
          <Th right>Value</Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pipelines.flatMap((pipeline) =>
          pipeline.stages.map((stage, index) => (
            <Table.Tr key={stage.id}>
              <Table.Td fw={index === 0 ? 600 : undefined}>{index === 0 ? pipeline.name : ''}</Table.Td>
              <Table.Td>{stage.name}</Table.Td>
              <Num>{formatNumber(stage.deals)}</Num>
              <Num>{formatMoney(stage.value)}</Num>
            </Table.Tr>
          )),
        )}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr aria-label="Deals total">
          <Table.Th scope="row" colSpan={2}>
            Total
          </Table.Th>
          <Num bold>{formatNumber(total.count)}</Num>
          <Num bold>{formatMoney(total.value)}</Num>
        </Table.Tr>
      </Table.Tfoot>
    </ScrollTable>
  );
}

export interface RaiseTotals {
  target: WipAmount[];
  committed: WipAmount[];
  paid: WipAmount[];
  remaining: WipAmount[];
}

/** The live raises with committed and paid against target; a totals row per currency. */
export function RaisesTable({
  raises,
  totals,
  caption = 'Live raises',
  showManager = true,
}: {
  raises: WipRaise[];
  totals: RaiseTotals;
  caption?: string;
  showManager?: boolean;
}) {
  const terminology = useTerminology();
  const currencies = currenciesOf(totals.target, totals.committed, totals.paid, totals.remaining);
  return (
    <ScrollTable caption={caption} minWidth={showManager ? 1020 : 880}>
      <Table.Thead>
        <Table.Tr>
          <Th>Opportunity</Th>
          <Th>Status</Th>
          {showManager && <Th>Investment manager</Th>}
          <Th right>Target</Th>
          <Th right>Committed</Th>
          <Th right>Paid</Th>
          <Th right>% of target</Th>
          <Th right>Remaining</Th>
          <Th>Close date</Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {raises.map((raise) => (
          <Table.Tr key={raise.id} data-raise={raise.id} aria-label={raise.name}>
            <Table.Td>
              <Anchor component={Link} to={opportunityHref(raise.id)} fw={600} size="sm">
                {raise.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {raise.company_name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={raise.status === 4 ? 'gray' : 'primaryLighter'}>
                {terminology[opportunityStatusTerm(raise.status as OpportunityStatus)]}
              </Badge>
            </Table.Td>
            {showManager && <Table.Td>{managerName(raise.manager)}</Table.Td>}
            <Num>{formatMoney(raise.target, raise.currency)}</Num>
            <Num>
              <span data-figure="committed">{formatMoney(raise.committed, raise.currency)}</span>
            </Num>
            <Num>
              <span data-figure="paid">{formatMoney(raise.paid, raise.currency)}</span>
            </Num>
            <Num>{raise.percent_of_target === null ? '—' : `${raise.percent_of_target.toFixed(1)}%`}</Num>
            <Num>{formatMoney(raise.remaining, raise.currency)}</Num>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(raise.closing_date)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {currencies.map((currency) => (
          <Table.Tr key={currency} aria-label={currencies.length > 1 ? `Total in ${currency}` : 'Total'}>
            <Table.Th scope="row" colSpan={showManager ? 3 : 2}>
              {currencies.length > 1 ? `Total (${currency})` : 'Total'}
            </Table.Th>
            <Num bold>{formatMoney(amountIn(totals.target, currency), currency)}</Num>
            <Num bold>{formatMoney(amountIn(totals.committed, currency), currency)}</Num>
            <Num bold>{formatMoney(amountIn(totals.paid, currency), currency)}</Num>
            <Table.Td />
            <Num bold>{formatMoney(amountIn(totals.remaining, currency), currency)}</Num>
            <Table.Td />
          </Table.Tr>
        ))}
      </Table.Tfoot>
    </ScrollTable>
  );
}

/** The open cash calls, late ones marked; totals outstanding and overdue per currency. */
export function CashCallsTable({
  calls,
  outstanding,
  overdue,
  caption,
  showManager = true,
}: {
  calls: WipCashCall[];
  outstanding: WipAmount[];
  overdue: WipAmount[];
  caption?: string;
  showManager?: boolean;
}) {
  const currencies = currenciesOf(outstanding, overdue);
  const cashCalls = pluralOf(useTerminology().cash_call);
  return (
    <ScrollTable caption={caption ?? `${cashCalls} outstanding`} minWidth={showManager ? 860 : 720}>
      <Table.Thead>
        <Table.Tr>
          <Th>Opportunity</Th>
          {showManager && <Th>Investment manager</Th>}
          <Th right>Called</Th>
          <Th right>Outstanding</Th>
          <Th>Due date</Th>
          <Th>Status</Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {calls.map((call) => (
          <Table.Tr key={call.id} aria-label={`Cash call of ${call.opportunity.name}`}>
            <Table.Td>
              <Anchor component={Link} to={opportunityHref(call.opportunity.id)} fw={600} size="sm">
                {call.opportunity.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {plural(call.investments, 'investment')} awaiting payment
              </Text>
            </Table.Td>
            {showManager && <Table.Td>{managerName(call.manager)}</Table.Td>}
            <Num>{formatMoney(call.amount, call.currency)}</Num>
            <Num>{formatMoney(call.outstanding, call.currency)}</Num>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(call.due_date)}</Table.Td>
            <Table.Td>
              {call.overdue ? (
                <Badge color="danger" variant="light">
                  {plural(call.days_overdue, 'day')} overdue
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Due
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        {currencies.flatMap((currency) => {
          const suffix = currencies.length > 1 ? ` (${currency})` : '';
          const span = showManager ? 3 : 2;
          return [
            <Table.Tr key={`${currency}-outstanding`} aria-label={`Total outstanding${suffix}`}>
              <Table.Th scope="row" colSpan={span}>
                {`Total outstanding${suffix}`}
              </Table.Th>
              <Num bold>{formatMoney(amountIn(outstanding, currency), currency)}</Num>
              <Table.Td colSpan={2} />
            </Table.Tr>,
            <Table.Tr key={`${currency}-overdue`} aria-label={`Of which overdue${suffix}`}>
              <Table.Th scope="row" colSpan={span}>
                {`Of which overdue${suffix}`}
              </Table.Th>
              <Num bold>{formatMoney(amountIn(overdue, currency), currency)}</Num>
              <Table.Td colSpan={2} />
            </Table.Tr>,
          ];
        })}
      </Table.Tfoot>
    </ScrollTable>
  );
}

/** Each investment manager's raises and cash calls, per currency. */
export function ManagersTable({ groups }: { groups: WipManagerGroup[] }) {
  const cashCalls = pluralOf(useTerminology().cash_call);
  return (
    <ScrollTable caption="By investment manager" minWidth={860}>
      <Table.Thead>
        <Table.Tr>
          <Th>Investment manager</Th>
          <Th right>Raises</Th>
          <Th right>Target</Th>
          <Th right>Committed</Th>
          <Th right>Paid</Th>
          <Th right>{cashCalls}</Th>
          <Th right>Outstanding</Th>
          <Th right>Overdue</Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {groups.map((group) => (
          <Table.Tr key={group.manager?.id ?? 'none'} aria-label={managerName(group.manager)}>
            <Table.Td fw={600}>{managerName(group.manager)}</Table.Td>
            <Num>{formatNumber(group.raises)}</Num>
            <Num>
              <Amounts amounts={group.target} />
            </Num>
            <Num>
              <Amounts amounts={group.committed} />
            </Num>
            <Num>
              <Amounts amounts={group.paid} />
            </Num>
            <Num>{formatNumber(group.cash_calls)}</Num>
            <Num>
              <Amounts amounts={group.outstanding} />
            </Num>
            <Num>
              <Amounts amounts={group.overdue} />
            </Num>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
