import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ONBOARDING_REQUIREMENT_KIND_LABELS, type OnboardingRequirement } from '@portico/contracts';
import { IconFileCheck, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { LoadError } from '../../../components/records/compliance/load-error';
import { OrderedSettingsList, showSettingsFailure } from '../../../components/settings/ordered-settings-list';
import { inSentence, useTerminology } from '../../../lib/terminology';
import {
  useDeleteOnboardingRequirement,
  useOnboardingRequirements,
  useReorderOnboardingRequirements,
  useUpdateOnboardingRequirement,
} from '../api/onboarding-requirements';
import { RequirementModal } from '../components/requirement-modal';

const COLUMNS: DataTableColumn<OnboardingRequirement>[] = [
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
];

/**
 * Settings → investor → sign-up documents: what every investor must upload or sign before investing
 * (DOMAIN.md, onboarding documents), in the order they are asked for.
 */
export function SignUpDocumentsPage() {
  const terms = useTerminology();
  const { data: requirements, isPending, isError, error, refetch, isFetching } = useOnboardingRequirements();
  const update = useUpdateOnboardingRequirement();
  const reorder = useReorderOnboardingRequirements();
  const remove = useDeleteOnboardingRequirement();
  const investorsWord = inSentence(terms.investors);

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
        onError: showSettingsFailure,
      },
    );

  return (
    <OrderedSettingsList
      noun={{ one: 'sign-up document', many: 'sign-up documents' }}
      description={`What every one of your ${investorsWord} must upload or sign before investing, in the order they are asked for. Staff review each document.`}
      resource="onboarding_documents"
      items={requirements}
      isPending={isPending}
      loadError={
        isError && (
          <LoadError
            what="The sign-up documents"
            error={error}
            retry={() => void refetch()}
            retrying={isFetching}
          />
        )
      }
      columns={COLUMNS}
      editLabel="Edit"
      menuItems={(requirement) => (
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
      onReorder={(ordered) =>
        reorder.mutate(
          ordered.map((requirement) => requirement.id),
          { onError: showSettingsFailure },
        )
      }
      reordering={reorder.isPending}
      empty={{
        icon: <IconFileCheck size={28} aria-hidden />,
        description:
          'Add what investors must provide, for example a passport, a proof of address or a signed application form.',
      }}
      renderModal={({ opened, item, onClose }) => (
        <RequirementModal opened={opened} requirement={item} onClose={onClose} />
      )}
      onDelete={(requirement) => remove.mutateAsync(requirement.id)}
      deleteConsequence={`It is no longer asked for. A document ${investorsWord} have already sent cannot be deleted: deactivate it instead, so their history is kept.`}
      maxWidth={1000}
      skeletonRows={3}
    />
  );
}
