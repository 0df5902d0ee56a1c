import { ActionIcon, Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Investor } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import {
  IconDots,
  IconKey,
  IconMailForward,
  IconPencil,
  IconPlayerPlay,
  IconTrash,
  IconUserOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useDeleteInvestor, useInvestorCommand, type InvestorCommand } from '../api/investor-actions';
import { DeleteInvestorModal } from './delete-investor-modal';

type Command = InvestorCommand | 'delete';

/** The commands a role may run on an investor in their current state (spec §6). */
export function investorCommands(roleId: number, investor: Pick<Investor, 'status'>): Command[] {
  const commands: Command[] = [];
  const deactivated = investor.status === 'deactivated';
  if (investor.status === 'invited' && can(roleId, 'investors', 'update')) commands.push('resend-invitation');
  if (investor.status === 'active' && can(roleId, 'investors_password', 'update'))
    commands.push('password-reset');
  if (deactivated && can(roleId, 'investors', 'update')) commands.push('restore');
  if (!deactivated && can(roleId, 'investors', 'delete')) commands.push('deactivate');
  if (can(roleId, 'investors', 'delete_unsafe')) commands.push('delete');
  return commands;
}

const LABELS: Record<Command, string> = {
  'resend-invitation': 'Resend invitation',
  'password-reset': 'Send password reset',
  restore: 'Reactivate',
  deactivate: 'Deactivate',
  delete: 'Delete permanently',
};

const ICONS: Record<Command, typeof IconDots> = {
  'resend-invitation': IconMailForward,
  'password-reset': IconKey,
  restore: IconPlayerPlay,
  deactivate: IconUserOff,
  delete: IconTrash,
};

/** Edit, and a menu of the rest: each by permission, the risky ones after a confirmation. */
export function InvestorHeaderActions({ investor }: { investor: Investor }) {
  const user = useUser();
  const terminology = useTerminology();
  const navigate = useNavigate();
  const command = useInvestorCommand();
  const erase = useDeleteInvestor();
  const [asking, setAsking] = useState<Command>();
  const commands = investorCommands(user.role_id, investor);
  const mayEdit = can(user.role_id, 'investors', 'update');
  const investorWord = inSentence(terminology.investor);

  const send = async (kind: 'resend-invitation' | 'password-reset') => {
    try {
      await command.mutateAsync({ id: investor.id, command: kind });
      notifications.show({
        color: 'success',
        title: kind === 'resend-invitation' ? 'Invitation sent again' : 'Password reset sent',
        message: `An email is on its way to ${investor.email}.`,
      });
    } catch (caught) {
      notifications.show({
        color: 'danger',
        title: 'The email was not sent',
        message: isApiError(caught) && !caught.unanswered ? caught.message : 'Please try again.',
      });
    }
  };

  const choose = (chosen: Command) => {
    if (chosen === 'resend-invitation' || chosen === 'password-reset') void send(chosen);
    else setAsking(chosen);
  };

  return (
    <>
      {mayEdit && (
        <Button
          component={Link}
          to={ADMIN_SCREENS.investorEdit.path.replace(':id', String(investor.id))}
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          Edit
        </Button>
      )}
      {commands.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label="More actions">
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {commands.map((item) => {
              const Icon = ICONS[item];
              return (
                <Menu.Item
                  key={item}
                  color={item === 'delete' || item === 'deactivate' ? 'danger' : undefined}
                  leftSection={<Icon size={16} aria-hidden />}
                  onClick={() => choose(item)}
                >
                  {LABELS[item]}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      )}

      <ConfirmModal
        opened={asking === 'deactivate'}
        onClose={() => setAsking(undefined)}
        title={`Deactivate ${investor.name}`}
        confirmLabel="Deactivate"
        danger
        onConfirm={async () => {
          await command.mutateAsync({ id: investor.id, command: 'deactivate' });
          notifications.show({
            color: 'success',
            title: 'Deactivated',
            message: `${investor.name} can no longer sign in.`,
          });
        }}
      >
        Deactivate <strong>{investor.name}</strong> ({investor.email})? They are signed out and cannot sign in
        until reactivated. Everything recorded about them is kept.
      </ConfirmModal>
      <ConfirmModal
        opened={asking === 'restore'}
        onClose={() => setAsking(undefined)}
        title={`Reactivate ${investor.name}`}
        confirmLabel="Reactivate"
        onConfirm={async () => {
          await command.mutateAsync({ id: investor.id, command: 'restore' });
          notifications.show({
            color: 'success',
            title: 'Reactivated',
            message: `${investor.name} can sign in again.`,
          });
        }}
      >
        Reactivate <strong>{investor.name}</strong>? They can sign in again with their password.
      </ConfirmModal>
      <DeleteInvestorModal
        investor={investor}
        investorWord={investorWord}
        opened={asking === 'delete'}
        onClose={() => setAsking(undefined)}
        onDelete={async () => {
          await erase.mutateAsync(investor.id);
          notifications.show({
            color: 'success',
            title: 'Deleted permanently',
            message: `${investor.name} and everything recorded about them were erased.`,
          });
          void navigate(ADMIN_SCREENS.investors.path, { replace: true });
        }}
      />
    </>
  );
}
