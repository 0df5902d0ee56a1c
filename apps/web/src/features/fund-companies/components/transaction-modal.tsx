import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  FUND_COMPANY_TRANSACTION_KIND_LABELS,
  FUND_COMPANY_TRANSACTION_KINDS,
  fundCompanyTransactionInputSchema,
  type FundCompanyTransactionInput,
  type FundCompanyTransactionKind,
} from '@portico/contracts';
import { currencyPrefix } from '@portico/contracts/constants';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { useAddFundCompanyTransaction } from '../api/fund-company-records';

interface Values extends Record<string, unknown> {
  kind: FundCompanyTransactionKind;
  date: string;
  amount: string;
  valuation: string;
  shares: string;
  note: string;
}

const KIND_OPTIONS = FUND_COMPANY_TRANSACTION_KINDS.map((value) => ({
  value,
  label: FUND_COMPANY_TRANSACTION_KIND_LABELS[value],
}));

/** What each kind's money means, under its field. */
const AMOUNT_HELP: Record<FundCompanyTransactionKind, string> = {
  investment: 'What the fund paid for its shares.',
  follow_on: 'What the fund paid in the later round.',
  valuation: '',
  partial_exit: 'What the fund received for the shares it sold.',
  exit: 'What the fund received for its whole holding.',
  write_off: 'Optional: the cost written off.',
  dividend: 'What the fund received.',
};

/** Only the fields the kind takes: a valuation its value, the others an amount. */
const payloadOf = (values: Values): FundCompanyTransactionInput => {
  const text = (value: string) => value.trim() || null;
  return values.kind === 'valuation'
    ? {
        kind: values.kind,
        date: values.date,
        valuation: values.valuation.trim(),
        shares: text(values.shares),
        note: text(values.note),
      }
    : {
        kind: values.kind,
        date: values.date,
        amount: text(values.amount),
        shares: text(values.shares),
        note: text(values.note),
      };
};

const validate = zodResolver(fundCompanyTransactionInputSchema);

function TransactionForm({
  companyId,
  currency,
  onClose,
}: {
  companyId: number;
  currency: string;
  onClose: () => void;
}) {
  const add = useAddFundCompanyTransaction();
  const form = useForm<Values>({
    initialValues: { kind: 'investment', date: '', amount: '', valuation: '', shares: '', note: '' },
    validate: (values) => validate(payloadOf(values)),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => add.mutateAsync({ companyId, input: payloadOf(values) }),
    onSuccess: (row) => {
      notifications.show({
        color: 'success',
        title: 'Transaction recorded',
        message: `${FUND_COMPANY_TRANSACTION_KIND_LABELS[row.kind]} on ${formatDate(row.date)}.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  const kind = form.getValues().kind;
  const prefix = currencyPrefix(currency).trim();
  const money = {
    inputMode: 'decimal' as const,
    leftSection: (
      <Text span size="sm" c="dimmed" aria-hidden>
        {prefix}
      </Text>
    ),
    leftSectionWidth: prefix.length > 1 ? 48 : 32,
  };
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Add transaction"
      onCancel={() => close()}
    >
      <Select
        label="Kind"
        data={KIND_OPTIONS}
        allowDeselect={false}
        data-autofocus
        {...form.getInputProps('kind')}
        onChange={(value) =>
          form.setFieldValue('kind', (value ?? 'investment') as FundCompanyTransactionKind)
        }
      />
      <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
      {kind === 'valuation' ? (
        <TextInput
          label="Valuation"
          required
          description="What the fund's holding is worth at this date."
          {...money}
          {...form.getInputProps('valuation')}
        />
      ) : (
        <TextInput
          label="Amount"
          required={kind !== 'write_off'}
          description={AMOUNT_HELP[kind]}
          {...money}
          {...form.getInputProps('amount')}
        />
      )}
      <TextInput
        label="Shares"
        inputMode="decimal"
        description="Optional."
        {...form.getInputProps('shares')}
      />
      <Textarea label="Note" autosize minRows={2} maxLength={2000} {...form.getInputProps('note')} />
    </ModalForm>
  );
}

/** Records a transaction of the fund with the company (funds:update). */
export function TransactionModal({
  companyId,
  currency,
  opened,
  onClose,
}: {
  companyId: number;
  currency: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Add transaction">
      <TransactionForm companyId={companyId} currency={currency} onClose={onClose} />
    </FormModal>
  );
}
