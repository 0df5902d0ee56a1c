import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  DEFAULT_PIPELINE_STAGES,
  PIPELINE_NAME_MAX,
  updatePipelineInputSchema,
  type PipelineWithStages,
} from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useCreatePipeline, useRenamePipeline } from '../api/pipeline-mutations';

interface PipelineValues extends Record<string, unknown> {
  name: string;
}

function PipelineForm({ pipeline, onDone }: { pipeline: PipelineWithStages | null; onDone: () => void }) {
  const create = useCreatePipeline();
  const rename = useRenamePipeline();
  const form = useForm<PipelineValues>({
    initialValues: { name: pipeline?.name ?? '' },
    validate: zodResolver(updatePipelineInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      pipeline
        ? rename.mutateAsync({ id: pipeline.id, name: values.name.trim() })
        : create.mutateAsync({ name: values.name.trim() }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: pipeline ? 'Pipeline renamed' : 'Pipeline added',
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
      submitLabel={pipeline ? 'Save name' : 'Add pipeline'}
      onCancel={onDone}
    >
      <TextInput
        label="Name"
        required
        maxLength={PIPELINE_NAME_MAX}
        data-autofocus
        {...form.getInputProps('name')}
      />
      {!pipeline && (
        <Text size="sm" c="dimmed">
          It starts with the stages {DEFAULT_PIPELINE_STAGES.join(', ')}. Rename, reorder, add or remove them
          on its stages page.
        </Text>
      )}
    </ModalForm>
  );
}

/** Add a pipeline (pipeline null) or rename one. */
export function PipelineModal({
  opened,
  pipeline,
  onClose,
}: {
  opened: boolean;
  pipeline: PipelineWithStages | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={pipeline ? 'Rename pipeline' : 'Add a pipeline'}>
      <PipelineForm pipeline={pipeline} onDone={onClose} />
    </FormModal>
  );
}
