import { ActionIcon, Badge, Button, EmptyState, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can, ONBOARDING_REQUIREMENT_KIND_LABELS, type OnboardingRequirement } from '@portico/contracts';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconFileCheck,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { LoadError } from '../../../components/records/compliance/load-error';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import {
  useDeleteOnboardingRequirement,
  useOnboardingRequirements,
  useReorderOnboardingRequirements,
  useUpdateOnboardingRequirement,
} from '../api/onboarding-requirements';
import { RequirementModal } from '../components/requirement-modal';

const failed = (caught: unknown) =>
  notifications.show({
    color: 'danger',
    title: 'That did not work',
    message: isApiError(caught) && !caught.unanswered ? caught.message : 'Please try again.',
  });

/**
 * Settings → investor → sign-up documents: what every investor must upload or sign before investing
 * (DOMAIN.md, onboarding documents), in the order they are asked for.
 */
export function SignUpDocumentsPage() {
  const user = useUser();
  const terms = useTerminology();
  const { data: requirements, isPending, isError, error, refetch, isFetching } = useOnboardingRequirements();
  const update = useUpdateOnboardingRequirement();
  const reorder = useReorderOnboardingRequirements();
  const remove = useDeleteOnboardingRequirement();
  const [editing, setEditing] = useState<{ requirement: OnboardingRequirement | null }>();
  const [deleting, setDeleting] = useState<OnboardingRequirement>();
  const may = {
    create: can(user.role_id, 'onboarding_documents', 'create'),
    update: can(user.role_id, 'onboarding_documents', 'update'),
    delete: can(user.role_id, 'onboarding_documents', 'delete'),
  };
  const list = requirements ?? [];
  const investorsWord = inSentence(terms.investors);

  const move = (index: number, by: -1 | 1) => {
    const ordered = list.map((requirement) => requirement.id);
    const [moved] = ordered.splice(index, 1);
    if (moved === undefined) return;
    ordered.splice(index + by, 0, moved);
    reorder.mutate(ordered, { onError: failed });
  };

  const setActive = (requirement: OnboardingRequirement, active: boolean) =>
    update.mutate(
      { id: requirement.id, changes: { active } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'success',
            title: active ? 'Sign-up document activated' : 'Sign-up document deactivated',
            message: active
              ? `${requirement.name} is asked for again.`
              : `${requirement.name} is no longer asked for; what ${investorsWord} sent is kept.`,
          }),
        onError: failed,
      },
    );

  const columns: DataTableColumn<OnboardingRequirement>[] = [
    {
      key: 'order',
      header: 'Order',
      width: 96,
      render: (requirement) => {
        const index = list.indexOf(requirement);
        return may.update ? (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${requirement.name} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${requirement.name} down`}
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
      key: 'name',
      header: 'Document',
      render: (requirement) => (
        <Stack gap={2}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {requirement.name}
            </Text>
            {!requirement.active && (
              <Badge size="sm" color="gray" variant="light">
                Inactive
              </Badge>
            )}
          </Group>
          {requirement.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {requirement.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'kind',
      header: 'The investor must',
      visibleFrom: 'sm',
      render: (requirement) => ONBOARDING_REQUIREMENT_KIND_LABELS[requirement.kind],
    },
    {
      key: 'required',
      header: 'Required',
      visibleFrom: 'xs',
      render: (requirement) =>
        requirement.required ? (
          <Badge size="sm" variant="light" color="primaryLighter">
            Required
          </Badge>
        ) : (
          <Badge size="sm" variant="outline" color="gray">
            Optional
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: (requirement) =>
        (may.update || may.delete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${requirement.name}`}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {may.update && (
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing({ requirement })}
                >
                  Edit
                </Menu.Item>
              )}
              {may.update && (
                <Menu.Item
                  leftSection={
                    requirement.active ? (
                      <IconPlayerPause size={16} aria-hidden />
                    ) : (
                      <IconPlayerPlay size={16} aria-hidden />
                    )
                  }
                  onClick={() => setActive(requirement, !requirement.active)}
                >
                  {requirement.active ? 'Deactivate' : 'Activate'}
                </Menu.Item>
              )}
              {may.delete && (
                <Menu.Item
                  color="danger"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(requirement)}
                >
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Sign-up documents"
        description={`What every one of your ${investorsWord} must upload or sign before investing, in the order they are asked for. Staff review each document.`}
        actions={
          may.create && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing({ requirement: null })}
            >
              Add sign-up document
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} maw={1000}>
        {isError ? (
          <LoadError
            what="The sign-up documents"
            error={error}
            retry={() => void refetch()}
            retrying={isFetching}
          />
        ) : (
          <DataTable
            caption="Sign-up documents"
            columns={columns}
            rows={requirements}
            rowKey={(requirement) => requirement.id}
            loading={isPending}
            skeletonRows={3}
            empty={
              <EmptyState
                icon={<IconFileCheck size={28} aria-hidden />}
                title="No sign-up documents yet"
                description="Add what investors must provide, for example a passport, a proof of address or a signed application form."
                withIndicatorBackground
                size="sm"
              >
                {may.create && (
                  <EmptyState.Actions>
                    <Button size="xs" variant="light" onClick={() => setEditing({ requirement: null })}>
                      Add the first sign-up document
                    </Button>
                  </EmptyState.Actions>
                )}
              </EmptyState>
            }
          />
        )}
      </Paper>
      <RequirementModal
        opened={editing !== undefined}
        requirement={editing?.requirement ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete sign-up document"
        confirmLabel="Delete sign-up document"
        danger
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifications.show({ color: 'success', title: 'Sign-up document deleted', message: deleting.name });
        }}
      >
        Delete <strong>{deleting?.name}</strong>? It is no longer asked for. A document {investorsWord} have
        already sent cannot be deleted: deactivate it instead, so their history is kept.
      </ConfirmModal>
    </>
  );
}
