import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateStaffInputSchema, type StaffAccount } from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useRoleName } from '../../../lib/terminology';
import { MODAL_SIZES } from '../../../theme/theme';
import { useUpdateStaffAccount } from '../api/update-staff-account';
import { StaffRoleSelect } from './staff-role-select';

type Account = Pick<StaffAccount, 'id' | 'name' | 'role_id'>;

interface RoleValues extends Record<string, unknown> {
  role_id: string | null;
}

function ChangeRoleForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { mutateAsync } = useUpdateStaffAccount();
  const roleName = useRoleName();
  const form = useForm<RoleValues>({
    initialValues: { role_id: String(account.role_id) },
    validate: zodResolver(updateStaffInputSchema.required({ role_id: true })),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => mutateAsync({ id: account.id, input: updateStaffInputSchema.parse(values) }),
    onSuccess: (updated) => {
      notifications.show({
        color: 'success',
        title: 'Role changed',
        message: `${updated.name} is now ${roleName(updated.role_id)}.`,
      });
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">
          Choose what <strong>{account.name}</strong> may see and do. The change applies from their next page
          load.
        </Text>
        <StaffRoleSelect label="Role" required data-autofocus {...form.getInputProps('role_id')} />
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangeRoleModal({ account, onClose }: { account: Account | undefined; onClose: () => void }) {
  return (
    <Modal opened={account !== undefined} onClose={onClose} title="Change role" size={MODAL_SIZES.choice}>
      {account && <ChangeRoleForm account={account} onDone={onClose} />}
    </Modal>
  );
}
