import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { PipelineStage, PipelineWithStages } from '@portico/contracts';
import { useState } from 'react';
import type { BoardDeal } from '../api/get-deals';
import { formatMoneyShort, sumMoney } from '../../../lib/money';
import { useMoveDeal } from '../api/move-deal';
import { DealCard, DealCardPreview } from './deal-card';

const columnId = (stageId: number) => `stage-${stageId}`;

interface ColumnProps {
  stage: PipelineStage;
  deals: BoardDeal[];
  stages: readonly PipelineStage[];
  canMove: boolean;
  highlighted: boolean;
  onMove: (deal: BoardDeal, stageId: number, position: number) => void;
  noun: { one: string; many: string };
}

function BoardColumn({ stage, deals, stages, canMove, highlighted, onMove, noun }: ColumnProps) {
  const { setNodeRef } = useDroppable({ id: columnId(stage.id), data: { stageId: stage.id } });
  const total = sumMoney(deals.map((deal) => deal.amount_sought));
  const headingId = `board-column-${stage.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="xs"
      bg={highlighted ? 'var(--mantine-color-primary-light)' : 'var(--mantine-color-gray-0)'}
      style={{ width: 272, flex: '0 0 272px', display: 'flex', flexDirection: 'column' }}
      data-stage={stage.name}
    >
      <Stack gap={2} mb="xs" px={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} fz="sm" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {stage.name}
          </Title>
          <Badge
            variant="light"
            color="gray"
            aria-label={`${deals.length} ${deals.length === 1 ? noun.one : noun.many}`}
          >
            {deals.length}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {formatMoneyShort(total)} sought
        </Text>
      </Stack>
      <SortableContext items={deals.map((deal) => deal.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ol" ref={setNodeRef} gap="xs" p={0} m={0} mih={64} style={{ flex: 1 }}>
          {deals.map((deal, index) => (
            <DealCard
              key={deal.id}
              deal={deal}
              index={index}
              count={deals.length}
              stages={stages}
              canMove={canMove}
              onMove={(stageId, position) => onMove(deal, stageId, position)}
            />
          ))}
          {deals.length === 0 && (
            <Text size="xs" c="dimmed" ta="center" py="md" component="li" style={{ listStyle: 'none' }}>
              No {noun.many} here
            </Text>
          )}
        </Stack>
      </SortableContext>
    </Paper>
  );
}

interface DealBoardProps {
  pipeline: PipelineWithStages;
  deals: BoardDeal[];
  canMove: boolean;
  noun: { one: string; many: string };
}

/**
 * The kanban board of one pipeline (spec §2.1): a column per stage with its count and the amount sought,
 * cards dragged between and within columns (shown at once, put back with the reason if the server
 * refuses), and each card's "Move to…" menu for the keyboard and screen readers.
 */
export function DealBoard({ pipeline, deals, canMove, noun }: DealBoardProps) {
  const move = useMoveDeal(pipeline.id);
  const [dragging, setDragging] = useState<BoardDeal>();
  const [overStage, setOverStage] = useState<number>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { stages } = pipeline;
  const columnOf = (stageId: number) =>
    deals.filter((deal) => deal.stage_id === stageId).sort((a, b) => a.position - b.position || a.id - b.id);
  const dealOf = (id: unknown) => deals.find((deal) => deal.id === id);
  const stageOf = (id: unknown): number | undefined => {
    if (typeof id === 'string' && id.startsWith('stage-')) return Number(id.slice(6));
    return dealOf(id)?.stage_id;
  };
  const stageName = (id: number | undefined) => stages.find((stage) => stage.id === id)?.name ?? 'a stage';

  const moveTo = (deal: BoardDeal, stageId: number, position: number) => {
    const column = columnOf(stageId).filter((card) => card.id !== deal.id);
    const place = Math.min(position, column.length);
    const current = columnOf(deal.stage_id).findIndex((card) => card.id === deal.id);
    if (stageId === deal.stage_id && place === current) return;
    move.mutate({ deal, stageId, position: place });
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragging(dealOf(active.id));
  const onDragOver = ({ over }: DragOverEvent) => setOverStage(over ? stageOf(over.id) : undefined);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(undefined);
    setOverStage(undefined);
    const deal = dealOf(active.id);
    const stageId = over ? stageOf(over.id) : undefined;
    if (!deal || !over || stageId === undefined) return;
    const column = columnOf(stageId).filter((card) => card.id !== deal.id);
    const overCard = dealOf(over.id);
    // Over a card: its place (within a column, the place it was dragged to); over a column: its end.
    let position = column.length;
    if (overCard && overCard.id !== deal.id) {
      const overIndex = columnOf(stageId).findIndex((card) => card.id === overCard.id);
      const fromIndex = columnOf(stageId).findIndex((card) => card.id === deal.id);
      position =
        fromIndex >= 0 && fromIndex < overIndex
          ? overIndex
          : column.findIndex((card) => card.id === overCard.id);
    } else if (overCard) return;
    moveTo(deal, stageId, position);
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${dealOf(active.id)?.name ?? 'a deal'} in ${stageName(stageOf(active.id))}.`,
    onDragOver: ({ active, over }) =>
      over ? `${dealOf(active.id)?.name ?? 'The deal'} is over ${stageName(stageOf(over.id))}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${dealOf(active.id)?.name ?? 'The deal'} dropped in ${stageName(stageOf(over.id))}.`
        : 'Not moved.',
    onDragCancel: ({ active }) => `Moving ${dealOf(active.id)?.name ?? 'the deal'} was cancelled.`,
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragging(undefined);
        setOverStage(undefined);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a deal, press space or enter on its handle, the arrow keys to move it within its column, and space or enter to drop it. Its Move to… menu moves it to another stage.',
        },
      }}
    >
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={10}>
        <Group
          align="stretch"
          wrap="nowrap"
          gap="sm"
          pb="xs"
          aria-label={`${pipeline.name} board`}
          role="group"
        >
          {stages.map((stage) => (
            <BoardColumn
              key={stage.id}
              stage={stage}
              deals={columnOf(stage.id)}
              stages={stages}
              canMove={canMove}
              highlighted={dragging !== undefined && overStage === stage.id && dragging.stage_id !== stage.id}
              onMove={moveTo}
              noun={noun}
            />
          ))}
        </Group>
      </ScrollArea>
      <DragOverlay>{dragging && <DealCardPreview deal={dragging} stages={stages} />}</DragOverlay>
    </DndContext>
  );
}
