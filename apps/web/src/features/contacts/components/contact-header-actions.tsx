import { List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Contact } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { useNavigate } from 'react-router';
import { RecordHeaderActions } from '../../../components/records/record-header-actions';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useUser } from '../../../lib/session';
import { useDeleteContact } from '../api/delete-contact';

/** Edit, and Delete after a confirmation: each only when the role may (spec §6). */
export function ContactHeaderActions({ contact }: { contact: Contact }) {
  const user = useUser();
  const navigate = useNavigate();
  const remove = useDeleteContact();
  return (
    <RecordHeaderActions
      editHref={
        can(user.role_id, 'investors', 'update')
          ? ADMIN_SCREENS.contactEdit.path.replace(':id', String(contact.id))
          : undefined
      }
      deletion={
        can(user.role_id, 'investors', 'delete')
          ? {
              title: `Delete ${contact.name}`,
              body: (
                <Stack gap="xs">
                  <Text size="sm">
                    Delete <strong>{contact.name}</strong>? This cannot be undone. With them go:
                  </Text>
                  <List size="sm" spacing={2}>
                    <List.Item>their details</List.Item>
                    <List.Item>their documents, notes, calls and tasks</List.Item>
                  </List>
                  {contact.investor && (
                    <Text size="sm">{contact.investor.name}’s investor account is not affected.</Text>
                  )}
                </Stack>
              ),
              run: async () => {
                await remove.mutateAsync(contact.id);
                notifications.show({
                  color: 'success',
                  title: 'Contact deleted',
                  message: `${contact.name} was deleted.`,
                });
                void navigate(ADMIN_SCREENS.contacts.path, { replace: true });
              },
            }
          : undefined
      }
    />
  );
}
