import { Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  recordTaxReliefCertificateInputSchema,
  TAX_RELIEF_SCHEME_LABELS,
  withdrawTaxReliefCertificateInputSchema,
  type StaffTaxReliefLine,
} from '@portico/contracts';
import { useServerForm } from '../../components/form/use-server-form';
import { zodResolver } from '../../components/form/zod-resolver';
import { ModalForm } from '../../components/modals/form-modal';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Today in London: the latest date a certificate may carry (the server checks by its own clock). */
export const londonToday = () => LONDON_DAY.format(new Date());

export const ISSUE_KIND_LABELS: Readonly<Record<string, string>> = {
  allotment: 'Allotment',
  follow_on: 'Follow-on',
  investment: 'Investment',
};

const recordSchema = recordTaxReliefCertificateInputSchema.omit({ holding_transaction_id: true });

interface RecordValues extends Record<string, unknown> {
  reference: string;
  issued_on: string;
}

/** The certificate of one share issue: its reference and the date it was issued (London, not in the future). */
export function RecordCertificateForm({
  line,
  submit,
  onDone,
}: {
  line: StaffTaxReliefLine;
  submit: (values: { reference: string; issued_on: string }) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm<RecordValues>({
    initialValues: { reference: '', issued_on: '' },
    validate: zodResolver(recordSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['reference', 'issued_on'],
    submit: (values) => submit({ reference: values.reference.trim(), issued_on: values.issued_on }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Certificate recorded',
        message: `${TAX_RELIEF_SCHEME_LABELS[line.certificate.scheme]} for ${line.investor.name}.`,
      });
      onDone();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record certificate"
      onCancel={onDone}
    >
      <Text size="sm">
        {line.investor.name}: {ISSUE_KIND_LABELS[line.kind] ?? line.kind} in {line.company_name} of{' '}
        {formatDate(line.date)}, {formatMoney(line.amount, line.currency)}.
      </Text>
      <TextInput
        label={`${TAX_RELIEF_SCHEME_LABELS[line.certificate.scheme]} reference`}
        required
        maxLength={100}
        data-autofocus
        {...form.getInputProps('reference')}
      />
      <TextInput
        label="Issued on"
        type="date"
        required
        min={line.date}
        max={londonToday()}
        description="Not before the share issue, nor after today."
        {...form.getInputProps('issued_on')}
      />
    </ModalForm>
  );
}

/** Withdraws a certificate recorded by mistake, with the reason: it is kept, and the issue awaits one again. */
export function WithdrawCertificateForm({
  line,
  submit,
  onDone,
}: {
  line: StaffTaxReliefLine;
  submit: (certificateId: number, reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: zodResolver(withdrawTaxReliefCertificateInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(line.certificate.id ?? 0, values.reason.trim()),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Certificate withdrawn',
        message: `${line.investor.name}'s share issue awaits a certificate again.`,
      });
      onDone();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Withdraw certificate"
      danger
      onCancel={onDone}
    >
      <Text size="sm">
        Certificate {line.certificate.reference} for {line.investor.name} stays on record as withdrawn, and
        the share issue awaits a certificate again.
      </Text>
      <Textarea
        label="Reason"
        required
        autosize
        minRows={2}
        maxLength={500}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}
