import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import type { PipelineStage } from '@portico/contracts';
import { IconArrowDown, IconArrowRight, IconArrowUp, IconDots, IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { recordPath } from '../../../config/records';
import { formatMoney } from '../../../lib/money';
import type { BoardDeal } from '../api/get-deals';

interface DealCardProps {
  deal: BoardDeal;
  /** its place in its column and the column's length */
  index: number;
  count: number;
  stages: readonly PipelineStage[];
  /** the role may move deals (pipeline_deals:update) */
  canMove: boolean;
  onMove: (stageId: number, position: number) => void;
}

function CardBody({
  deal,
  index,
  count,
  stages,
  canMove,
  onMove,
  handle,
}: DealCardProps & { handle?: ReactNode }) {
  const others = stages.filter((stage) => stage.id !== deal.stage_id);
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {handle}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" truncate="end">
          {deal.company_name}
        </Text>
        <Anchor
          component={Link}
          to={recordPath('pipeline_deal', deal.id, 'key-information')}
          fw={600}
          size="sm"
        >
          {deal.name}
        </Anchor>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">{formatMoney(deal.amount_sought)}</Text>
          <Text size="xs" c="dimmed" truncate="end">
            {deal.owner?.name ?? 'No owner'}
          </Text>
        </Group>
      </Stack>
      {canMove && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Move ${deal.name} to…`}>
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Move to…</Menu.Label>
            {others.map((stage) => (
              <Menu.Item
                key={stage.id}
                leftSection={<IconArrowRight size={14} aria-hidden />}
                onClick={() => onMove(stage.id, Number.MAX_SAFE_INTEGER)}
              >
                {stage.name}
              </Menu.Item>
            ))}
            {count > 1 && <Menu.Divider />}
            {index > 0 && (
              <Menu.Item
                leftSection={<IconArrowUp size={14} aria-hidden />}
                onClick={() => onMove(deal.stage_id, index - 1)}
              >
                Up in this column
              </Menu.Item>
            )}
            {index < count - 1 && (
              <Menu.Item
                leftSection={<IconArrowDown size={14} aria-hidden />}
                onClick={() => onMove(deal.stage_id, index + 1)}
              >
                Down in this column
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** A deal on the board: its company, name, amount sought and owner; dragged by its handle, or moved by menu. */
export function DealCard(props: DealCardProps) {
  const { deal, canMove } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: deal.id,
      data: { stageId: deal.stage_id },
      disabled: !canMove,
    });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
    listStyle: 'none',
  };
  const handle = canMove ? (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`Drag ${deal.name}`}
      data-drag-handle
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  ) : undefined;
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      style={style}
      data-deal={deal.name}
      aria-label={`${deal.name}, ${deal.company_name}`}
    >
      <CardBody {...props} handle={handle} />
    </Paper>
  );
}

/** The card under the pointer while it is dragged (the drag overlay): how it looks, nothing to press. */
export function DealCardPreview({ deal, stages }: { deal: BoardDeal; stages: readonly PipelineStage[] }) {
  return (
    <Paper withBorder radius="md" p="xs" shadow="md" style={{ cursor: 'grabbing' }}>
      <CardBody deal={deal} index={0} count={1} stages={stages} canMove={false} onMove={() => undefined} />
    </Paper>
  );
}
