import { Alert, Button, Paper } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { can } from '@portico/contracts/constants';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { useListParams } from '../../../components/data-table/use-list-params';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { isStaffStatus, useStaffAccounts } from '../api/get-staff-accounts';
import type { StaffAccountListParams } from '../api/staff-account-keys';
import { useStaffAccountAction } from '../api/staff-account-actions';
import { ChangeRoleModal } from '../components/change-role-modal';
import { InviteStaffModal } from '../components/invite-staff-modal';
import { StaffAccountsFilters } from '../components/staff-accounts-filters';
import { StaffAccountsTable } from '../components/staff-accounts-table';
import { rowCommands, type RowCommand, type StaffRow } from '../components/staff-row-actions';

const LIST_KEYS = ['search', 'role', 'status', 'sort'] as const;
const DEFAULT_SORT = 'name';

function errorText(error: unknown): string {
  return isApiError(error) && !error.unanswered ? error.message : 'Something went wrong. Please try again.';
}

/** Settings → account → admin accounts: every staff account, with invite, role, (de)activation. */
export function StaffAccountsPage() {
  const user = useUser();
  const { values, page, update } = useListParams(LIST_KEYS);
  const [inviteOpened, invite] = useDisclosure(false);
  const [roleTarget, setRoleTarget] = useState<StaffRow>();
  const [deactivateTarget, setDeactivateTarget] = useState<StaffRow>();
  const action = useStaffAccountAction();

  const permissions = useMemo(
    () => ({
      create: can(user.role_id, 'user', 'create'),
      update: can(user.role_id, 'user', 'update'),
      delete: can(user.role_id, 'user', 'delete'),
    }),
    [user.role_id],
  );

  const roleId = Number(values.role);
  const params: StaffAccountListParams = {
    search: values.search,
    roleId: Number.isInteger(roleId) && roleId > 0 ? roleId : undefined,
    status: isStaffStatus(values.status) ? values.status : undefined,
    sort: values.sort || DEFAULT_SORT,
    page,
  };
  const { data, isPending, isFetching, isError, error } = useStaffAccounts(params);
  const filtered = Boolean(params.search || params.roleId || params.status);

  const runAction = useCallback(
    async (row: StaffRow, kind: 'reactivate' | 'resend-invitation') => {
      try {
        const account = await action.mutateAsync({ id: row.id, action: kind });
        notifications.show({
          color: 'success',
          title: kind === 'reactivate' ? 'Account reactivated' : 'Invitation sent again',
          message:
            kind === 'reactivate'
              ? `${account.name} can log in again.`
              : `A new invitation email is on its way to ${account.email}.`,
        });
      } catch (caught) {
        notifications.show({ color: 'danger', title: 'That did not work', message: errorText(caught) });
      }
    },
    [action],
  );

  const onCommand = useCallback(
    (command: RowCommand, row: StaffRow) => {
      if (command === 'change-role') setRoleTarget(row);
      else if (command === 'deactivate') setDeactivateTarget(row);
      else void runAction(row, command);
    },
    [runAction],
  );

  return (
    <>
      <PageHeader
        title="Admin accounts"
        description="Everyone who can sign in to the back office, and what their role lets them do."
        actions={
          permissions.create && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={invite.open}>
              Invite staff member
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <StaffAccountsFilters
          search={values.search}
          role={values.role}
          status={values.status}
          onChange={(changes) => update(changes)}
        />
        {isError ? (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The accounts could not be loaded. {errorText(error)}
          </Alert>
        ) : (
          <>
            <StaffAccountsTable
              rows={data?.data}
              loading={isPending || isFetching}
              sort={params.sort}
              onSortChange={(sort) => update({ sort: sort === DEFAULT_SORT ? null : sort })}
              selfId={user.id}
              commandsFor={(row) => rowCommands(row, permissions, user.id)}
              onCommand={onCommand}
              filtered={filtered}
            />
            <ListPagination
              meta={data?.meta}
              noun={{ one: 'account', many: 'accounts' }}
              onPageChange={(next) => update({ page: next })}
            />
          </>
        )}
      </Paper>

      {permissions.create && <InviteStaffModal opened={inviteOpened} onClose={invite.close} />}
      <ChangeRoleModal account={roleTarget} onClose={() => setRoleTarget(undefined)} />
      <ConfirmModal
        opened={deactivateTarget !== undefined}
        onClose={() => setDeactivateTarget(undefined)}
        title="Deactivate account"
        confirmLabel="Deactivate"
        danger
        onConfirm={async () => {
          if (!deactivateTarget) return;
          const account = await action.mutateAsync({ id: deactivateTarget.id, action: 'deactivate' });
          notifications.show({
            color: 'success',
            title: 'Account deactivated',
            message: `${account.name} can no longer log in.`,
          });
        }}
      >
        Deactivate <strong>{deactivateTarget?.name}</strong> ({deactivateTarget?.email})? They will be signed
        out everywhere and will not be able to log in until the account is reactivated.
      </ConfirmModal>
    </>
  );
}
