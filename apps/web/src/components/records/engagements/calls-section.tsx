import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  callInputSchema,
  type Call,
  type CallOutcome,
} from '@portico/contracts';
import { IconPhone, IconPhonePlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { fromLocalInput, toLocalInput } from '../../../lib/datetime-local';
import { formatDateTime } from '../../../lib/format';
import { useDeleteCall, useLogCall, type CallInput } from '../../../lib/records/call-mutations';
import { useCalls } from '../../../lib/records/get-calls';
import type { RecordRef } from '../../../lib/records/record-keys';
import type { RecordPermissions } from '../../../lib/records/record-permissions';
import { FormError } from '../../form/form-error';
import { useServerForm } from '../../form/use-server-form';
import { zodResolver } from '../../form/zod-resolver';
import { ConfirmModal } from '../../modals/confirm-modal';
import { EntryAuthor } from './entry-author';
import { SectionEmpty } from './section-empty';

interface CallValues extends Record<string, unknown> {
  occurred_at: string;
  duration_minutes: number | string;
  outcome: string | null;
  summary: string;
}

const OUTCOME_OPTIONS = CALL_OUTCOMES.map((value) => ({ value, label: CALL_OUTCOME_LABELS[value] }));
const OUTCOME_COLOURS: Record<CallOutcome, string> = {
  connected: 'success',
  left_voicemail: 'primaryLighter',
  no_answer: 'gray',
  busy: 'orange',
  wrong_number: 'danger',
};

/** What the API takes: the local time as ISO 8601, minutes as a number, no empty summary. */
function toPayload(values: CallValues): CallInput {
  const summary = values.summary.trim();
  return {
    occurred_at: fromLocalInput(values.occurred_at),
    duration_minutes: values.duration_minutes === '' ? Number.NaN : Number(values.duration_minutes),
    outcome: values.outcome as CallOutcome,
    ...(summary ? { summary } : {}),
  };
}

const validatePayload = zodResolver(callInputSchema);

function LogCallForm({ record, onDone }: { record: RecordRef; onDone: () => void }) {
  const { mutateAsync } = useLogCall(record);
  const form = useForm<CallValues>({
    initialValues: {
      occurred_at: toLocalInput(new Date()),
      duration_minutes: 5,
      outcome: 'connected',
      summary: '',
    },
    validate: (values) => validatePayload(toPayload(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => mutateAsync(toPayload(values)),
    onSuccess: () => {
      notifications.show({ color: 'success', title: 'Call logged', message: 'It is on the timeline too.' });
      form.reset();
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput type="datetime-local" label="When" required {...form.getInputProps('occurred_at')} />
          <NumberInput
            label="Duration (minutes)"
            min={0}
            max={24 * 60}
            allowDecimal={false}
            required
            {...form.getInputProps('duration_minutes')}
          />
          <Select
            label="Outcome"
            data={OUTCOME_OPTIONS}
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('outcome')}
          />
        </SimpleGrid>
        <Textarea
          label="Summary"
          description="Optional: what was said and what happens next."
          autosize
          minRows={2}
          maxRows={10}
          {...form.getInputProps('summary')}
        />
        <FormError message={formError} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={submitting}>
            Log call
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CallsSectionProps {
  record: RecordRef;
  permissions: RecordPermissions;
  userId: number;
}

/** Logged calls, most recent first: when, how long, how it went, what was said. */
export function CallsSection({ record, permissions, userId }: CallsSectionProps) {
  const { data: calls, isPending, isError, error } = useCalls(record);
  const remove = useDeleteCall(record);
  const [formOpened, formToggle] = useDisclosure(false);
  const [deleting, setDeleting] = useState<Call>();
  const mayDelete = (call: Call) => permissions.update && (call.author?.id === userId || permissions.delete);

  return (
    <Stack gap="md">
      {permissions.update && (
        <>
          {!formOpened && (
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPhonePlus size={16} aria-hidden />}
                onClick={formToggle.open}
              >
                Log a call
              </Button>
            </Group>
          )}
          {formOpened && (
            <Paper withBorder radius="md" p="sm">
              <LogCallForm record={record} onDone={formToggle.close} />
            </Paper>
          )}
        </>
      )}
      {isError && (
        <Alert color="danger" variant="light" role="alert">
          The calls could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      )}
      {isPending && <Skeleton height={72} radius="md" />}
      {calls?.length === 0 && !formOpened && (
        <SectionEmpty
          icon={<IconPhone size={24} aria-hidden />}
          title="No calls logged yet"
          description={
            permissions.update ? 'Log a call after you speak to them.' : 'Calls logged by staff appear here.'
          }
        />
      )}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Calls">
        {calls?.map((call) => (
          <Paper key={call.id} component="li" withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="wrap">
                  <Badge color={OUTCOME_COLOURS[call.outcome]} variant="light">
                    {CALL_OUTCOME_LABELS[call.outcome]}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {formatDateTime(call.occurred_at)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {call.duration_minutes} min
                  </Text>
                </Group>
                {mayDelete(call) && (
                  <Tooltip label="Delete call">
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      aria-label="Delete call"
                      onClick={() => setDeleting(call)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              {call.summary && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {call.summary}
                </Text>
              )}
              <EntryAuthor author={call.author} at={call.created_at} />
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        opened={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete call"
        confirmLabel="Delete call"
        danger
        onConfirm={async () => {
          if (deleting) await remove.mutateAsync(deleting.id);
        }}
      >
        Delete the call of {deleting ? formatDateTime(deleting.occurred_at) : ''}? This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
