import { ActionIcon, Alert, Anchor, Badge, Button, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  createOpportunityInvitationsInputSchema,
  type CreateOpportunityInvitationsInput,
  type OpportunityInvitation,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconMailForward, IconTrash, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { AddLinkedPersonModal } from '../../../components/records/add-linked-person-modal';
import { RecordSection } from '../../../components/records/record-section';
import { recordPath } from '../../../config/records';
import { formatDate, plural } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useInvitations, useInvite, useWithdrawInvitation } from '../api/invitations';
import { InviteGroupModal } from './invite-group-modal';

interface InvitationsSectionProps {
  opportunityId: number;
  /** the role may update the opportunity (investment_opportunity_live:update) */
  canEdit: boolean;
}

const nameOf = (row: OpportunityInvitation) => row.client_group?.name ?? row.investor?.name ?? '';

/**
 * Who a Live - Internal opportunity is offered to: investors invited one by one and client groups (issue
 * 10). Staff who may change the opportunity invite and withdraw; each investor is notified once. Only for
 * roles that may list investors (the server answers 403 to the others, spec §6).
 */
export function InvitationsSection(props: InvitationsSectionProps) {
  const user = useUser();
  return can(user.role_id, 'investors', 'index') ? <Invitations {...props} /> : null;
}

function Invitations({ opportunityId, canEdit }: InvitationsSectionProps) {
  const user = useUser();
  const terminology = useTerminology();
  const { data, isPending, isError, error } = useInvitations(opportunityId);
  const invite = useInvite();
  const withdraw = useWithdrawInvitation();
  const [adding, setAdding] = useState<'investor' | 'group'>();
  const [removing, setRemoving] = useState<OpportunityInvitation>();
  const mayOpen = { investor: can(user.role_id, 'investors', 'show') };
  const rows = data?.data;
  const internal = terminology.status_3;

  const send = (input: CreateOpportunityInvitationsInput) => invite.mutateAsync({ opportunityId, input });
  const invited = (message: string) => {
    setAdding(undefined);
    notifications.show({ color: 'success', title: 'Invited', message });
  };

  const columns: DataTableColumn<OpportunityInvitation>[] = [
    {
      key: 'invitee',
      header: 'Invited',
      render: (row) => {
        const href = row.client_group
          ? recordPath('client_group', row.client_group.id)
          : row.investor && recordPath('investor', row.investor.id);
        const name = nameOf(row);
        return (
          <div>
            {href && mayOpen.investor ? (
              <Anchor component={Link} to={href} size="sm" fw={600}>
                {name}
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                {name}
              </Text>
            )}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.client_group ? plural(row.client_group.members_count, 'member') : row.investor?.email}
            </Text>
          </div>
        );
      },
    },
    {
      key: 'kind',
      header: 'Kind',
      visibleFrom: 'sm',
      render: (row) => (
        <Badge variant="light" color={row.client_group ? 'grape' : 'blue'}>
          {row.client_group ? 'Client group' : 'Investor'}
        </Badge>
      ),
    },
    {
      key: 'created_at',
      header: 'Invited on',
      nowrap: true,
      visibleFrom: 'sm',
      render: (row) => (
        <div>
          <Text size="sm">{formatDate(row.created_at)}</Text>
          {row.invited_by && (
            <Text size="xs" c="dimmed">
              by {row.invited_by.name}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'notified_at',
      header: 'Notified',
      nowrap: true,
      render: (row) =>
        row.notified_at ? (
          formatDate(row.notified_at)
        ) : (
          <Text size="sm" c="dimmed">
            Not yet
          </Text>
        ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (row: OpportunityInvitation) => (
              <Tooltip label="Withdraw">
                <ActionIcon
                  variant="subtle"
                  color="danger"
                  aria-label={`Withdraw the invitation of ${nameOf(row)}`}
                  onClick={() => setRemoving(row)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <RecordSection
      title="Invitations"
      description={`Only ${internal} opportunities use invitations: they are offered to these investors and client groups alone. Each investor is notified once, when it goes ${internal} or, if it already is, when invited.`}
      actions={
        canEdit && (
          <>
            <Button
              size="sm"
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => setAdding('investor')}
            >
              Invite investor
            </Button>
            <Button
              size="sm"
              variant="light"
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              onClick={() => setAdding('group')}
            >
              Invite client group
            </Button>
          </>
        )
      }
    >
      {isError ? (
        <ListLoadError error={error} />
      ) : (
        <DataTable
          caption="Invitations"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={isPending}
          skeletonRows={2}
          empty={
            <ListEmptyState
              plural="invitations"
              icon={<IconMailForward size={28} aria-hidden />}
              filtered={false}
              onClearFilters={() => undefined}
              description={
                canEdit
                  ? 'Invite investors or client groups to offer them this opportunity.'
                  : 'Nobody is invited yet.'
              }
            />
          }
        />
      )}
      {rows && rows.length > 0 && rows.every((row) => row.notified_at === null) && (
        <Alert variant="light" color="gray">
          Nobody has been notified yet: they will be when the opportunity goes {internal}.
        </Alert>
      )}

      <AddLinkedPersonModal
        opened={adding === 'investor'}
        onClose={() => setAdding(undefined)}
        onAdded={() => invited('The investor is invited.')}
        title="Invite an investor"
        submitLabel="Invite investor"
        choosePerson="Choose the investor to invite."
        initialValues={{}}
        fields={() => null}
        schema={createOpportunityInvitationsInputSchema}
        payloadOf={(userId): CreateOpportunityInvitationsInput => ({ user_ids: [userId] })}
        submit={send}
      />
      <InviteGroupModal
        opened={adding === 'group'}
        onClose={() => setAdding(undefined)}
        submit={(groupId) => send({ client_group_ids: [groupId] })}
        onInvited={() => invited('The client group is invited.')}
        invited={(rows ?? []).flatMap((row) => (row.client_group ? [row.client_group.id] : []))}
      />
      <ConfirmModal
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Withdraw invitation"
        confirmLabel="Withdraw"
        danger
        onConfirm={async () => {
          if (!removing) return;
          await withdraw.mutateAsync({ opportunityId, invitationId: removing.id });
          notifications.show({
            color: 'success',
            title: 'Invitation withdrawn',
            message: `${nameOf(removing)} is no longer invited.`,
          });
        }}
      >
        Withdraw the invitation of <strong>{removing && nameOf(removing)}</strong>? While the opportunity is{' '}
        {internal}, {removing?.client_group ? 'its members' : 'they'} no longer see it (unless invited another
        way). A notification already sent is not taken back.
      </ConfirmModal>
    </RecordSection>
  );
}
