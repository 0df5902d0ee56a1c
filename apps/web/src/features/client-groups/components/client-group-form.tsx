import { Stack, Textarea, TextInput } from '@mantine/core';
import {
  createClientGroupInputSchema,
  updateClientGroupInputSchema,
  type ClientGroup,
  type CreateClientGroupInput,
  type UpdateClientGroupInput,
} from '@portico/contracts';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useTextRecordForm, type TextRecordFormProps } from '../../../components/form/use-text-record-form';

const FIELDS = ['name', 'description'] as const;
const SCHEMAS = { create: createClientGroupInputSchema, update: updateClientGroupInputSchema };

/** A new client group, or a new name and description for one. */
export function ClientGroupForm(
  props: TextRecordFormProps<ClientGroup, CreateClientGroupInput, UpdateClientGroupInput>,
) {
  const { input, onSubmit, shouldBlock, actions } = useTextRecordForm({
    props,
    fields: FIELDS,
    schemas: SCHEMAS,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection
          title="Client group"
          description="A named group of investors: invite it to an internal opportunity and every member is offered it."
        >
          <TextInput label="Name" maxLength={120} data-autofocus {...input('name')} />
          <Textarea
            label="Description"
            description="Who is in it and why, for the staff who invite it."
            autosize
            minRows={2}
            maxLength={1000}
            {...input('description')}
          />
        </FormSection>
        <RecordFormActions {...actions} addLabel="Add client group" onCancel={props.onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
