import { Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { STAGE_NAME_MAX, updateStageInputSchema, type PipelineStage } from '@portico/contracts';
import { useState } from 'react';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { isApiError } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useRemoveStage, useRenameStage } from '../api/pipeline-mutations';

interface NameValues extends Record<string, unknown> {
  name: string;
}

function RenameForm({
  pipelineId,
  stage,
  onDone,
}: {
  pipelineId: number;
  stage: PipelineStage;
  onDone: () => void;
}) {
  const rename = useRenameStage();
  const form = useForm<NameValues>({
    initialValues: { name: stage.name },
    validate: zodResolver(updateStageInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => rename.mutateAsync({ pipelineId, stageId: stage.id, name: values.name.trim() }),
    onSuccess: (saved) => {
      notifications.show({ color: 'success', title: 'Stage renamed', message: saved.name });
      onDone();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Save name"
      onCancel={onDone}
    >
      <TextInput
        label="Name"
        required
        maxLength={STAGE_NAME_MAX}
        data-autofocus
        {...form.getInputProps('name')}
      />
    </ModalForm>
  );
}

/** Renames a stage. */
export function RenameStageModal({
  pipelineId,
  stage,
  onClose,
}: {
  pipelineId: number;
  stage: PipelineStage | undefined;
  onClose: () => void;
}) {
  return (
    <FormModal opened={stage !== undefined} onClose={onClose} title="Rename stage" size="confirmation">
      {stage && <RenameForm pipelineId={pipelineId} stage={stage} onDone={onClose} />}
    </FormModal>
  );
}

function RemoveForm({
  pipelineId,
  stage,
  stages,
  noun,
  onDone,
}: {
  pipelineId: number;
  stage: PipelineStage;
  stages: PipelineStage[];
  noun: { one: string; many: string };
  onDone: () => void;
}) {
  const remove = useRemoveStage();
  const others = stages.filter((other) => other.id !== stage.id);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const holds = stage.deals_count > 0;
  const count = `${formatNumber(stage.deals_count)} ${stage.deals_count === 1 ? noun.one : noun.many}`;

  const confirm = async () => {
    if (holds && moveTo === null) {
      setError(`Choose the stage its ${noun.many} move to.`);
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync({
        pipelineId,
        stageId: stage.id,
        moveTo: moveTo === null ? undefined : Number(moveTo),
      });
      notifications.show({
        color: 'success',
        title: 'Stage removed',
        message: holds ? `${stage.name} removed; its ${count} moved.` : `${stage.name} removed.`,
      });
      onDone();
    } catch (caught) {
      setError(isApiError(caught) && !caught.unanswered ? caught.message : SUBMIT_FALLBACK_MESSAGE);
    }
  };

  return (
    <ModalForm
      onSubmit={(event) => {
        event?.preventDefault();
        void confirm();
      }}
      formError={error}
      submitting={remove.isPending}
      submitLabel={holds ? 'Move and remove' : 'Remove stage'}
      onCancel={onDone}
      danger
    >
      <Text>
        Remove <strong>{stage.name}</strong>?{' '}
        {holds
          ? `It holds ${count}: choose the stage they move to, at the end of its column.`
          : 'It holds nothing.'}
      </Text>
      {holds && (
        <Select
          label={`Move its ${noun.many} to`}
          placeholder="Choose a stage"
          required
          data={others.map((other) => ({ value: String(other.id), label: other.name }))}
          value={moveTo}
          onChange={setMoveTo}
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </ModalForm>
  );
}

/** Removes a stage, after choosing where its deals go when it holds any (one request, one transaction). */
export function RemoveStageModal({
  pipelineId,
  stage,
  stages,
  noun,
  onClose,
}: {
  pipelineId: number;
  stage: PipelineStage | undefined;
  stages: PipelineStage[];
  noun: { one: string; many: string };
  onClose: () => void;
}) {
  return (
    <FormModal opened={stage !== undefined} onClose={onClose} title="Remove stage" size="confirmation">
      {stage && (
        <RemoveForm pipelineId={pipelineId} stage={stage} stages={stages} noun={noun} onDone={onClose} />
      )}
    </FormModal>
  );
}
