import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  List,
  Menu,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMPLIANCE_BANK_LABELS,
  type ComplianceBank,
  type ComplianceQuestionAdmin,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import {
  IconArrowDown,
  IconArrowUp,
  IconCheck,
  IconDots,
  IconListCheck,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { LoadError } from '../../../components/records/compliance/load-error';
import { showSettingsFailure } from '../../../components/settings/ordered-settings-list';
import { useUser } from '../../../lib/session';
import {
  useComplianceQuestions,
  useDeleteComplianceQuestion,
  useReorderComplianceQuestions,
  useUpdateComplianceQuestion,
} from '../api/compliance-questions';
import { QuestionModal } from './question-modal';

/** One bank's questions in order: added and edited in a dialog, moved, paused, deleted after a confirmation. */
export function QuestionBank({ bank }: { bank: ComplianceBank }) {
  const user = useUser();
  const { data: questions, isPending, isError, error, refetch, isFetching } = useComplianceQuestions(bank);
  const update = useUpdateComplianceQuestion();
  const reorder = useReorderComplianceQuestions(bank);
  const remove = useDeleteComplianceQuestion(bank);
  const [editing, setEditing] = useState<{ question: ComplianceQuestionAdmin | null }>();
  const [deleting, setDeleting] = useState<ComplianceQuestionAdmin>();
  const may = {
    create: can(user.role_id, 'compliance', 'create'),
    update: can(user.role_id, 'compliance', 'update'),
    delete: can(user.role_id, 'compliance', 'delete'),
  };
  const list = questions ?? [];
  const name = COMPLIANCE_BANK_LABELS[bank];

  const move = (index: number, by: -1 | 1) => {
    const ordered = [...list];
    const [moved] = ordered.splice(index, 1);
    if (!moved) return;
    ordered.splice(index + by, 0, moved);
    reorder.mutate(
      ordered.map((question) => question.id),
      { onError: showSettingsFailure },
    );
  };

  const setActive = (question: ComplianceQuestionAdmin, active: boolean) =>
    update.mutate(
      { id: question.id, changes: { active } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'success',
            title: active ? 'Question activated' : 'Question paused',
            message: active ? 'It is asked again.' : 'It is no longer asked; past attempts keep it.',
          }),
        onError: showSettingsFailure,
      },
    );

  const columns: DataTableColumn<ComplianceQuestionAdmin>[] = [
    {
      key: 'order',
      header: 'Order',
      width: 96,
      render: (question) => {
        const index = list.indexOf(question);
        return may.update ? (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move question ${index + 1} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move question ${index + 1} down`}
              disabled={index === list.length - 1 || reorder.isPending}
              onClick={() => move(index, 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          index + 1
        );
      },
    },
    {
      key: 'question',
      header: 'Question and options',
      render: (question) => (
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {question.question}
            </Text>
            {!question.active && (
              <Badge size="sm" color="gray" variant="light">
                Paused
              </Badge>
            )}
          </Group>
          <List size="xs" spacing={2} listStyleType="none">
            {question.options.map((option) => (
              <List.Item key={option.id}>
                <Group gap={4} wrap="nowrap">
                  {option.is_correct ? (
                    <IconCheck
                      size={14}
                      color="var(--mantine-color-success-7)"
                      style={{ flexShrink: 0 }}
                      aria-hidden
                    />
                  ) : (
                    <span style={{ width: 14, flexShrink: 0, display: 'inline-block' }} aria-hidden />
                  )}
                  <Text size="xs" c={option.is_correct ? undefined : 'dimmed'}>
                    {option.option}
                    {option.is_correct && <VisuallyHidden> (correct)</VisuallyHidden>}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: (question) =>
        (may.update || may.delete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for question ${list.indexOf(question) + 1}`}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {may.update && (
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing({ question })}
                >
                  Edit
                </Menu.Item>
              )}
              {may.update && (
                <Menu.Item
                  leftSection={
                    question.active ? (
                      <IconPlayerPause size={16} aria-hidden />
                    ) : (
                      <IconPlayerPlay size={16} aria-hidden />
                    )
                  }
                  onClick={() => setActive(question, !question.active)}
                >
                  {question.active ? 'Pause' : 'Activate'}
                </Menu.Item>
              )}
              {may.delete && (
                <Menu.Item
                  color="danger"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(question)}
                >
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  if (isError)
    return (
      <LoadError what="The questions" error={error} retry={() => void refetch()} retrying={isFetching} />
    );

  return (
    <Stack gap="sm">
      {may.create && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing({ question: null })}
          >
            Add question
          </Button>
        </Group>
      )}
      <DataTable
        caption={`${name} questions`}
        columns={columns}
        rows={questions}
        rowKey={(question) => question.id}
        loading={isPending}
        skeletonRows={4}
        empty={
          <EmptyState
            icon={<IconListCheck size={28} aria-hidden />}
            title="No questions yet"
            description="Add questions on the risks: losing all the money invested, illiquidity, dilution, no FSCS protection, diversification."
            withIndicatorBackground
            size="sm"
          >
            {may.create && (
              <EmptyState.Actions>
                <Button size="xs" variant="light" onClick={() => setEditing({ question: null })}>
                  Add the first question
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        }
      />
      <QuestionModal
        opened={editing !== undefined}
        bank={bank}
        question={editing?.question ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete question"
        confirmLabel="Delete question"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifications.show({ color: 'success', title: 'Question deleted', message: deleting.question });
        }}
      >
        Delete <strong>{deleting?.question}</strong>? It is no longer asked. Investors’ past attempts keep
        their own copy of it as evidence.
      </ConfirmModal>
    </Stack>
  );
}
