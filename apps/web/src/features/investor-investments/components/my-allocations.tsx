import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { investorStatusOf } from '@portico/contracts';
import { compareDecimal, formatSortCode, subtractDecimal } from '@portico/contracts/constants';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CopyValueButton } from '../../../components/text/copy-value-button';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { formatMoney, formatShares } from '../../../lib/money';
import { useCancelInvestment } from '../api/investing-mutations';
import type { MyInvestment } from '../api/investing-schemas';
import { AllocationStatusBadge } from './allocation-status-badge';

// The withdrawal's modal (scroll lock, focus trap) loads on the first withdrawal, not with the page.
const ConfirmModal = lazy(async () => ({
  default: (await import('../../../components/modals/confirm-modal')).ConfirmModal,
}));

/** A labelled value; with `copy`, a button beside it copies that text ("Copy sort code"). */
function Detail({ label, value, copy }: { label: string; value: string | null | undefined; copy?: string }) {
  if (!value) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {copy !== undefined && <CopyValueButton value={copy} label={label} />}
      </Group>
    </Stack>
  );
}

/** The allocation's money is in its opportunity's currency. */
const currencyOf = (investment: MyInvestment) => investment.opportunity?.currency ?? 'GBP';

/** Cash Call - Awaiting Payment: what to pay, by when, where and with which reference (each only when sent). */
function PaymentDetails({ investment }: { investment: MyInvestment }) {
  const money = (value: string | null | undefined) => formatMoney(value, currencyOf(investment));
  const bank = investment.bank_details;
  const paid = investment.paid_amount ?? '0';
  // a fund commitment owes what has been called of it, not the whole commitment (issue 20)
  const called = investment.called_amount ?? null;
  const due = called ?? investment.amount;
  const outstanding = compareDecimal(paid, '0') > 0 ? subtractDecimal(due, paid) : due;
  return (
    <Paper withBorder radius="md" p="md" bg="orange.0" component="section" aria-label="Payment details">
      <Stack gap="sm">
        <Text fw={700}>Please pay {money(outstanding)}</Text>
        {called !== null && (
          <Text size="sm">
            Called {money(called)} of {money(investment.amount)}: what is due now is what has been called less
            what you have paid.
          </Text>
        )}
        {investment.cash_call?.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {investment.cash_call.message}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {called === null && <Detail label="Amount" value={money(investment.amount)} />}
          {compareDecimal(paid, '0') > 0 && <Detail label="Received so far" value={money(paid)} />}
          <Detail
            label="Due date"
            value={investment.cash_call?.due_date ? formatDate(investment.cash_call.due_date) : null}
          />
          <Detail
            label="Payment reference"
            value={investment.payment_reference}
            copy={investment.payment_reference ?? ''}
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

function AllocationRow({
  investment,
  onCancel,
}: {
  investment: MyInvestment;
  onCancel: (investment: MyInvestment) => void;
}) {
  const opportunity = investment.opportunity;
  const holding = investment.holding;
  // a fund commitment paid up to what has been called shows as paid until the next call (decision 026)
  const shown = investorStatusOf(investment);
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} miw={0}>
            {opportunity ? (
              <Anchor component={Link} to={`/investor/investments/${opportunity.slug}`} fw={700}>
                {opportunity.name}
              </Anchor>
            ) : (
              <Text fw={700}>Investment {investment.id}</Text>
            )}
            {opportunity?.company_name && (
              <Text size="sm" c="dimmed">
                {opportunity.company_name}
              </Text>
            )}
          </Stack>
          <AllocationStatusBadge status={shown} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Detail
            label={investment.called_amount == null ? 'Amount' : 'Commitment'}
            value={formatMoney(investment.amount, currencyOf(investment))}
          />
          {investment.called_amount == null ? (
            <Detail label="Shares" value={formatShares(investment.shares)} />
          ) : (
            <Detail
              label="Called"
              value={`${formatMoney(investment.called_amount, currencyOf(investment))} of ${formatMoney(investment.amount, currencyOf(investment))}`}
            />
          )}
          <Detail
            label="Held"
            value={holding?.type === 'self' ? 'In my own name' : (holding?.name ?? null)}
          />
          <Detail label="Reserved on" value={formatDate(investment.created_at)} />
        </SimpleGrid>
        {shown === 'awaiting_payment' && <PaymentDetails investment={investment} />}
        {shown === 'paid' && investment.payment_reference && (
          <Text size="sm" c="dimmed">
            Payment reference {investment.payment_reference}
          </Text>
        )}
        {investment.status === 'reserved' && compareDecimal(investment.paid_amount ?? '0', '0') > 0 && (
          // Money already received is refunded by staff, who cancel the allocation (issue 18).
          <Text size="sm" c="dimmed">
            We have received {formatMoney(investment.paid_amount, currencyOf(investment))} for this
            allocation, so it cannot be withdrawn here: contact us and we will cancel it and refund your
            money.
          </Text>
        )}
        {investment.status === 'reserved' && compareDecimal(investment.paid_amount ?? '0', '0') <= 0 && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="danger"
              size="compact-sm"
              onClick={() => onCancel(investment)}
              aria-label={`Withdraw allocation in ${opportunity?.name ?? `investment ${investment.id}`}`}
            >
              Withdraw allocation
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * My Reserved Allocations: the investor's open commitments with their state; a reserved one may be
 * withdrawn after a confirmation, an awaiting-payment one shows how to pay.
 */
export function MyAllocations({ investments }: { investments: readonly MyInvestment[] }) {
  const terms = useTerminology();
  const [cancelling, setCancelling] = useState<MyInvestment | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const cancel = useCancelInvestment();
  // Mounted on the first withdrawal and kept, so that closing animates.
  const [modalMounted, setModalMounted] = useState(false);
  if (cancelling !== null && !modalMounted) setModalMounted(true);
  const open = investments.filter(
    (investment) => investment.status !== 'cancelled' && investment.status !== 'completed',
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="my-allocations">
      <Title order={2} fz="xl" id="my-allocations">
        {terms.reserved_allocations}
      </Title>
      {cancelled && (
        <Alert
          color="success"
          variant="light"
          role="status"
          withCloseButton
          onClose={() => setCancelled(null)}
        >
          {cancelled}
        </Alert>
      )}
      {open.length === 0 ? (
        <Text c="dimmed">You have no allocations in progress.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {open.map((investment) => (
            <AllocationRow key={investment.id} investment={investment} onCancel={setCancelling} />
          ))}
        </Stack>
      )}
      {modalMounted && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened={cancelling !== null}
            onClose={() => setCancelling(null)}
            title="Withdraw this allocation?"
            confirmLabel="Withdraw allocation"
            danger
            onConfirm={async () => {
              if (!cancelling) return;
              await cancel.mutateAsync(cancelling.id);
              setCancelled(
                `Your allocation of ${formatMoney(cancelling.amount, currencyOf(cancelling))} in ${cancelling.opportunity?.name ?? 'the opportunity'} is withdrawn.`,
              );
            }}
          >
            {cancelling
              ? `Your allocation of ${formatMoney(cancelling.amount, currencyOf(cancelling))} (${formatShares(cancelling.shares)} shares) in ${cancelling.opportunity?.name ?? 'this opportunity'} will be withdrawn and the money released. You can reserve again while the opportunity is open.`
              : null}
          </ConfirmModal>
        </Suspense>
      )}
    </Stack>
  );
}
