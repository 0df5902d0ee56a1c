import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  updateOrganisationMemberInputSchema,
  type OrganisationMember,
  type OrganisationRole,
} from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { MODAL_SIZES } from '../../../theme/theme';
import { ORGANISATION_ROLE_OPTIONS } from './organisation-options';

interface MemberRoleModalProps {
  member: OrganisationMember;
  onClose: () => void;
  /** PATCH /api/organisations/{id}/members/{memberId} */
  submit: (role: OrganisationRole) => Promise<unknown>;
}

/** Change what a member is to the organisation. Mounted for one member at a time. */
export function MemberRoleModal({ member, onClose, submit }: MemberRoleModalProps) {
  const form = useForm<{ role: OrganisationRole }>({
    initialValues: { role: member.role },
    validate: zodResolver(updateOrganisationMemberInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(values.role),
    onSuccess: onClose,
  });

  return (
    <Modal
      opened
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={`Change the role of ${member.investor.name}`}
      size={MODAL_SIZES.confirmation}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {member.investor.email}
          </Text>
          <Select
            label="Role"
            data={ORGANISATION_ROLE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
            {...form.getInputProps('role')}
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} disabled={form.getValues().role === member.role}>
              Save role
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
