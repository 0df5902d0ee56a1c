import { useForm, type UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useServerForm } from '../form/use-server-form';
import { zodResolver, type ValidatingSchema } from '../form/zod-resolver';
import { PersonPicker } from './person-picker';
import { dialogCloser, FormModal, ModalForm } from '../modals/form-modal';

/** The add form's values: the investor picked, and what the link says about them (role, designation). */
export type LinkedPersonValues<Extra> = Extra & { user_id: string | null };

export interface AddLinkedPersonModalProps<Extra extends Record<string, unknown>, Input> {
  opened: boolean;
  onClose: () => void;
  onAdded: () => void;
  /** "Add a member to Acme Holdings" */
  title: string;
  /** "Add member" */
  submitLabel: string;
  /** the error when no investor is chosen: "Choose the investor to link." */
  choosePerson: string;
  /** the starting values of the fields after the investor */
  initialValues: Extra;
  /** the fields after the investor */
  fields: (form: UseFormReturnType<LinkedPersonValues<Extra>>) => ReactNode;
  /** the contract's input schema, checked before sending */
  schema: ValidatingSchema;
  payloadOf: (userId: number, values: Extra) => Input;
  /** POST the link */
  submit: (input: Input) => Promise<unknown>;
}

/** Link an investor to a record: find them by name or email, and say what they are to it. */
export function AddLinkedPersonModal<Extra extends Record<string, unknown>, Input>({
  opened,
  onClose,
  onAdded,
  title,
  submitLabel,
  choosePerson,
  initialValues,
  fields,
  schema,
  payloadOf,
  submit,
}: AddLinkedPersonModalProps<Extra, Input>) {
  const payload = (values: LinkedPersonValues<Extra>) => payloadOf(Number(values.user_id), values);
  const form = useForm<LinkedPersonValues<Extra>>({
    initialValues: { ...initialValues, user_id: null },
    validate: (values) => (values.user_id ? zodResolver(schema)(payload(values)) : { user_id: choosePerson }),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(payload(values)),
    onSuccess: () => {
      form.reset();
      onAdded();
    },
  });
  const close = dialogCloser(form, { submitting, setFormError }, onClose);

  return (
    <FormModal opened={opened} onClose={close} title={title}>
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel={submitLabel}
        onCancel={() => close()}
      >
        <PersonPicker
          kind="investor"
          label="Investor"
          required
          autoFocus
          {...form.getInputProps('user_id')}
        />
        {fields(form)}
      </ModalForm>
    </FormModal>
  );
}
