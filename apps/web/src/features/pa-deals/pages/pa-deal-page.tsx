import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  PA_DEAL_SIDE_LABELS,
  refusePaDealInputSchema,
  type PaDeal,
  type PaDealEvent,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconAlertTriangle, IconCheck, IconCircleDashed, IconReceipt, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { ReasonModal } from '../../../components/modals/reason-modal';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { usePaDeal, useRefusePaDeal, useWithdrawPaDeal } from '../api/pa-deals';
import { PaDealStatusBadge } from '../components/pa-deal-badges';
import { ApprovePaDealModal, ExecutePaDealModal } from '../components/pa-deal-modals';

type Open = 'approve' | 'refuse' | 'execute' | 'withdraw' | null;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

const EVENT_TITLES: Record<PaDealEvent['kind'], string> = {
  approved: 'Approved',
  refused: 'Refused',
  executed: 'Executed',
  withdrawn: 'Withdrawn',
};
const EVENT_ICONS: Record<PaDealEvent['kind'], ReactNode> = {
  approved: <IconCheck size={14} aria-hidden />,
  refused: <IconX size={14} aria-hidden />,
  executed: <IconReceipt size={14} aria-hidden />,
  withdrawn: <IconX size={14} aria-hidden />,
};

function eventText(event: PaDealEvent, deal: PaDeal): string {
  if (event.kind === 'executed')
    return `${event.quantity ?? ''} at ${event.price ?? ''} ${deal.currency} on ${formatDate(event.executed_on)}`;
  return event.reason ?? '';
}

/** The request, then each event, oldest first: requested, decided, executed. */
function DealTimeline({ deal }: { deal: PaDeal }) {
  return (
    <Timeline bulletSize={24} lineWidth={2} active={deal.events.length} aria-label="What happened">
      <Timeline.Item bullet={<IconCircleDashed size={14} aria-hidden />} title="Requested">
        <Text size="sm">{deal.reason}</Text>
        <Text size="xs" c="dimmed">
          {deal.user.name}, {formatDateTime(deal.created_at)}
        </Text>
      </Timeline.Item>
      {deal.events.map((event) => (
        <Timeline.Item key={event.id} bullet={EVENT_ICONS[event.kind]} title={EVENT_TITLES[event.kind]}>
          {eventText(event, deal) && <Text size="sm">{eventText(event, deal)}</Text>}
          <Text size="xs" c="dimmed">
            {event.actor.name}, {formatDateTime(event.created_at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** Insider register → PA deals → one request: its terms, its timeline and the next step. */
export function PaDealPage() {
  const id = useRecordId();
  const user = useUser();
  const { data: deal, isError, error, refetch, isFetching } = usePaDeal(id);
  const [open, setOpen] = useState<Open>(null);
  const refuse = useRefusePaDeal(id ?? 0);
  const withdraw = useWithdrawPaDeal(id ?? 0);

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  if (isError)
    return (
      <RecordLoadError
        error={error}
        retry={() => void refetch()}
        retrying={isFetching}
        listPath={ADMIN_SCREENS.paDeals.path}
        what="This deal"
      />
    );
  if (!deal) return <Skeleton height={320} />;

  const own = deal.user.id === user.id;
  const decides = can(user.role_id, 'compliance', 'update') && !own;
  const pending = deal.status === 'pending';
  const executable = own && deal.status === 'approved' && !deal.clearance_lapsed;
  const close = () => setOpen(null);

  return (
    <Stack gap="lg">
      <PageHeader
        title={`${PA_DEAL_SIDE_LABELS[deal.side]} ${deal.instrument}, ${deal.company_name}`}
        description={`Personal account deal of ${deal.user.name}`}
        actions={
          <Group gap="xs">
            {decides && pending && (
              <>
                <Button color="danger" variant="outline" onClick={() => setOpen('refuse')}>
                  Refuse
                </Button>
                <Button onClick={() => setOpen('approve')}>Approve</Button>
              </>
            )}
            {own && pending && (
              <Button variant="default" onClick={() => setOpen('withdraw')}>
                Withdraw
              </Button>
            )}
            {executable && <Button onClick={() => setOpen('execute')}>Record execution</Button>}
          </Group>
        }
      />
      {deal.insider_warning.length > 0 && (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Insider">
          <Stack gap={2}>
            {deal.insider_warning.map((warning) => (
              <Text key={`${warning.subject_type}:${warning.subject_id}`} size="sm">
                {deal.user.name}: {warning.message}.
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {own && pending && (
        <Alert color="yellow" variant="light">
          Do not deal until compliance approves this request.
        </Alert>
      )}
      {own && deal.status === 'approved' && (
        <Alert color={deal.clearance_lapsed ? 'gray' : 'success'} variant="light">
          {deal.clearance_lapsed
            ? `Pre-clearance lapsed after ${formatDate(deal.clearance_expires_on)}: declare the deal again before you deal.`
            : `Approved: deal by ${formatDate(deal.clearance_expires_on)}, then record the execution.`}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Fact label="Status">
            <PaDealStatusBadge status={deal.status} lapsed={deal.clearance_lapsed} />
          </Fact>
          <Fact label="Quantity">{deal.quantity}</Fact>
          <Fact label="Estimated value">{formatMoney(deal.estimated_value, deal.currency)}</Fact>
          <Fact label="Company">{deal.company_name}</Fact>
          <Fact label="On the platform">{deal.deal?.name ?? deal.opportunity?.name ?? '—'}</Fact>
          <Fact label="Pre-clearance until">{formatDate(deal.clearance_expires_on)}</Fact>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Timeline
          </Title>
          <DealTimeline deal={deal} />
        </Stack>
      </Paper>

      <ApprovePaDealModal deal={deal} opened={open === 'approve'} onClose={close} />
      <ExecutePaDealModal deal={deal} opened={open === 'execute'} onClose={close} />
      <ReasonModal
        opened={open === 'refuse'}
        onClose={close}
        title="Refuse this deal?"
        confirmLabel="Refuse"
        schema={refusePaDealInputSchema}
        maxLength={2000}
        reasonDescription={`${deal.user.name} reads it`}
        onSubmit={(reason) => refuse.mutateAsync(reason)}
        onDone={() =>
          notifications.show({ color: 'success', title: 'Refused', message: `${deal.user.name} is told.` })
        }
      >
        {deal.user.name} may not deal in {deal.company_name}. The refusal is kept with the request.
      </ReasonModal>
      <ConfirmModal
        opened={open === 'withdraw'}
        onClose={close}
        title="Withdraw this request?"
        confirmLabel="Withdraw"
        danger
        onConfirm={() => withdraw.mutateAsync(undefined)}
      >
        Compliance will not decide it. The request stays on record as withdrawn.
      </ConfirmModal>
    </Stack>
  );
}
