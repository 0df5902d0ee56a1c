import { Alert, Checkbox, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  cancelInvestmentInputSchema,
  cashCallInputSchema,
  compareDecimal,
  costOfShares,
  isZeroDecimal,
  manualInvestmentInputSchema,
  MONEY_PATTERN,
  paymentInputSchema,
  refundInputSchema,
  subtractDecimal,
  wholeSharesFor,
  type StaffInvestment,
} from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { PersonPicker } from '../../../components/records/person-picker';
import { HoldingSelect, holdingOf, type HoldingChoice } from './holding-select';
import { plural } from '../../../lib/format';
import { formatMoney, formatPrice } from '../../../lib/money';
import {
  useBankDetails,
  useCancelInvestment,
  useIssueCashCall,
  useRecordManualInvestment,
  useRecordPayment,
  useRefundInvestment,
  newIdempotencyKey,
} from '../api/investments';
import { useState } from 'react';

/** Today, or `days` from it, as a date field holds it (YYYY-MM-DD). */
export const isoDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const done = (title: string, message: string) => notifications.show({ color: 'success', title, message });

interface DialogProps {
  investment: StaffInvestment | undefined;
  onClose: () => void;
}

/**
 * Book a bank line: what is still due pays the investment, anything above is held as the investor's
 * unallocated money (decision 019). A reference already booked on the investment is refused.
 */
export function PaymentModal({ investment, onClose }: DialogProps) {
  const due = investment ? subtractDecimal(investment.amount, investment.paid_amount) : '0.00';
  const pay = useRecordPayment();
  // one key per submission of this dialog (it is keyed by investment), reused if the same submit is retried
  const [key] = useState(newIdempotencyKey);
  const form = useForm({
    // The parent keys this dialog by investment, so the amount starts at what is still due.
    initialValues: { amount: due, received_on: isoDay(), reference: '' },
    validate: zodResolver(paymentInputSchema),
  });
  const { amount } = form.getValues();
  const excess =
    MONEY_PATTERN.test(amount) && compareDecimal(amount, due) > 0 ? subtractDecimal(amount, due) : null;
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    submit: (values) => pay.mutateAsync({ id: investment?.id ?? 0, input: values, key }),
    onSuccess: (answer) => {
      const paid = answer.data.investment.status === 'paid';
      done(
        paid ? 'Paid in full' : 'Payment recorded',
        paid
          ? `${answer.data.investment.investor.name} has paid in full and has been told.`
          : `${formatMoney(answer.data.investment.paid_amount)} of ${formatMoney(answer.data.investment.amount)} received so far.`,
      );
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <FormModal opened={investment !== undefined} onClose={close} title="Record a payment">
      {investment && (
        <ModalForm
          onSubmit={onSubmit}
          formError={formError}
          submitting={submitting}
          submitLabel="Record payment"
          onCancel={() => close()}
        >
          <Text size="sm">
            <strong>{investment.investor.name}</strong> committed {formatMoney(investment.amount)};{' '}
            {formatMoney(investment.paid_amount)} received so far, {formatMoney(due)} still due.
          </Text>
          <TextInput
            label="Amount received (£)"
            required
            inputMode="decimal"
            placeholder={due}
            data-autofocus
            {...form.getInputProps('amount')}
          />
          {excess && (
            <Alert color="blue" variant="light">
              {formatMoney(excess)} is more than is due: it will be held as the investor’s unallocated money,
              to refund or apply to another of their investments.
            </Alert>
          )}
          <TextInput label="Date received" type="date" required {...form.getInputProps('received_on')} />
          <TextInput
            label="Reference"
            description="The bank’s reference for the payment: a bank line is booked once"
            {...form.getInputProps('reference')}
          />
        </ModalForm>
      )}
    </FormModal>
  );
}

