import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  createInvestorInputSchema,
  type ClientType,
  type CreateInvestorInput,
  type Investor,
} from '@portico/contracts';
import { useEffect } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useUser } from '../../../lib/session';
import { useLeadStatusOptions } from '../../lead-statuses/api/get-lead-statuses';

export interface CreateValues extends Record<string, unknown> {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  client_type: string | null;
  lead_status_id: string | null;
  owner_id: string | null;
  source: string;
  send_invitation: boolean;
}

export const CLIENT_TYPE_OPTIONS = CLIENT_TYPES.map((value) => ({ value, label: CLIENT_TYPE_LABELS[value] }));

const idOrNull = (value: string | null) => (value ? Number(value) : null);

/** What POST /api/investors takes: selects' strings as ids, empty optional fields left out. */
export function toCreatePayload(values: CreateValues): CreateInvestorInput {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: text(values.phone),
    client_type: (values.client_type as ClientType | null) ?? undefined,
    lead_status_id: idOrNull(values.lead_status_id) ?? undefined,
    owner_id: idOrNull(values.owner_id) ?? undefined,
    source: text(values.source),
    send_invitation: values.send_invitation,
  };
}

const validatePayload = zodResolver(createInvestorInputSchema);

interface InvestorCreateFormProps {
  /** POST /api/investors */
  submit: (input: CreateInvestorInput) => Promise<Investor>;
  onCreated: (investor: Investor, invited: boolean) => void;
  onCancel: () => void;
  /** the singular term, for the invitation's wording */
  investorWord: string;
}

/** A new investor: who they are, how they are classed, who looks after them, and whether to invite them. */
export function InvestorCreateForm({ submit, onCreated, onCancel, investorWord }: InvestorCreateFormProps) {
  const user = useUser();
  const leadStatuses = useLeadStatusOptions();
  const staff = useStaffOptions();
  const form = useForm<CreateValues>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      client_type: null,
      lead_status_id: null,
      owner_id: String(user.id),
      source: '',
      send_invitation: true,
    },
    validate: (values) => validatePayload(toCreatePayload(values)),
  });

  // The default lead status is known once the statuses load; it fills the field unless someone chose one.
  const defaultStatus = leadStatuses.defaultId;
  useEffect(() => {
    if (defaultStatus !== undefined && !form.isTouched('lead_status_id') && !form.getValues().lead_status_id)
      form.setFieldValue('lead_status_id', String(defaultStatus));
    // `form` is stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultStatus]);

  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(toCreatePayload(values)),
    onSuccess: (investor, values) => onCreated(investor, values.send_invitation),
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="First name"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('first_name')}
          />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('last_name')} />
          <TextInput
            label="Email address"
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput label="Phone" type="tel" description="Optional." {...form.getInputProps('phone')} />
          <Select
            label="Client type"
            placeholder="Not set"
            data={CLIENT_TYPE_OPTIONS}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('client_type')}
          />
          <Select
            label="Lead status"
            placeholder={leadStatuses.options.length === 0 ? 'No lead statuses yet' : 'None'}
            data={leadStatuses.options}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('lead_status_id')}
          />
          <Select
            label="Owner"
            description="The colleague who looks after them."
            data={staff.options}
            searchable
            clearable
            placeholder="Nobody"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('owner_id')}
          />
          <TextInput
            label="Source"
            description="Optional: how they found you, e.g. Referral, Event."
            maxLength={100}
            {...form.getInputProps('source')}
          />
        </SimpleGrid>
        <Switch
          label="Send an invitation email"
          description={`The ${investorWord} gets an email with a link to set their password and sign in.`}
          {...form.getInputProps('send_invitation', { type: 'checkbox' })}
        />
        <FormError message={formError} />
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            Add {investorWord}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
