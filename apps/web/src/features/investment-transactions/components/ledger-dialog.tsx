import { Alert, Badge, Button, Group, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  isZeroDecimal,
  PAYMENT_KIND_LABELS,
  reversalInputSchema,
  unallocatedApplyInputSchema,
  unallocatedRefundInputSchema,
  type InvestmentPayment,
  type StaffInvestment,
} from '@portico/contracts';
import { useState } from 'react';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { formatDate } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import {
  newIdempotencyKey,
  useApplyUnallocated,
  useInvestmentPayments,
  useRefundUnallocated,
  useReverseEntry,
} from '../api/investments';
import { isoDay } from './money-dialogs';

interface LedgerDialogProps {
  investment: StaffInvestment | undefined;
  onClose: () => void;
  /** the role may book money (cash_calls update): reversals and unallocated money */
  mayBook: boolean;
}

/**
 * An investment's money (decision 019): every ledger entry (kind, amount, date, reference, who, and what
 * reversed it with the reason), the investor's unallocated money in the round, and the staff actions on
 * them: reverse an entry (with a reason, after confirming), refund or apply unallocated money.
 */
export function LedgerDialog({ investment, onClose, mayBook }: LedgerDialogProps) {
  const ledger = useInvestmentPayments(investment?.id);
  const [reversing, setReversing] = useState<InvestmentPayment | undefined>();
  const [unallocated, setUnallocated] = useState<'refund' | 'apply' | undefined>();
  const currency = investment?.opportunity.currency ?? 'GBP';
  const money = (value: string) => formatMoney(value.replace(/^-/, ''), currency);
  const entries = ledger.data?.data.payments ?? [];
  const held = ledger.data?.data.unallocated ?? '0.00';
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (
    <>
      <FormModal opened={investment !== undefined} onClose={onClose} title="Money and ledger" size="wide">
        {investment && (
          <Stack gap="sm">
            <Text size="sm">
              <strong>{investment.investor.name}</strong>: {money(investment.paid_amount)} of{' '}
              {money(investment.amount)} received.
            </Text>
            {ledger.isPending ? (
              <Text size="sm" c="dimmed">
                Loading the ledger…
              </Text>
            ) : ledger.isError ? (
              <Alert color="red">The ledger could not be loaded.</Alert>
            ) : entries.length === 0 ? (
              <Text size="sm" c="dimmed">
                No money has been booked on this investment yet.
              </Text>
            ) : (
              <Table striped aria-label="Ledger entries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Entry</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>By</Table.Th>
                    <Table.Th>
                      <span className="visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text size="sm">
                            #{entry.id} {PAYMENT_KIND_LABELS[entry.kind]}
                            {entry.reverses_id ? ` of #${entry.reverses_id}` : ''}
                          </Text>
                          {!isZeroDecimal(entry.unallocated_delta) && entry.kind === 'payment' && (
                            <Text size="xs" c="dimmed">
                              {money(entry.unallocated_delta)} held unallocated
                            </Text>
                          )}
                          {entry.reason && (
                            <Text size="xs" c="dimmed">
                              Reason: {entry.reason}
                            </Text>
                          )}
                          {entry.reversed_by_id && (
                            <Badge color="gray" variant="light" size="sm">
                              Reversed by #{entry.reversed_by_id}
                              {byId.get(entry.reversed_by_id)?.reason
                                ? `: ${byId.get(entry.reversed_by_id)?.reason ?? ''}`
                                : ''}
                            </Badge>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td>{money(entry.amount)}</Table.Td>
                      <Table.Td>{formatDate(entry.received_on)}</Table.Td>
                      <Table.Td>{entry.reference ?? '—'}</Table.Td>
                      <Table.Td>{entry.recorded_by?.name ?? '—'}</Table.Td>
                      <Table.Td>
                        {mayBook && entry.kind !== 'reversal' && !entry.reversed_by_id && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setReversing(entry)}
                            aria-label={`Reverse entry #${entry.id}`}
                          >
                            Reverse
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {!isZeroDecimal(held) && (
              <Alert color="blue" variant="light" title="Unallocated money">
                <Stack gap="xs">
                  <Text size="sm">
                    {money(held)} of {investment.investor.name}’s money in this round is unallocated.
                  </Text>
                  {mayBook && (
                    <Group gap="xs">
                      <Button size="xs" variant="light" onClick={() => setUnallocated('refund')}>
                        Refund unallocated money
                      </Button>
                      {(investment.status === 'reserved' || investment.status === 'awaiting_payment') && (
                        <Button size="xs" variant="light" onClick={() => setUnallocated('apply')}>
                          Apply to this investment
                        </Button>
                      )}
                    </Group>
                  )}
                </Stack>
              </Alert>
            )}
          </Stack>
        )}
      </FormModal>
      {investment && reversing && (
        <ReverseDialog
          key={reversing.id}
          investment={investment}
          entry={reversing}
          money={money}
          onClose={() => setReversing(undefined)}
        />
      )}
      {investment && unallocated && (
        <UnallocatedDialog
          key={unallocated}
          investment={investment}
          mode={unallocated}
          held={held}
          money={money}
          onClose={() => setUnallocated(undefined)}
        />
      )}
    </>
  );
}

/** Reverse one entry: a new entry undoes it, with a reason; asked for before anything is written. */
function ReverseDialog({
  investment,
  entry,
  money,
  onClose,
}: {
  investment: StaffInvestment;
  entry: InvestmentPayment;
  money: (value: string) => string;
  onClose: () => void;
}) {
  const reverse = useReverseEntry();
  const [key] = useState(newIdempotencyKey);
  const form = useForm({ initialValues: { reason: '' }, validate: zodResolver(reversalInputSchema) });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    submit: (values) => reverse.mutateAsync({ id: investment.id, entry: entry.id, input: values, key }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Entry reversed',
        message: `Entry #${entry.id} is reversed.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <FormModal opened onClose={close} title="Reverse the entry" size="confirmation">
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel="Reverse entry"
        onCancel={() => close()}
        cancelLabel="Keep it"
        danger
      >
        <Text size="sm">
          Reverse {PAYMENT_KIND_LABELS[entry.kind].toLowerCase()} #{entry.id} of {money(entry.amount)}
          {entry.reference ? ` (${entry.reference})` : ''}? A new entry takes its money back; the entry stays
          in the ledger. An entry is reversed once.
        </Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('reason')}
        />
      </ModalForm>
    </FormModal>
  );
}

/** Refund the investor's unallocated money in the round (all or part), or apply it to this investment. */
function UnallocatedDialog({
  investment,
  mode,
  held,
  money,
  onClose,
}: {
  investment: StaffInvestment;
  mode: 'refund' | 'apply';
  held: string;
  money: (value: string) => string;
  onClose: () => void;
}) {
  const refund = useRefundUnallocated();
  const apply = useApplyUnallocated();
  const [key] = useState(newIdempotencyKey);
  const form = useForm({
    initialValues: { amount: held, on: isoDay(), reference: '' },
    validate: (values) =>
      mode === 'refund'
        ? zodResolver(unallocatedRefundInputSchema)({
            amount: values.amount,
            refunded_on: values.on,
            reference: values.reference,
          })
        : zodResolver(unallocatedApplyInputSchema)({ amount: values.amount, applied_on: values.on }),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    fields: ['amount', 'on', 'reference'],
    submit: (values) =>
      mode === 'refund'
        ? refund.mutateAsync({
            id: investment.id,
            input: { amount: values.amount, refunded_on: values.on, reference: values.reference },
            key,
          })
        : apply.mutateAsync({
            id: investment.id,
            input: { amount: values.amount, applied_on: values.on },
            key,
          }),
    onSuccess: (answer) => {
      notifications.show({
        color: 'success',
        title: mode === 'refund' ? 'Refund recorded' : 'Money applied',
        message: `${money(answer.data.unallocated)} is still unallocated.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <FormModal
      opened
      onClose={close}
      title={mode === 'refund' ? 'Refund unallocated money' : 'Apply unallocated money'}
      size="confirmation"
    >
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel={mode === 'refund' ? 'Record refund' : 'Apply money'}
        onCancel={() => close()}
      >
        <Text size="sm">{money(held)} is unallocated.</Text>
        <TextInput
          label="Amount"
          required
          inputMode="decimal"
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <TextInput
          label={mode === 'refund' ? 'Date refunded' : 'Date applied'}
          type="date"
          required
          {...form.getInputProps('on')}
        />
        {mode === 'refund' && <TextInput label="Reference" {...form.getInputProps('reference')} />}
      </ModalForm>
    </FormModal>
  );
}
