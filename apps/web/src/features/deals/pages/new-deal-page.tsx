import { Alert, Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { useTerminology } from '../../../lib/terminology';
import { usePipelines } from '../../pipelines/api/get-pipelines';
import { useCreateDeal } from '../api/deal-mutations';
import { dealNoun } from '../api/deal-noun';
import { DealForm } from '../components/deal-form';

/** /admin/investments/deals/new-deal (`?pipeline=` picks the pipeline it starts in). */
export function NewDealPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const noun = dealNoun(useTerminology());
  const { mutateAsync } = useCreateDeal();
  const pipelines = usePipelines();
  const list = pipelines.data ?? [];
  const pipelineId =
    list.find((pipeline) => String(pipeline.id) === params.get('pipeline'))?.id ?? list[0]?.id;
  const title = `New ${noun.one}`;

  return (
    <>
      <PageHeader
        title={title}
        description="A company you are assessing; it starts in the pipeline's first stage unless you choose another."
      />
      {pipelines.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The pipelines could not be loaded; try again in a moment.
        </Alert>
      ) : pipelines.isPending ? (
        <Skeleton height={420} radius="md" aria-label="Loading" />
      ) : list.length === 0 ? (
        <Alert color="warning" variant="light" role="alert">
          There is no pipeline to add it to yet: pipelines are set up in Settings → Account → Pipelines.
        </Alert>
      ) : (
        <DealForm
          pipelines={list}
          pipelineId={String(pipelineId ?? '')}
          noun={noun}
          submit={mutateAsync}
          onCancel={() => void navigate(ADMIN_SCREENS.deals.path)}
          onSaved={(deal) => {
            notifications.show({
              color: 'success',
              title: `${noun.one.charAt(0).toUpperCase()}${noun.one.slice(1)} added`,
              message: `${deal.name} is in ${deal.stage.name}.`,
            });
            void navigate(recordPath('pipeline_deal', deal.id, 'key-information'));
          }}
        />
      )}
    </>
  );
}
