import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CLASSIFICATION_LISTS,
  classificationChangesSchema,
  type ClassificationEntry,
  type ClassificationKind,
} from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { atSentenceStart } from '../../../lib/terminology';
import { useCreateClassification, useRenameClassification } from '../api/classifications';

interface Values extends Record<string, unknown> {
  name: string;
}

function ClassificationForm({
  kind,
  entry,
  parentId,
  onDone,
}: {
  kind: ClassificationKind;
  entry: ClassificationEntry | null;
  parentId?: number;
  onDone: () => void;
}) {
  const list = CLASSIFICATION_LISTS[kind];
  const create = useCreateClassification(kind);
  const rename = useRenameClassification(kind);
  const form = useForm<Values>({
    initialValues: { name: entry?.name ?? '' },
    validate: zodResolver(classificationChangesSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['name'],
    submit: (values) =>
      entry
        ? rename.mutateAsync({ id: entry.id, name: values.name.trim() })
        : create.mutateAsync({ name: values.name.trim(), investment_type_id: parentId }),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: `${atSentenceStart(list.singular)} ${entry ? 'renamed' : 'added'}`,
        message: saved.name,
      });
      onDone();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={entry ? 'Save name' : `Add ${list.singular}`}
      onCancel={onDone}
    >
      <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
    </ModalForm>
  );
}

/** Adds an entry at the end of a list, or renames one. */
export function ClassificationModal({
  kind,
  opened,
  entry,
  parentId,
  onClose,
}: {
  kind: ClassificationKind;
  opened: boolean;
  entry: ClassificationEntry | null;
  parentId?: number;
  onClose: () => void;
}) {
  const { singular } = CLASSIFICATION_LISTS[kind];
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={entry ? `Rename ${singular}` : `Add ${/^[aeiou]/i.test(singular) ? 'an' : 'a'} ${singular}`}
    >
      <ClassificationForm kind={kind} entry={entry} parentId={parentId} onDone={onClose} />
    </FormModal>
  );
}
