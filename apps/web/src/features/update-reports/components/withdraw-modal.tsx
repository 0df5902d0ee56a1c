import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateReportWithdrawSchema, type UpdateReport } from '@portico/contracts';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useWithdrawUpdateReport } from '../api/update-reports';

const validate = zodResolver(updateReportWithdrawSchema);

/** Takes a live report out of every investor's news, with the reason kept. */
export function WithdrawModal({
  report,
  opened,
  onClose,
}: {
  report: UpdateReport;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Withdraw this update?" size="confirmation">
      <WithdrawForm report={report} onClose={onClose} />
    </FormModal>
  );
}

function WithdrawForm({ report, onClose }: { report: UpdateReport; onClose: () => void }) {
  const withdraw = useWithdrawUpdateReport();
  const form = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: (values) => validate({ reason: values.reason.trim() }),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => withdraw.mutateAsync({ id: report.id, input: { reason: values.reason.trim() } }),
    onSuccess: () => {
      notifications.show({ color: 'success', title: 'Update withdrawn', message: report.title });
      onClose();
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting || withdraw.isPending}
      submitLabel="Withdraw update"
      danger
      onCancel={() => close()}
    >
      <Text>
        “{report.title}” leaves every investor’s news at once; a link to it answers that it does not exist. It
        stays here, withdrawn, with its versions.
      </Text>
      <Textarea
        label="Reason"
        required
        autosize
        minRows={2}
        maxLength={500}
        data-autofocus
        key={form.key('reason')}
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}
