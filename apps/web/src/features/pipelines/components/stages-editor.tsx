import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  createStageInputSchema,
  MAX_STAGES_PER_PIPELINE,
  STAGE_NAME_MAX,
  type PipelineStage,
  type PipelineWithStages,
} from '@portico/contracts';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { showSettingsFailure } from '../../../components/settings/ordered-settings-list';
import { formatNumber } from '../../../lib/format';
import { useAddStage, useReorderStages } from '../api/pipeline-mutations';
import { RemoveStageModal, RenameStageModal } from './stage-modals';

interface StagesEditorProps {
  pipeline: PipelineWithStages;
  /** the role may change pipelines (spec §6); otherwise the stages are only listed */
  canChange: boolean;
  /** the deployment's word for deals: { one: 'deal', many: 'deals' } */
  noun: { one: string; many: string };
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move a stage, press space or enter to pick it up, the up and down arrows to move it, space or enter to drop it, or escape to cancel. The move up and move down buttons do the same.',
};

interface RowProps {
  stage: PipelineStage;
  index: number;
  count: number;
  canChange: boolean;
  busy: boolean;
  noun: { one: string; many: string };
  onMove: (by: -1 | 1) => void;
  onRename: () => void;
  onRemove: () => void;
}

function StageRow({ stage, index, count, canChange, busy, noun, onMove, onRename, onRemove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: stage.id,
      disabled: !canChange || busy,
    });
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      data-stage={stage.name}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        listStyle: 'none',
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        {canChange && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag ${stage.name} to reorder`}
            style={{ cursor: busy ? 'default' : 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        )}
        <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden>
          {index + 1}
        </Text>
        <Text fw={600} size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {stage.name}
        </Text>
        <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
          {formatNumber(stage.deals_count)} {stage.deals_count === 1 ? noun.one : noun.many}
        </Badge>
        {canChange && (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${stage.name} up`}
              disabled={index === 0 || busy}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${stage.name} down`}
              disabled={index === count - 1 || busy}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${stage.name}`}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onRename}>
                  Rename
                </Menu.Item>
                <Menu.Item
                  color="danger"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={onRemove}
                  disabled={count <= 1}
                >
                  Remove
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

interface AddValues extends Record<string, unknown> {
  name: string;
}

function AddStageForm({ pipelineId, full }: { pipelineId: number; full: boolean }) {
  const add = useAddStage();
  const form = useForm<AddValues>({
    initialValues: { name: '' },
    validate: zodResolver(createStageInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => add.mutateAsync({ pipelineId, input: { name: values.name.trim() } }),
    onSuccess: (stage) => {
      notifications.show({ color: 'success', title: 'Stage added', message: stage.name });
      form.reset();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="New stage"
            description={
              full ? `A pipeline holds at most ${MAX_STAGES_PER_PIPELINE} stages.` : 'Added at the end.'
            }
            maxLength={STAGE_NAME_MAX}
            disabled={full}
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('name')}
          />
          <Button
            type="submit"
            loading={submitting}
            disabled={full}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add stage
          </Button>
        </Group>
        <FormError message={formError} />
      </Stack>
    </form>
  );
}

/**
 * A pipeline's stages in order (spec §2.1): reordered by drag and drop, by keyboard (the handle, or the
 * move buttons), renamed, added, and removed once empty or after choosing where their deals go.
 */
export function StagesEditor({ pipeline, canChange, noun }: StagesEditorProps) {
  const reorder = useReorderStages();
  const [renaming, setRenaming] = useState<PipelineStage>();
  const [removing, setRemoving] = useState<PipelineStage>();
  const { stages } = pipeline;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: unknown) => stages.find((stage) => stage.id === id)?.name ?? 'the stage';
  const placeOf = (id: unknown) => stages.findIndex((stage) => stage.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, stage ${placeOf(active.id)} of ${stages.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${placeOf(over.id)} of ${stages.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${placeOf(over.id)} of ${stages.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const save = (ordered: PipelineStage[]) =>
    reorder.mutate(
      { pipelineId: pipeline.id, stages: ordered.map((stage, position) => ({ ...stage, position })) },
      { onError: showSettingsFailure },
    );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = stages.findIndex((stage) => stage.id === active.id);
    const to = stages.findIndex((stage) => stage.id === over.id);
    if (from < 0 || to < 0) return;
    save(arrayMove(stages, from, to));
  };

  return (
    <Stack gap="md">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      >
        <SortableContext items={stages.map((stage) => stage.id)} strategy={verticalListSortingStrategy}>
          <Stack component="ol" gap="xs" p={0} m={0} aria-label={`Stages of ${pipeline.name}`}>
            {stages.map((stage, index) => (
              <StageRow
                key={stage.id}
                stage={stage}
                index={index}
                count={stages.length}
                canChange={canChange}
                busy={reorder.isPending}
                noun={noun}
                onMove={(by) => save(arrayMove(stages, index, index + by))}
                onRename={() => setRenaming(stage)}
                onRemove={() => setRemoving(stage)}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {canChange && <AddStageForm pipelineId={pipeline.id} full={stages.length >= MAX_STAGES_PER_PIPELINE} />}
      <RenameStageModal pipelineId={pipeline.id} stage={renaming} onClose={() => setRenaming(undefined)} />
      <RemoveStageModal
        pipelineId={pipeline.id}
        stage={removing}
        stages={stages}
        noun={noun}
        onClose={() => setRemoving(undefined)}
      />
    </Stack>
  );
}
