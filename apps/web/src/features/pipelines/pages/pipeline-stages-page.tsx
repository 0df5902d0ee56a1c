import { Alert, Anchor, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { IconAlertTriangle, IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { isNotFound } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { isApiError } from '../../../lib/api-error';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { inSentence, singularOf, useTerminology } from '../../../lib/terminology';
import { usePipeline } from '../api/get-pipelines';
import { StagesEditor } from '../components/stages-editor';

/** Settings → account → pipelines/{id}/stages (spec §2.1): one pipeline's stages, in order. */
export function PipelineStagesPage() {
  const id = useRecordId();
  const user = useUser();
  const terms = useTerminology();
  const { data: pipeline, isError, error } = usePipeline(id);
  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  const deals = inSentence(terms.deals);

  return (
    <Stack gap={0} maw={760}>
      <Anchor component={Link} to={ADMIN_SCREENS.pipelines.path} size="sm" mb="xs" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden />
          Pipelines
        </Group>
      </Anchor>
      <PageHeader
        title={pipeline ? `${pipeline.name}: stages` : 'Pipeline stages'}
        description={`The columns of the board, left to right. Drag a stage by its handle, or use the arrows, to reorder; a stage that holds ${deals} is removed after choosing where they go.`}
      />
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The stages could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : pipeline ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <StagesEditor
            pipeline={pipeline}
            canChange={can(user.role_id, 'pipelines', 'update')}
            noun={{ one: singularOf(deals), many: deals }}
          />
        </Paper>
      ) : (
        <Stack gap="xs" aria-label="Loading">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={48} radius="md" />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
