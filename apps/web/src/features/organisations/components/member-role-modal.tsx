import { Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  updateOrganisationMemberInputSchema,
  type OrganisationMember,
  type OrganisationRole,
} from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { ORGANISATION_ROLE_OPTIONS } from './organisation-options';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';

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
    <FormModal
      opened
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={`Change the role of ${member.investor.name}`}
      size="confirmation"
    >
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel="Save role"
        onCancel={onClose}
        submitDisabled={form.getValues().role === member.role}
      >
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
      </ModalForm>
    </FormModal>
  );
}
