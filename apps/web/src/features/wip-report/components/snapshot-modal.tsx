import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { wipSnapshotCreateSchema, type WipSnapshot } from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { useCreateWipSnapshot } from '../api/wip-snapshots';

function SnapshotForm({ asOf, onDone }: { asOf: string; onDone: (snapshot?: WipSnapshot) => void }) {
  const create = useCreateWipSnapshot();
  const form = useForm({
    initialValues: { title: `Investment committee, ${formatDate(asOf)}` },
    validate: zodResolver(wipSnapshotCreateSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => create.mutateAsync(values),
    onSuccess: (snapshot) => {
      notifications.show({
        color: 'success',
        title: 'Snapshot saved',
        message: `“${snapshot.title}” keeps the figures as of ${formatDate(snapshot.as_of)}.`,
      });
      onDone(snapshot);
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Save snapshot"
      onCancel={() => onDone()}
    >
      <TextInput
        label="Title"
        description="A dated, frozen copy of the report, for an investment committee meeting."
        required
        maxLength={200}
        data-autofocus
        {...form.getInputProps('title')}
      />
    </ModalForm>
  );
}

/** Saves the WIP report as it stands now (wip_report create). */
export function SnapshotModal({
  opened,
  asOf,
  onClose,
}: {
  opened: boolean;
  asOf: string;
  onClose: (snapshot?: WipSnapshot) => void;
}) {
  return (
    <FormModal opened={opened} onClose={() => onClose()} title="Save a WIP snapshot">
      <SnapshotForm asOf={asOf} onDone={onClose} />
    </FormModal>
  );
}
