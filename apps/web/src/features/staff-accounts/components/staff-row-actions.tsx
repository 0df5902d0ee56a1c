import { ActionIcon, Menu } from '@mantine/core';
import type { StaffAccount } from '@portico/contracts';
import { IconDots, IconMailForward, IconPlayerPlay, IconUserCog, IconUserOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type StaffRow = StaffAccount;

export interface StaffPermissions {
  update: boolean;
  delete: boolean;
  create: boolean;
}

export type RowCommand = 'change-role' | 'deactivate' | 'reactivate' | 'resend-invitation';

/** The commands a row offers: by permission, by the account's status, and never on one's own account. */
export function rowCommands(row: StaffRow, permissions: StaffPermissions, selfId: number): RowCommand[] {
  if (row.id === selfId) return [];
  const commands: RowCommand[] = [];
  const deactivated = row.status === 'deactivated';
  if (permissions.update && !deactivated) commands.push('change-role');
  if (permissions.create && row.status === 'invited') commands.push('resend-invitation');
  if (permissions.update && deactivated) commands.push('reactivate');
  if (permissions.delete && !deactivated) commands.push('deactivate');
  return commands;
}

const LABELS: Record<RowCommand, string> = {
  'change-role': 'Change role',
  'resend-invitation': 'Resend invitation',
  reactivate: 'Reactivate',
  deactivate: 'Deactivate',
};

const ICONS: Record<RowCommand, ReactNode> = {
  'change-role': <IconUserCog size={16} aria-hidden />,
  'resend-invitation': <IconMailForward size={16} aria-hidden />,
  reactivate: <IconPlayerPlay size={16} aria-hidden />,
  deactivate: <IconUserOff size={16} aria-hidden />,
};

interface StaffRowActionsProps {
  row: StaffRow;
  commands: RowCommand[];
  onCommand: (command: RowCommand, row: StaffRow) => void;
}

export function StaffRowActions({ row, commands, onCommand }: StaffRowActionsProps) {
  if (commands.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {commands.map((command) => (
          <Menu.Item
            key={command}
            leftSection={ICONS[command]}
            color={command === 'deactivate' ? 'danger' : undefined}
            onClick={() => onCommand(command, row)}
          >
            {LABELS[command]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
