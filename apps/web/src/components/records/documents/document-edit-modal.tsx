import { Autocomplete, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Document } from '@portico/contracts';
import { useChangeDocument } from '../../../lib/records/change-document';
import type { RecordRef } from '../../../lib/records/record-keys';
import { useServerForm } from '../../form/use-server-form';
import { DOCUMENT_CATEGORY_SUGGESTIONS } from './document-rules';
import { FormModal, ModalForm } from '../../modals/form-modal';

interface EditValues extends Record<string, unknown> {
  name: string;
  category: string;
  visibility: 'public' | 'private';
}

function EditDocumentForm({
  record,
  document,
  publicDescription,
  onDone,
}: {
  record: RecordRef;
  document: Document;
  publicDescription: string;
  onDone: () => void;
}) {
  const { mutateAsync } = useChangeDocument(record);
  const form = useForm<EditValues>({
    initialValues: {
      name: document.name,
      category: document.category ?? '',
      visibility: document.visibility,
    },
    validate: {
      name: (value) => (value.trim() === '' ? 'The name field is required.' : null),
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      mutateAsync({
        documentId: document.id,
        changes: {
          name: values.name.trim(),
          category: values.category.trim() === '' ? null : values.category.trim(),
          visibility: values.visibility,
        },
      }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: 'Document saved',
        message: `${saved.name} is up to date.`,
      });
      onDone();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Save document"
      onCancel={onDone}
    >
      <TextInput label="Name" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
      <Autocomplete
        label="Category"
        description="Optional."
        data={DOCUMENT_CATEGORY_SUGGESTIONS}
        maxLength={80}
        {...form.getInputProps('category')}
      />
      <Radio.Group label="Who can see it" {...form.getInputProps('visibility')}>
        <Stack gap="xs" mt="xs">
          <Radio
            value="private"
            label="Private"
            description="Admin only: staff see it, never the investor."
          />
          <Radio value="public" label="Public" description={publicDescription} />
        </Stack>
      </Radio.Group>
    </ModalForm>
  );
}

/** Rename a document, file it under a category, or change who sees it. */
export function DocumentEditModal({
  record,
  document,
  publicDescription,
  onClose,
}: {
  record: RecordRef;
  document: Document | undefined;
  publicDescription: string;
  onClose: () => void;
}) {
  return (
    <FormModal opened={document !== undefined} onClose={onClose} title="Edit document">
      {document && (
        <EditDocumentForm
          record={record}
          document={document}
          publicDescription={publicDescription}
          onDone={onClose}
        />
      )}
    </FormModal>
  );
}
