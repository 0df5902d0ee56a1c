import { SegmentedControl, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { capitalCallInputSchema, type CapitalCallInput, type FundCommitment } from '@portico/contracts';
import { currencyPrefix } from '@portico/contracts/constants';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate, plural } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useCallCapital } from '../api/fund-money';
import { previewCapitalCall, type CallMode, type CallPreview } from './capital-call-split';
import { useSubmissionKey } from './use-submission-key';

interface Values extends Record<string, unknown> {
  mode: CallMode;
  percent: string;
  amount: string;
  due_date: string;
  message: string;
}

const MODES: Array<{ value: CallMode; label: string }> = [
  { value: 'percent', label: 'Percentage of commitments' },
  { value: 'amount', label: 'Amount' },
];

/** The call as it is sent: the percentage or the amount, never both. */
const payloadOf = (values: Values): CapitalCallInput => ({
  ...(values.mode === 'percent' ? { percent: values.percent.trim() } : { amount: values.amount.trim() }),
  due_date: values.due_date,
  ...(values.message.trim() ? { message: values.message.trim() } : {}),
});

const validate = zodResolver(capitalCallInputSchema);

const NUMBER = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Why there is no preview yet, in words; nothing where the field's own error says it. */
function previewHint(preview: CallPreview & { ok: false }, money: (value: string) => string) {
  switch (preview.reason) {
    case 'empty':
      return 'Enter the percentage or the amount to see what each investor is called for.';
    case 'zero':
      return 'That comes to nothing: there is nothing to call.';
    case 'too-much':
      return `That is more than the ${money(preview.uncalled)} still uncalled.`;
    case 'invalid':
      return null;
  }
}

