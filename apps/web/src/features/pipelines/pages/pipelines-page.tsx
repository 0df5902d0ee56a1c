import { Alert, Anchor, Menu, Text } from '@mantine/core';
import type { PipelineWithStages } from '@portico/contracts';
import { IconAlertTriangle, IconColumns, IconListNumbers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { OrderedSettingsList, showSettingsFailure } from '../../../components/settings/ordered-settings-list';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { isApiError } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { usePipelines } from '../api/get-pipelines';
import { useDeletePipeline, useReorderPipelines } from '../api/pipeline-mutations';
import { PipelineModal } from '../components/pipeline-modal';

export const stagesPath = (id: number) => ADMIN_SCREENS.pipelineStages.path.replace(':id', String(id));

/** Settings → account → pipelines (spec §2.1): the deal pipelines in order, each with its stages. */
export function PipelinesPage() {
  const terms = useTerminology();
  const navigate = useNavigate();
  const { data: pipelines, isPending, isError, error } = usePipelines();
  const reorder = useReorderPipelines();
  const remove = useDeletePipeline();
  const deals = inSentence(terms.deals);

  const columns: DataTableColumn<PipelineWithStages>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (pipeline) => (
        <Anchor component={Link} to={stagesPath(pipeline.id)} fw={600} size="sm">
          {pipeline.name}
        </Anchor>
      ),
    },
    {
      key: 'stages',
      header: 'Stages',
      visibleFrom: 'sm',
      render: (pipeline) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {pipeline.stages.map((stage) => stage.name).join(' → ')}
        </Text>
      ),
    },
    {
      key: 'deals',
      header: terms.deals,
      align: 'right',
      render: (pipeline) => formatNumber(pipeline.deals_count),
    },
  ];

  return (
    <OrderedSettingsList
      noun={{ one: 'pipeline', many: 'pipelines' }}
      description={`The pipelines your ${deals} move through, each an ordered list of stages. The first one opens on the board.`}
      resource="pipelines"
      items={pipelines}
      isPending={isPending}
      loadError={
        isError && (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The pipelines could not be loaded. {isApiError(error) ? error.message : ''}
          </Alert>
        )
      }
      columns={columns}
      editLabel="Rename"
      menuItems={(pipeline) => (
        <Menu.Item
          leftSection={<IconListNumbers size={16} aria-hidden />}
          onClick={() => void navigate(stagesPath(pipeline.id))}
        >
          Edit stages
        </Menu.Item>
      )}
      onReorder={(ordered) => reorder.mutate(ordered, { onError: showSettingsFailure })}
      reordering={reorder.isPending}
      empty={{
        icon: <IconColumns size={28} aria-hidden />,
        description: `Add a pipeline to start tracking ${deals} on a board, stage by stage.`,
      }}
      renderModal={({ opened, item, onClose }) => (
        <PipelineModal opened={opened} pipeline={item} onClose={onClose} />
      )}
      onDelete={(pipeline) => remove.mutateAsync(pipeline.id)}
      deleteConsequence={`Its stages go with it. A pipeline that still holds ${deals} cannot be deleted: move or delete them first.`}
      maxWidth={960}
      skeletonRows={2}
    />
  );
}
