import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createNomineeClientInputSchema, type CreateNomineeClientInput } from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { PersonPicker } from '../../../components/records/person-picker';
import { MODAL_SIZES } from '../../../theme/theme';

interface Values extends Record<string, unknown> {
  user_id: string | null;
  designation: string;
}

const validatePayload = zodResolver(createNomineeClientInputSchema);
const payloadOf = (values: Values): CreateNomineeClientInput => {
  const designation = values.designation.trim();
  return { user_id: Number(values.user_id), ...(designation ? { designation } : {}) };
};

interface AddClientModalProps {
  nomineeName: string;
  opened: boolean;
  onClose: () => void;
  /** POST /api/nominees/{id}/clients */
  submit: (input: CreateNomineeClientInput) => Promise<unknown>;
  onAdded: () => void;
}

/** The nominee acts for another investor: find them, and give the nominee's designation for them. */
export function AddClientModal({ nomineeName, opened, onClose, submit, onAdded }: AddClientModalProps) {
  const form = useForm<Values>({
    initialValues: { user_id: null, designation: '' },
    validate: (values) =>
      values.user_id ? validatePayload(payloadOf(values)) : { user_id: 'Choose the investor it acts for.' },
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
    <Modal opened={opened} onClose={close} title={`Add a client of ${nomineeName}`} size={MODAL_SIZES.choice}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PersonPicker
            kind="investor"
            label="Investor"
            required
            autoFocus
            {...form.getInputProps('user_id')}
          />
          <TextInput
            label="Designation"
            description="The nominee's account reference for this investor, if any."
            maxLength={100}
            {...form.getInputProps('designation')}
          />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Add client
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
