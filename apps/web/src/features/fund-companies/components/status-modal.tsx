import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  FUND_COMPANY_STATUS_LABELS,
  FUND_COMPANY_STATUSES,
  fundCompanyStatusInputSchema,
  type FundCompanyStatus,
  type FundCompanyStatusInput,
} from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { useRecordFundCompanyStatus } from '../api/fund-company-records';

interface Values extends Record<string, unknown> {
  status: FundCompanyStatus;
  effective_on: string;
  note: string;
}

const STATUS_OPTIONS = FUND_COMPANY_STATUSES.map((value) => ({
  value,
  label: FUND_COMPANY_STATUS_LABELS[value],
}));

const payloadOf = (values: Values): FundCompanyStatusInput => ({
  status: values.status,
  effective_on: values.effective_on,
  note: values.note.trim() || null,
});

const validate = zodResolver(fundCompanyStatusInputSchema);

function StatusForm({ companyId, onClose }: { companyId: number; onClose: () => void }) {
  const record = useRecordFundCompanyStatus();
  const form = useForm<Values>({
    initialValues: { status: 'active', effective_on: '', note: '' },
    validate: (values) => validate(payloadOf(values)),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => record.mutateAsync({ companyId, input: payloadOf(values) }),
    onSuccess: (row) => {
      notifications.show({
        color: 'success',
        title: 'Status recorded',
        message: `${FUND_COMPANY_STATUS_LABELS[row.status]} from ${formatDate(row.effective_on)}.`,
      });
      close(true);
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record status"
      onCancel={() => close()}
    >
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        allowDeselect={false}
        data-autofocus
        {...form.getInputProps('status')}
        onChange={(value) => form.setFieldValue('status', (value ?? 'active') as FundCompanyStatus)}
      />
      <TextInput
        label="From"
        type="date"
        required
        description="The latest date is the company's current status."
        {...form.getInputProps('effective_on')}
      />
      <Textarea label="Note" autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
    </ModalForm>
  );
}

/** Records the company's maturity status from a date (funds:update). */
export function StatusModal({
  companyId,
  opened,
  onClose,
}: {
  companyId: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Record status">
      <StatusForm companyId={companyId} onClose={onClose} />
    </FormModal>
  );
}
