import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
} from '@mantine/core';
import { can } from '@portico/contracts/constants';
import {
  IconAlertTriangle,
  IconBriefcase,
  IconColumns,
  IconLayoutKanban,
  IconList,
  IconPlus,
} from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { usePipelines } from '../../pipelines/api/get-pipelines';
import { dealNoun } from '../api/deal-noun';
import { useBoardDeals } from '../api/get-deals';
import { DealBoard } from '../components/deal-board';
import { DealsList } from '../components/deals-list';

type View = 'board' | 'list';

/** The board/list switch; the address keeps it (`?view=list`) so a view can be shared. */
function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <SegmentedControl
      aria-label="Show as"
      value={view}
      onChange={(value) => onChange(value === 'list' ? 'list' : 'board')}
      data={[
        {
          value: 'board',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconLayoutKanban size={16} aria-hidden /> Board
            </Group>
          ),
        },
        {
          value: 'list',
          label: (
            <Group gap={6} wrap="nowrap">
              <IconList size={16} aria-hidden /> List
            </Group>
          ),
        },
      ]}
    />
  );
}

/** /admin/investments/deals (spec §2.1): a kanban board per pipeline, or the list of every deal. */
export function DealsPage() {
  const user = useUser();
  const terms = useTerminology();
  const noun = dealNoun(terms);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' ? 'list' : 'board';
  const pipelines = usePipelines();
  const list = pipelines.data ?? [];
  const chosen = list.find((pipeline) => String(pipeline.id) === params.get('pipeline')) ?? list[0];
  const board = useBoardDeals(view === 'board' ? chosen?.id : undefined);
  const may = {
    create: can(user.role_id, 'pipeline_deals', 'create'),
    move: can(user.role_id, 'pipeline_deals', 'update'),
    settings: can(user.role_id, 'pipelines', 'create'),
  };
  const setParam = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const switcher = (
    <ViewSwitch view={view} onChange={(next) => setParam('view', next === 'list' ? 'list' : null)} />
  );
  const newHref = chosen ? `${ADMIN_SCREENS.newDeal.path}?pipeline=${chosen.id}` : ADMIN_SCREENS.newDeal.path;

  if (view === 'list')
    return <DealsList title={terms.deals} noun={noun} pipelines={list} switcher={switcher} />;

  let body;
  if (pipelines.isError)
    body = (
      <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        The pipelines could not be loaded. {isApiError(pipelines.error) ? pipelines.error.message : ''}
      </Alert>
    );
  else if (pipelines.isPending) body = <Skeleton height={360} radius="md" aria-label="Loading" />;
  else if (!chosen)
    body = (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconColumns size={28} aria-hidden />}
          title="No pipelines yet"
          description={`A pipeline's stages are the board's columns. ${may.settings ? 'Add one in the settings to start.' : 'An administrator adds them in the settings.'}`}
          withIndicatorBackground
        >
          {may.settings && (
            <EmptyState.Actions>
              <Button component={Link} to={ADMIN_SCREENS.pipelines.path} variant="light">
                Set up pipelines
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  else if (board.isError)
    body = (
      <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        The {noun.many} could not be loaded. {isApiError(board.error) ? board.error.message : ''}
      </Alert>
    );
  else if (!board.data) body = <Skeleton height={360} radius="md" aria-label="Loading" />;
  else if (board.data.length === 0)
    body = (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconBriefcase size={28} aria-hidden />}
          title={`No ${noun.many} in ${chosen.name} yet`}
          description={`Add a company you are assessing; it starts in ${chosen.stages[0]?.name ?? 'the first stage'}.`}
          withIndicatorBackground
        >
          {may.create && (
            <EmptyState.Actions>
              <Button
                component={Link}
                to={newHref}
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                New {noun.one}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    );
  else body = <DealBoard pipeline={chosen} deals={board.data} canMove={may.move} noun={noun} />;

  return (
    <Stack gap="md">
      <PageHeader
        title={terms.deals}
        description={`Companies you are assessing, stage by stage. Drag a card by its handle, or use its menu, to move it.`}
        actions={
          may.create && (
            <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />}>
              New {noun.one}
            </Button>
          )
        }
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        {list.length > 0 ? (
          <Select
            label="Pipeline"
            data={list.map((pipeline) => ({ value: String(pipeline.id), label: pipeline.name }))}
            value={chosen ? String(chosen.id) : null}
            onChange={(value) => setParam('pipeline', value)}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <span />
        )}
        {switcher}
      </Group>
      {body}
    </Stack>
  );
}