/** Each investor's line of the call, worked out here exactly as the server splits it. */
function CallPreviewTable({
  preview,
  commitments,
  money,
}: {
  preview: CallPreview;
  commitments: readonly FundCommitment[];
  money: (value: string) => string;
}) {
  if (!preview.ok) {
    const hint = previewHint(preview, money);
    return hint ? (
      <Text size="sm" c="dimmed" role="status">
        {hint}
      </Text>
    ) : null;
  }
  const byInvestment = new Map(commitments.map((commitment) => [commitment.investment_id, commitment]));
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing={4}>
        <Table.Caption>Preview: each investor’s line</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Investor</Table.Th>
            <Table.Th scope="col" style={NUMBER}>
              Committed
            </Table.Th>
            <Table.Th scope="col" style={NUMBER}>
              Uncalled
            </Table.Th>
            <Table.Th scope="col" style={NUMBER}>
              Called now
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.lines.map((line) => {
            const commitment = byInvestment.get(line.investment_id);
            return (
              <Table.Tr key={line.investment_id}>
                <Table.Td>{line.investor.name}</Table.Td>
                <Table.Td style={NUMBER}>{money(commitment?.committed ?? '0')}</Table.Td>
                <Table.Td style={NUMBER}>{money(commitment?.uncalled ?? '0')}</Table.Td>
                <Table.Td style={NUMBER}>{money(line.amount)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            <Table.Td style={NUMBER} fw={700}>
              {money(preview.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function CapitalCallForm({
  fundId,
  commitments,
  currency,
  onClose,
}: {
  fundId: number;
  commitments: readonly FundCommitment[];
  currency: string;
  onClose: () => void;
}) {
  const id = useId();
  const call = useCallCapital();
  const keyFor = useSubmissionKey();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  // Each step replaces the other: focus follows to its question, or back to the value.
  const question = useRef<HTMLParagraphElement>(null);
  const valueInput = useRef<HTMLInputElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (step === 'confirm') question.current?.focus();
    else if (moved.current) valueInput.current?.focus();
    moved.current = true;
  }, [step]);
  const money = (value: string) => formatMoney(value, currency);
  const form = useForm<Values>({
    initialValues: { mode: 'percent', percent: '', amount: '', due_date: '', message: '' },
    validate: (values) => validate(payloadOf(values)),
  });
  const values = form.getValues();
  const preview = previewCapitalCall(commitments, values.mode, values[values.mode]);

  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['percent', 'amount', 'due_date', 'message'],
    submit: async (submitted) => {
      const input = payloadOf(submitted);
      try {
        return await call.mutateAsync({ fundId, input, key: keyFor(input) });
      } catch (error) {
        // The fields are on the first step: a refusal goes back to them, its errors on them.
        setStep('form');
        throw error;
      }
    },
    onSuccess: (made) => {
      notifications.show({
        color: 'success',
        title: 'Capital called',
        message: `${money(made.total)} called from ${plural(made.lines.length, 'investor')}, due ${formatDate(made.due_date)}.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);

  /** The first step checks the fields and that the call can be split, then asks for confirmation. */
  const review = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (form.validate().hasErrors) return;
    if (!preview.ok) {
      const hint = previewHint(preview, money);
      if (hint) form.setFieldError(values.mode, hint);
      return;
    }
    setFormError(null);
    setStep('confirm');
  };

  if (step === 'confirm' && preview.ok)
    return (
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel="Call capital"
        onCancel={() => setStep('form')}
        cancelLabel="Back"
      >
        <Text fw={600} ref={question} tabIndex={-1}>
          Call {money(preview.total)} from {plural(preview.lines.length, 'investor')}?
        </Text>
        <Text size="sm">
          {values.mode === 'percent'
            ? `${values.percent.trim()}% of every commitment`
            : 'The amount split by commitment'}
          , due {formatDate(values.due_date)}. Each line is added to the fund’s ledger and stays there.
        </Text>
        <CallPreviewTable preview={preview} commitments={commitments} money={money} />
      </ModalForm>
    );

  const prefix = currencyPrefix(currency).trim();
  return (
    <ModalForm
      onSubmit={review}
      formError={formError}
      submitting={submitting}
      submitLabel="Review call"
      onCancel={() => close()}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${id}-mode`}>
          Call
        </Text>
        <SegmentedControl
          aria-labelledby={`${id}-mode`}
          w="fit-content"
          data={MODES}
          {...form.getInputProps('mode')}
        />
      </Stack>
      {values.mode === 'percent' ? (
        <TextInput
          key="percent"
          ref={valueInput}
          label="Percentage to call"
          description="Of every commitment, e.g. 10 or 12.5; no one is called past what they committed"
          required
          inputMode="decimal"
          data-autofocus
          rightSection={
            <Text span size="sm" c="dimmed" aria-hidden>
              %
            </Text>
          }
          {...form.getInputProps('percent')}
        />
      ) : (
        <TextInput
          key="amount"
          ref={valueInput}
          label="Amount to call"
          description="Split by commitment, to the penny"
          required
          inputMode="decimal"
          leftSection={
            <Text span size="sm" c="dimmed" aria-hidden>
              {prefix}
            </Text>
          }
          leftSectionWidth={prefix.length > 1 ? 48 : 32}
          {...form.getInputProps('amount')}
        />
      )}
      <TextInput label="Due date" type="date" required {...form.getInputProps('due_date')} />
      <Textarea
        label="Message"
        description="For the investors: what the money is for"
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('message')}
      />
      <CallPreviewTable preview={preview} commitments={commitments} money={money} />
    </ModalForm>
  );
}

/**
 * Calls capital from every commitment (funds:update): a percentage of each, or an amount split by
 * commitment. The preview shows each investor's line before anything is sent, then a confirmation.
 */
export function CapitalCallModal({
  fundId,
  commitments,
  currency,
  opened,
  onClose,
}: {
  fundId: number;
  commitments: readonly FundCommitment[];
  currency: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Call capital" size="wide">
      <CapitalCallForm fundId={fundId} commitments={commitments} currency={currency} onClose={onClose} />
    </FormModal>
  );
}
