import { SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createInvestmentMethodEntityInputSchema,
  updateInvestmentMethodEntityInputSchema,
  type CreateInvestmentMethodEntityInput,
  type EntityHolderType,
  type EntityStatus,
  type InvestmentMethod,
  type InvestmentMethodEntity,
  type UpdateInvestmentMethodEntityInput,
} from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { PersonPicker } from '../../../components/records/person-picker';
import type { PersonOption } from '../../../lib/records/people-options';
import { ENTITY_STATUS_OPTIONS } from './investment-method-options';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';

interface Values extends Record<string, unknown> {
  holder_type: EntityHolderType;
  user_id: string | null;
  contact_id: string | null;
  name: string;
  account_reference: string;
  status: EntityStatus;
}

const validateNew = zodResolver(createInvestmentMethodEntityInputSchema);
const validateChanges = zodResolver(updateInvestmentMethodEntityInputSchema);

/** What POST /api/investment-methods/{id}/entities takes: the chosen holder's id, not the other's. */
function newPayload(values: Values): CreateInvestmentMethodEntityInput {
  const reference = values.account_reference.trim();
  return {
    ...(values.holder_type === 'investor'
      ? { user_id: values.user_id ? Number(values.user_id) : null }
      : { contact_id: values.contact_id ? Number(values.contact_id) : null }),
    name: values.name.trim(),
    ...(reference ? { account_reference: reference } : {}),
    status: values.status,
  };
}

/** What PATCH /api/investment-method-entities/{id} takes: only what changed; "" clears the reference. */
function changesOf(values: Values, entity: InvestmentMethodEntity): UpdateInvestmentMethodEntityInput {
  const changes: UpdateInvestmentMethodEntityInput = {};
  if (values.name.trim() !== entity.name) changes.name = values.name.trim();
  if (values.account_reference.trim() !== (entity.account_reference ?? ''))
    changes.account_reference = values.account_reference.trim();
  if (values.status !== entity.status) changes.status = values.status;
  return changes;
}

/** The schema asks for a holder on user_id; with a contact to choose, the message belongs on its picker. */
function newErrors(values: Values) {
  const errors = validateNew(newPayload(values));
  if (values.holder_type === 'contact' && errors.user_id && !errors.contact_id) {
    const { user_id: message, ...rest } = errors;
    return { ...rest, contact_id: message };
  }
  return errors;
}

type EntityFormModalProps = {
  method: Pick<InvestmentMethod, 'name' | 'type'>;
  onClose: () => void;
  onSaved: (entity: InvestmentMethodEntity) => void;
} & (
  | {
      entity?: undefined;
      submit: (input: CreateInvestmentMethodEntityInput) => Promise<InvestmentMethodEntity>;
    }
  | {
      entity: InvestmentMethodEntity;
      submit: (changes: UpdateInvestmentMethodEntityInput) => Promise<InvestmentMethodEntity>;
    }
);

/**
 * An investor's or a contact's account with the method ("J. Smith SIPP at Provider X"), or the changes to
 * one. Mounted while open; the holder of an existing account cannot change.
 */
export function EntityFormModal(props: EntityFormModalProps) {
  const { method, onClose, onSaved, entity } = props;
  const form = useForm<Values>({
    initialValues: {
      holder_type: entity?.holder?.type ?? 'investor',
      user_id: null,
      contact_id: null,
      name: entity?.name ?? '',
      account_reference: entity?.account_reference ?? '',
      status: entity?.status ?? 'pending',
    },
    validate: (values) => (entity ? validateChanges(changesOf(values, entity)) : newErrors(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      props.entity === undefined
        ? props.submit(newPayload(values))
        : props.submit(changesOf(values, props.entity)),
    onSuccess: onSaved,
  });
  const close = () => {
    if (!submitting) onClose();
  };
  const values = form.getValues();
  // A name to start from, until someone types their own: "Olivia Carter SIPP".
  const suggestName = (person: PersonOption | null) => {
    if (person && !form.isTouched('name') && values.name.trim() === '')
      form.setFieldValue('name', `${person.name} ${method.name}`.slice(0, 200));
  };
  const unchanged = entity !== undefined && Object.keys(changesOf(values, entity)).length === 0;

  return (
    <FormModal
      opened
      onClose={close}
      title={entity ? `Edit ${entity.name}` : `Add an account with ${method.name}`}
    >
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel={entity ? 'Save changes' : 'Add account'}
        onCancel={close}
        submitDisabled={unchanged}
      >
        {entity ? (
          <Text size="sm">
            Held by <strong>{entity.holder?.name ?? 'nobody'}</strong>
            {entity.holder?.type === 'contact' ? ' (contact)' : ''}
          </Text>
        ) : (
          <>
            <SegmentedControl
              aria-label="Whose account"
              data={[
                { value: 'investor', label: 'An investor' },
                { value: 'contact', label: 'A contact' },
              ]}
              {...form.getInputProps('holder_type')}
            />
            {values.holder_type === 'investor' ? (
              <PersonPicker
                key="investor"
                kind="investor"
                label="Investor"
                required
                onPersonChange={suggestName}
                {...form.getInputProps('user_id')}
              />
            ) : (
              <PersonPicker
                key="contact"
                kind="contact"
                label="Contact"
                required
                onPersonChange={suggestName}
                {...form.getInputProps('contact_id')}
              />
            )}
          </>
        )}
        <TextInput
          label="Account name"
          description="How the account is known, e.g. Olivia Carter SIPP."
          required
          maxLength={200}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Account reference"
          description="The provider's reference for it, if any."
          maxLength={100}
          {...form.getInputProps('account_reference')}
        />
        <Select
          label="Status"
          data={ENTITY_STATUS_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('status')}
        />
      </ModalForm>
    </FormModal>
  );
}