/** Cancel an investment with a reason; money received stays recorded until refunded. */
export function CancelInvestmentModal({ investment, onClose }: DialogProps) {
  const cancel = useCancelInvestment();
  const form = useForm({
    initialValues: { reason: '' },
    validate: zodResolver(cancelInvestmentInputSchema),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    submit: (values) => cancel.mutateAsync({ id: investment?.id ?? 0, input: values }),
    onSuccess: (answer) => {
      done(
        'Investment cancelled',
        `${answer.data.investor.name}’s ${formatMoney(answer.data.amount)} is cancelled.`,
      );
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  const received = investment && !isZeroDecimal(investment.paid_amount);
  return (
    <FormModal
      opened={investment !== undefined}
      onClose={close}
      title="Cancel the investment"
      size="confirmation"
    >
      {investment && (
        <ModalForm
          onSubmit={onSubmit}
          formError={formError}
          submitting={submitting}
          submitLabel="Cancel investment"
          onCancel={() => close()}
          cancelLabel="Keep it"
          danger
        >
          <Text size="sm">
            Cancel <strong>{investment.investor.name}</strong>’s commitment of{' '}
            {formatMoney(investment.amount)}? It no longer counts towards the raise. This cannot be undone.
          </Text>
          {received && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              {formatMoney(investment.paid_amount)} has been received: record its refund once the money has
              gone back.
            </Alert>
          )}
          <Textarea
            label="Reason"
            description="Kept with the investment and in the activity"
            required
            autosize
            minRows={2}
            data-autofocus
            {...form.getInputProps('reason')}
          />
        </ModalForm>
      )}
    </FormModal>
  );
}

/** Record that a cancelled investment's money went back, all of it or part. */
export function RefundModal({ investment, onClose }: DialogProps) {
  const refund = useRefundInvestment();
  const [key] = useState(newIdempotencyKey);
  const form = useForm({
    initialValues: { amount: investment?.paid_amount ?? '', refunded_on: isoDay(), reference: '' },
    validate: zodResolver(refundInputSchema),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    submit: (values) => refund.mutateAsync({ id: investment?.id ?? 0, input: values, key }),
    onSuccess: (answer) => {
      done(
        'Refund recorded',
        `${formatMoney(answer.data.investment.paid_amount)} is still held for ${investment?.investor.name ?? ''}.`,
      );
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <FormModal opened={investment !== undefined} onClose={close} title="Record a refund" size="confirmation">
      {investment && (
        <ModalForm
          onSubmit={onSubmit}
          formError={formError}
          submitting={submitting}
          submitLabel="Record refund"
          onCancel={() => close()}
        >
          <Text size="sm">
            {formatMoney(investment.paid_amount)} received from <strong>{investment.investor.name}</strong> is
            held. Record what was refunded: all of it, or part.
          </Text>
          <TextInput
            label="Amount refunded (£)"
            required
            inputMode="decimal"
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Date refunded"
            type="date"
            required
            data-autofocus
            {...form.getInputProps('refunded_on')}
          />
          <TextInput label="Reference" {...form.getInputProps('reference')} />
        </ModalForm>
      )}
    </FormModal>
  );
}

interface CashCallModalProps {
  opened: boolean;
  onClose: () => void;
  opportunityId: number;
  /** the reserved investments, all chosen to start with */
  reserved: readonly StaffInvestment[];
}

/** Ask reserved investors to pay: each chosen investment becomes awaiting payment; they are told and emailed. */
export function CashCallModal({ opened, onClose, opportunityId, reserved }: CashCallModalProps) {
  const issue = useIssueCashCall(opportunityId);
  const { data: bank } = useBankDetails(opportunityId);
  const form = useForm<{ investment_ids: string[]; due_date: string; message: string }>({
    initialValues: {
      investment_ids: reserved.map((row) => String(row.id)),
      due_date: isoDay(14),
      message: '',
    },
    validate: (values) => {
      if (values.investment_ids.length === 0)
        return { investment_ids: 'Choose at least one investment to call.' };
      return zodResolver(cashCallInputSchema)({
        ...values,
        investment_ids: values.investment_ids.map(Number),
      });
    },
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['investment_ids', 'due_date', 'message'],
    submit: (values) =>
      issue.mutateAsync({
        investment_ids: values.investment_ids.map(Number),
        due_date: values.due_date,
        ...(values.message.trim() ? { message: values.message } : {}),
      }),
    onSuccess: (answer) => {
      done(
        'Cash call issued',
        `${plural(answer.data.investment_ids.length, 'investor')} asked to pay ${formatMoney(answer.data.amount)} in all.`,
      );
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  const noBank = bank && !bank.data.hidden && !bank.data.bank_account_number && !bank.data.bank_iban;
  return (
    <FormModal opened={opened} onClose={close} title="Issue a cash call">
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel="Issue cash call"
        onCancel={() => close()}
      >
        <Text size="sm">
          Each investor chosen is notified and emailed the amount, the due date, where to pay and their
          payment reference.
        </Text>
        {noBank && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            No bank details are set for this opportunity: the email will not say where to pay. Add them under
            “Where investors pay” first.
          </Alert>
        )}
        <Checkbox.Group
          label="Reserved investments to call"
          required
          {...form.getInputProps('investment_ids')}
        >
          <Stack gap="xs" mt="xs">
            {reserved.map((row) => (
              <Checkbox
                key={row.id}
                value={String(row.id)}
                label={`${row.investor.name}: ${formatMoney(row.amount)}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput label="Due date" type="date" required {...form.getInputProps('due_date')} />
        <Textarea
          label="Message"
          description="Added to the email, after the payment details"
          autosize
          minRows={2}
          {...form.getInputProps('message')}
        />
      </ModalForm>
    </FormModal>
  );
}

// A type, not an interface: form values must be indexable.
type ManualValues = {
  user_id: string | null;
  type: 'manual' | 'private_manual';
  holding: HoldingChoice;
  amount: string;
  invested_on: string;
  paid: boolean;
  reference: string;
  note: string;
};

/** The manual investment's request. */
const manualPayload = (values: ManualValues) => ({
  user_id: Number(values.user_id),
  type: values.type,
  holding: holdingOf(values.holding),
  amount: values.amount,
  invested_on: values.invested_on,
  paid: values.paid,
  ...(values.paid && values.reference.trim() ? { reference: values.reference } : {}),
  ...(values.note.trim() ? { note: values.note } : {}),
});

interface ManualInvestmentModalProps {
  opened: boolean;
  onClose: () => void;
  opportunity: { id: number; share_price: string | null };
}

/** Record an investment made off the platform (spec §4 manual and private_manual), held as the investor flow allows. */
export function ManualInvestmentModal({ opened, onClose, opportunity }: ManualInvestmentModalProps) {
  const record = useRecordManualInvestment(opportunity.id);
  const form = useForm<ManualValues>({
    initialValues: {
      user_id: null,
      type: 'manual',
      holding: 'self',
      amount: '',
      invested_on: isoDay(),
      paid: false,
      reference: '',
      note: '',
    },
    validate: (values) => {
      if (!values.user_id) return { user_id: 'Choose the investor.' };
      return zodResolver(manualInvestmentInputSchema)(manualPayload(values));
    },
  });
  const [key] = useState(newIdempotencyKey);
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['user_id', 'type', 'holding', 'amount', 'invested_on', 'paid', 'reference', 'note'],
    submit: (values) => record.mutateAsync({ input: manualPayload(values), key }),
    onSuccess: (answer) => {
      done(
        'Investment recorded',
        `${answer.data.investor.name}: ${formatMoney(answer.data.amount)}.${answer.data.rounding_note ? ` ${answer.data.rounding_note}` : ''}`,
      );
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  const { amount, paid, user_id: investorId } = form.getValues();
  const shares =
    opportunity.share_price && MONEY_PATTERN.test(amount) && /[1-9]/.test(amount)
      ? wholeSharesFor(amount, opportunity.share_price)
      : null;
  return (
    <FormModal opened={opened} onClose={close} title="Record a manual investment">
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel="Record investment"
        onCancel={() => close()}
      >
        <PersonPicker
          kind="investor"
          label="Investor"
          required
          autoFocus
          {...form.getInputProps('user_id')}
          onChange={(value: string | null) => {
            form.setFieldValue('user_id', value);
            form.setFieldValue('holding', 'self');
          }}
        />
        <HoldingSelect
          investorId={investorId ? Number(investorId) : undefined}
          value={form.getValues().holding}
          onChange={(value) => form.setFieldValue('holding', value)}
          error={form.errors.holding as string | undefined}
        />
        <Radio.Group label="Kind" required {...form.getInputProps('type')}>
          <Stack gap="xs" mt="xs">
            <Radio
              value="manual"
              label="Manual"
              description="The investor is told and sees it in their portal."
            />
            <Radio
              value="private_manual"
              label="Private manual"
              description="For the round’s books only: the investor is never notified and does not see it."
            />
          </Stack>
        </Radio.Group>
        <TextInput
          label="Amount (£)"
          required
          inputMode="decimal"
          description={
            shares !== null && opportunity.share_price
              ? `${shares} whole shares at ${formatPrice(opportunity.share_price)}: ${formatMoney(costOfShares(shares, opportunity.share_price))} is recorded, the remainder not kept`
              : 'Never past the opportunity’s maximum.'
          }
          {...form.getInputProps('amount')}
        />
        <TextInput label="Date invested" type="date" required {...form.getInputProps('invested_on')} />
        <Checkbox
          label="The money has been received (on that date)"
          {...form.getInputProps('paid', { type: 'checkbox' })}
        />
        {paid && <TextInput label="Payment reference" {...form.getInputProps('reference')} />}
        <Textarea label="Note" autosize minRows={2} {...form.getInputProps('note')} />
      </ModalForm>
    </FormModal>
  );
}
