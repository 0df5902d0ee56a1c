import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OverviewCashCall } from '@portico/contracts';
import { compareDecimal, formatSortCode } from '@portico/contracts/constants';
import { Link } from 'react-router';
import { CopyValueButton } from '../../../components/text/copy-value-button';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';

/** A labelled value; with `copy`, a button beside it copies that text ("Copy sort code"). */
function Detail({ label, value, copy }: { label: string; value: string | null | undefined; copy?: string }) {
  if (!value) return null;
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {copy ? <CopyValueButton value={copy} label={label} /> : null}
      </Group>
    </Stack>
  );
}

/**
 * One cash call on the overview: what to pay, by when, where and with which reference, each with a copy
 * button (bank details and reference only when the platform shows them). Its own chunk: the copy buttons'
 * tooltips load only for an investor with a cash call.
 */
export function CashCallCard({ call }: { call: OverviewCashCall }) {
  const { currency } = call.opportunity;
  const bank = call.bank_details;
  const partPaid = compareDecimal(call.paid_amount, '0') > 0;
  const headingId = `cash-call-${call.investment_id}`;
  return (
    <Paper withBorder radius="md" p="md" bg="orange.0" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Text fw={700} id={headingId}>
            Please pay {formatMoney(call.outstanding, currency)} by {formatDate(call.due_date)}
          </Text>
          <Anchor component={Link} to={`/investor/investments/${call.opportunity.slug}`} size="sm">
            {call.opportunity.name}
          </Anchor>
        </div>
        {call.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {call.message}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Detail label="Amount" value={formatMoney(call.amount, currency)} />
          {partPaid && <Detail label="Received so far" value={formatMoney(call.paid_amount, currency)} />}
          <Detail label="Due date" value={formatDate(call.due_date)} />
          <Detail
            label="Payment reference"
            value={call.payment_reference}
            copy={call.payment_reference ?? ''}
          />
          {bank && (
            <>
              <Detail label="Account name" value={bank.account_name} copy={bank.account_name ?? ''} />
              <Detail
                label="Sort code"
                value={bank.sort_code && formatSortCode(bank.sort_code)}
                copy={bank.sort_code ?? ''}
              />
              <Detail label="Account number" value={bank.account_number} copy={bank.account_number ?? ''} />
              <Detail label="IBAN" value={bank.iban} copy={bank.iban ?? ''} />
              <Detail label="SWIFT / BIC" value={bank.swift} copy={bank.swift ?? ''} />
            </>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
