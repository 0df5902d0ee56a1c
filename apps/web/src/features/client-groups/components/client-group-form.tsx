import { Stack, Textarea, TextInput } from '@mantine/core';
import {
  createClientGroupInputSchema,
  updateClientGroupInputSchema,
  type ClientGroup,
  type CreateClientGroupInput,
  type UpdateClientGroupInput,
} from '@portico/contracts';
import { useMemo } from 'react';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import {
  changedFields,
  filledFields,
  textValuesOf,
  type TextValues,
} from '../../../components/form/text-fields';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useRecordForm } from '../../../components/form/use-record-form';
import { zodResolver } from '../../../components/form/zod-resolver';

const FIELDS = ['name', 'description'] as const;
type Values = TextValues<(typeof FIELDS)[number]>;

const validateNew = zodResolver(createClientGroupInputSchema);
const validateChanges = zodResolver(updateClientGroupInputSchema);

function newPayload(values: Values): CreateClientGroupInput {
  return { ...filledFields(values, FIELDS), name: values.name.trim() };
}

type ClientGroupFormProps = {
  onSaved: (group: ClientGroup) => void;
  onCancel: () => void;
} & (
  | { group?: undefined; submit: (input: CreateClientGroupInput) => Promise<ClientGroup> }
  | { group: ClientGroup; submit: (changes: UpdateClientGroupInput) => Promise<ClientGroup> }
);

/** A new client group, or a new name and description for one. */
export function ClientGroupForm(props: ClientGroupFormProps) {
  const { onSaved, onCancel } = props;
  const editing = props.group !== undefined;
  const initial = useMemo(() => textValuesOf(props.group, FIELDS), [props.group]);
  const changesOf = (values: Values): UpdateClientGroupInput => changedFields(values, initial, FIELDS);
  const { form, onSubmit, shouldBlock, actions } = useRecordForm({
    initial,
    editing,
    validate: (values) => (editing ? validateChanges(changesOf(values)) : validateNew(newPayload(values))),
    changesOf,
    submit: (values) =>
      props.group === undefined ? props.submit(newPayload(values)) : props.submit(changesOf(values)),
    onSaved,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection
          title="Client group"
          description="A named group of investors: invite it to an internal opportunity and every member is offered it."
        >
          <TextInput label="Name" required maxLength={120} data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Description"
            description="Who is in it and why, for the staff who invite it."
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('description')}
          />
        </FormSection>
        <RecordFormActions {...actions} addLabel="Add client group" onCancel={onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
