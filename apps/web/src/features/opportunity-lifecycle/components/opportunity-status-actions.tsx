import { Alert, Button, Group, List, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  can,
  isOpportunityStatus,
  OPPORTUNITY_STATUS,
  OPPORTUNITY_TRANSITIONS,
  opportunityAdminPath,
  opportunityResource,
  type OpportunityStatus,
} from '@portico/contracts/constants';
import { IconAlertTriangle, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { MODAL_SIZES } from '../../../theme/theme';
import { useTransitionOpportunity } from '../api/transition-opportunity';
import { CompletionDetails } from './completion-details';
import { STATUS_MEANINGS, statusLabel } from './status-words';

interface OpportunityStatusActionsProps {
  opportunity: { id: number; status: number; name: string };
}

/** Why a move failed: the fields still missing (going live), or the server's one sentence. */
type Refusal = { message: string; missing: string[]; allottedOn?: string };

function refusalOf(error: unknown): Refusal {
  if (!isApiError(error) || error.unanswered) return { message: SUBMIT_FALLBACK_MESSAGE, missing: [] };
  const errors = typeof error.errors === 'object' ? error.errors : undefined;
  // completion's allotment date: shown on its field
  const allottedOn = errors?.allotted_on?.[0];
  if (allottedOn) return { message: allottedOn, missing: [], allottedOn };
  const fields = Object.entries(errors ?? {}).filter(([field]) => field !== 'status');
  if (fields.length > 0)
    return {
      message: 'It cannot go live yet. Complete these first:',
      missing: fields.flatMap(([, messages]) => messages),
    };
  return { message: error.message, missing: [] };
}

/**
 * An opportunity's status and the moves open from it (issue 10): each confirmed in a dialog that says
 * what it means; a refusal lists what is missing. Offered only to a role that may update the
 * opportunity at its stage (spec §6); the server checks again.
 */
export function OpportunityStatusActions({ opportunity }: OpportunityStatusActionsProps) {
  const user = useUser();
  const terminology = useTerminology();
  const navigate = useNavigate();
  const transition = useTransitionOpportunity();
  const [target, setTarget] = useState<OpportunityStatus>();
  const [refusal, setRefusal] = useState<Refusal>();
  /** completing: the allotment date staff chose ('' for today) */
  const [allottedOn, setAllottedOn] = useState('');
  const { id, status, name } = opportunity;

  if (!isOpportunityStatus(status)) return null;
  const moves = OPPORTUNITY_TRANSITIONS[status];
  const mayMove = can(user.role_id, opportunityResource(status), 'update') && moves.length > 0;

  const close = () => {
    if (transition.isPending) return;
    setTarget(undefined);
    setRefusal(undefined);
    setAllottedOn('');
  };

  const confirm = async () => {
    if (target === undefined || transition.isPending) return;
    setRefusal(undefined);
    try {
      const completing = target === OPPORTUNITY_STATUS.COMPLETED && allottedOn !== '';
      const moved = await transition.mutateAsync({
        id,
        status: target,
        ...(completing ? { allotted_on: allottedOn } : {}),
      });
      setTarget(undefined);
      notifications.show({
        color: 'success',
        title: 'Status changed',
        message: `${name} is now ${statusLabel(terminology, target)}.`,
      });
      void navigate(opportunityAdminPath(moved.id, moved.status));
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  const targetLabel = target === undefined ? '' : statusLabel(terminology, target);

  return (
    <Group gap="xs" wrap="wrap">
      {mayMove && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} aria-hidden />}>
              Change status
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Move to</Menu.Label>
            {moves.map((next) => (
              <Menu.Item key={next} onClick={() => setTarget(next)}>
                {statusLabel(terminology, next)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal
        opened={target !== undefined}
        onClose={close}
        title={`Move ${name} to ${targetLabel}?`}
        size={MODAL_SIZES.confirmation}
      >
        <Stack>
          <Text>
            <strong>{targetLabel}:</strong> {target !== undefined && STATUS_MEANINGS[target]}
          </Text>
          {target === OPPORTUNITY_STATUS.COMPLETED && (
            <CompletionDetails
              id={id}
              allottedOn={allottedOn}
              onAllottedOnChange={setAllottedOn}
              dateError={refusal?.allottedOn}
            />
          )}
          {refusal && !refusal.allottedOn && (
            <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              <Text size="sm">{refusal.message}</Text>
              {refusal.missing.length > 0 && (
                <List size="sm" mt="xs" aria-label="What is missing">
                  {refusal.missing.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={transition.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={transition.isPending} data-autofocus>
              Move to {targetLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
