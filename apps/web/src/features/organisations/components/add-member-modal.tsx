import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createOrganisationMemberInputSchema,
  type CreateOrganisationMemberInput,
  type OrganisationRole,
} from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { PersonPicker } from '../../../components/records/person-picker';
import { MODAL_SIZES } from '../../../theme/theme';
import { ORGANISATION_ROLE_OPTIONS } from './organisation-options';

interface Values extends Record<string, unknown> {
  user_id: string | null;
  role: OrganisationRole;
}

const validatePayload = zodResolver(createOrganisationMemberInputSchema);
const payloadOf = (values: Values): CreateOrganisationMemberInput => ({
  user_id: Number(values.user_id),
  role: values.role,
});

interface AddMemberModalProps {
  organisationName: string;
  opened: boolean;
  onClose: () => void;
  /** POST /api/organisations/{id}/members */
  submit: (input: CreateOrganisationMemberInput) => Promise<unknown>;
  onAdded: () => void;
}

/** Link an investor to the organisation: find them by name or email, say what they are to it. */
export function AddMemberModal({ organisationName, opened, onClose, submit, onAdded }: AddMemberModalProps) {
  const form = useForm<Values>({
    initialValues: { user_id: null, role: 'member' },
    validate: (values) =>
      values.user_id ? validatePayload(payloadOf(values)) : { user_id: 'Choose the investor to link.' },
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(payloadOf(values)),
    onSuccess: () => {
      form.reset();
      onAdded();
    },
  });
  const close = () => {
    if (submitting) return;
    form.reset();
    setFormError(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Add a member to ${organisationName}`}
      size={MODAL_SIZES.choice}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PersonPicker
            kind="investor"
            label="Investor"
            required
            autoFocus
            {...form.getInputProps('user_id')}
          />
          <Select
            label="Role"
            description="What they are to the organisation."
            data={ORGANISATION_ROLE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Add member
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
