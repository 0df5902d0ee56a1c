import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { updateStaffInputSchema, type StaffAccount } from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useRoleName } from '../../../lib/terminology';
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
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Save role"
      onCancel={onDone}
    >
      <Text size="sm">
        Choose what <strong>{account.name}</strong> may see and do. The change applies from their next page
        load.
      </Text>
      <StaffRoleSelect label="Role" required data-autofocus {...form.getInputProps('role_id')} />
    </ModalForm>
  );
}

export function ChangeRoleModal({ account, onClose }: { account: Account | undefined; onClose: () => void }) {
  return (
    <FormModal opened={account !== undefined} onClose={onClose} title="Change role">
      {account && <ChangeRoleForm account={account} onDone={onClose} />}
    </FormModal>
  );
}
