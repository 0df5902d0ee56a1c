import { Checkbox, ColorInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { leadStatusInputSchema, type LeadStatus } from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useCreateLeadStatus, useUpdateLeadStatus } from '../api/lead-status-mutations';

/** A few distinct colours to start from; any #rrggbb is allowed. */
const SWATCHES = ['#868e96', '#1c7ed6', '#0ca678', '#f59f00', '#e8590c', '#c2255c', '#7048e8', '#2b8a3e'];

interface StatusValues extends Record<string, unknown> {
  name: string;
  colour: string;
  is_default: boolean;
}

function LeadStatusForm({
  status,
  nextPosition,
  onDone,
}: {
  status: LeadStatus | null;
  nextPosition: number;
  onDone: () => void;
}) {
  const create = useCreateLeadStatus();
  const update = useUpdateLeadStatus();
  const form = useForm<StatusValues>({
    initialValues: { name: status?.name ?? '', colour: status?.colour ?? '#1c7ed6', is_default: false },
    validate: zodResolver(leadStatusInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      status
        ? update.mutateAsync({ id: status.id, changes: { name: values.name.trim(), colour: values.colour } })
        : create.mutateAsync({
            name: values.name.trim(),
            colour: values.colour,
            position: nextPosition,
            is_default: values.is_default,
          }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: status ? 'Lead status saved' : 'Lead status added',
        message: saved.name,
      });
      onDone();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={status ? 'Save lead status' : 'Add lead status'}
      onCancel={onDone}
    >
      <TextInput label="Name" required maxLength={60} data-autofocus {...form.getInputProps('name')} />
      <ColorInput
        label="Colour"
        description="Shown beside the status in lists and on records."
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={8}
        {...form.getInputProps('colour')}
      />
      {!status && (
        <Checkbox
          label="Give it to new records by default"
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
      )}
    </ModalForm>
  );
}

/** Add a lead status (status null) or rename and recolour one. */
export function LeadStatusModal({
  opened,
  status,
  nextPosition,
  onClose,
}: {
  opened: boolean;
  status: LeadStatus | null;
  nextPosition: number;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={status ? 'Edit lead status' : 'Add a lead status'}>
      <LeadStatusForm status={status} nextPosition={nextPosition} onDone={onClose} />
    </FormModal>
  );
}
