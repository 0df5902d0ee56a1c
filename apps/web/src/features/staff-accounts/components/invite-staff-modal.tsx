import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { inviteStaffInputSchema } from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useInviteStaffAccount } from '../api/invite-staff-account';
import { StaffRoleSelect } from './staff-role-select';

interface InviteValues extends Record<string, unknown> {
  name: string;
  email: string;
  role_id: string | null;
}

const EMPTY: InviteValues = { name: '', email: '', role_id: null };

const validateInvite = zodResolver(inviteStaffInputSchema);

/** The contract calls a missing role "invalid"; for a person, "choose one" says what to do. */
function validate(values: InviteValues) {
  const errors = validateInvite(values);
  return values.role_id ? errors : { ...errors, role_id: 'Choose a role.' };
}

function InviteStaffForm({ onDone }: { onDone: () => void }) {
  const { mutateAsync } = useInviteStaffAccount();
  const form = useForm<InviteValues>({ initialValues: EMPTY, validate });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => mutateAsync(inviteStaffInputSchema.parse(values)),
    onSuccess: (account) => {
      notifications.show({
        color: 'success',
        title: 'Invitation sent',
        message: `${account.name} has been invited and will receive an email to set their password.`,
      });
      onDone();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Send invitation"
      onCancel={onDone}
    >
      <TextInput label="Full name" required data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Email address" type="email" required {...form.getInputProps('email')} />
      <StaffRoleSelect label="Role" placeholder="Choose a role" required {...form.getInputProps('role_id')} />
    </ModalForm>
  );
}

/** Invite a staff member: name, email and role; they get an email with a set-password link. */
export function InviteStaffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Invite a staff member">
      <InviteStaffForm onDone={onClose} />
    </FormModal>
  );
}
