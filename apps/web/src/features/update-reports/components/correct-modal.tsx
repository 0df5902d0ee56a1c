import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateReportCorrectionSchema, type UpdateReport } from '@portico/contracts';
import { dialogCloser, FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useCorrectUpdateReport } from '../api/update-reports';
import { ReportEditor } from './report-editor';

interface Values extends Record<string, unknown> {
  title: string;
  body: string;
  reason: string;
}

const validate = zodResolver(updateReportCorrectionSchema);

/** A live report's correction: its next version, with the reason investors are told. */
export function CorrectModal({
  report,
  opened,
  onClose,
}: {
  report: UpdateReport;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Correct this update" size="wide">
      <CorrectForm report={report} onClose={onClose} />
    </FormModal>
  );
}

function CorrectForm({ report, onClose }: { report: UpdateReport; onClose: () => void }) {
  const correct = useCorrectUpdateReport();
  const form = useForm<Values>({
    initialValues: { title: report.title, body: report.body, reason: '' },
    validate: (values) => validate({ ...values, title: values.title.trim(), reason: values.reason.trim() }),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      correct.mutateAsync({
        id: report.id,
        input: { title: values.title.trim(), body: values.body, reason: values.reason.trim() },
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Correction published',
        message: 'Investors now read the corrected version.',
      });
      onClose();
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting || correct.isPending}
      submitLabel="Publish correction"
      onCancel={() => close()}
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          maxLength={200}
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        <ReportEditor
          label="Body"
          required
          value={form.getValues().body}
          onChange={(html) => form.setFieldValue('body', html)}
          error={typeof form.errors.body === 'string' ? form.errors.body : undefined}
        />
        <Textarea
          label="Reason for the correction"
          description="Kept with the version; investors see that the update was corrected and when."
          required
          autosize
          minRows={2}
          maxLength={500}
          key={form.key('reason')}
          {...form.getInputProps('reason')}
        />
      </Stack>
    </ModalForm>
  );
}
