import { Alert, FileInput, List, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CAP_TABLE_CLASS_KIND_LABELS,
  CAP_TABLE_CLASS_KINDS,
  CAP_TABLE_HOLDER_KIND_LABELS,
  CAP_TABLE_HOLDER_KINDS,
  CAP_TABLE_IMPORT_COLUMNS,
  capTableClassInputSchema,
  capTableHolderInputSchema,
  type CapTableClass,
  type CapTableClassKind,
  type CapTableHolder,
  type CapTableHolderKind,
} from '@portico/contracts';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { isApiError } from '../../../lib/api-error';
import {
  useAddCapTableClass,
  useAddCapTableHolder,
  useChangeCapTableClass,
  useChangeCapTableHolder,
  useImportCapTable,
} from '../api/cap-table';

interface ClassValues extends Record<string, unknown> {
  name: string;
  kind: CapTableClassKind;
  pre_emptive: boolean;
}

function ClassForm({ id, row, onDone }: { id: number; row: CapTableClass | null; onDone: () => void }) {
  const add = useAddCapTableClass();
  const change = useChangeCapTableClass();
  const form = useForm<ClassValues>({
    initialValues: {
      name: row?.name ?? '',
      kind: row?.kind ?? 'shares',
      pre_emptive: row?.pre_emptive ?? true,
    },
    validate: (values) => zodResolver(capTableClassInputSchema)(values),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => {
      const input = {
        name: values.name.trim(),
        kind: values.kind,
        pre_emptive: values.kind === 'shares' && values.pre_emptive,
      };
      return row?.id
        ? change.mutateAsync({ id, classId: row.id, changes: input })
        : add.mutateAsync({ id, input });
    },
    onSuccess: (_answer, values) => {
      notifications.show({
        color: 'success',
        title: row ? 'Share class saved' : 'Share class added',
        message: values.name,
      });
      onDone();
    },
  });
  const isOptions = form.getValues().kind === 'options';
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={row ? 'Save class' : 'Add class'}
      onCancel={onDone}
    >
      <TextInput
        label="Share class name"
        required
        data-autofocus
        maxLength={100}
        {...form.getInputProps('name')}
      />
      <Select
        label="Kind"
        required
        allowDeselect={false}
        description="Options, warrants and the pool are not issued shares: they count only fully diluted."
        data={CAP_TABLE_CLASS_KINDS.map((kind) => ({
          value: kind,
          label: CAP_TABLE_CLASS_KIND_LABELS[kind],
        }))}
        {...form.getInputProps('kind')}
      />
      <Switch
        label="Carries pre-emption rights"
        description={
          isOptions
            ? 'Options and warrants carry no pre-emption right.'
            : 'Ordinary shares do by default (Companies Act 2006 s.561); their holders may keep their percentage in a new round.'
        }
        disabled={isOptions}
        {...form.getInputProps('pre_emptive', { type: 'checkbox' })}
        checked={!isOptions && form.getValues().pre_emptive}
      />
    </ModalForm>
  );
}

/** Adds a share class (row null) or changes one. */
export function CapTableClassModal({
  id,
  opened,
  row,
  onClose,
}: {
  id: number;
  opened: boolean;
  row: CapTableClass | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={row ? 'Edit share class' : 'Add share class'}>
      <ClassForm id={id} row={row} onDone={onClose} />
    </FormModal>
  );
}

interface HolderValues extends Record<string, unknown> {
  class_id: string;
  name: string;
  kind: CapTableHolderKind;
  shares: string;
  note: string;
}

const holderPayload = (values: HolderValues) => ({
  class_id: Number(values.class_id),
  name: values.name.trim(),
  kind: values.kind,
  shares: values.shares.replace(/,/g, '').trim(),
  note: values.note.trim(),
});

function HolderForm({
  id,
  row,
  classes,
  onDone,
}: {
  id: number;
  row: CapTableHolder | null;
  classes: CapTableClass[];
  onDone: () => void;
}) {
  const add = useAddCapTableHolder();
  const change = useChangeCapTableHolder();
  const recorded = classes.filter((entry) => entry.id !== null);
  const form = useForm<HolderValues>({
    initialValues: {
      class_id: String(row?.class_id ?? recorded[0]?.id ?? ''),
      name: row?.name ?? '',
      kind: row && row.kind !== 'platform' ? row.kind : 'founder',
      shares: row ? row.shares.replace(/\.?0+$/, '') : '',
      note: row?.note ?? '',
    },
    validate: (values) => zodResolver(capTableHolderInputSchema)(holderPayload(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      row?.holder_id
        ? change.mutateAsync({ id, holderId: row.holder_id, changes: holderPayload(values) })
        : add.mutateAsync({ id, input: holderPayload(values) }),
    onSuccess: (_answer, values) => {
      notifications.show({
        color: 'success',
        title: row ? 'Holder saved' : 'Holder added',
        message: values.name,
      });
      onDone();
    },
  });
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={row ? 'Save holder' : 'Add holder'}
      onCancel={onDone}
    >
      <TextInput
        label="Holder name"
        required
        data-autofocus
        maxLength={200}
        {...form.getInputProps('name')}
      />
      <Select
        label="Kind of holder"
        required
        allowDeselect={false}
        data={CAP_TABLE_HOLDER_KINDS.map((kind) => ({
          value: kind,
          label: CAP_TABLE_HOLDER_KIND_LABELS[kind],
        }))}
        {...form.getInputProps('kind')}
      />
      <Select
        label="Share class"
        required
        allowDeselect={false}
        data={recorded.map((entry) => ({ value: String(entry.id), label: entry.name }))}
        {...form.getInputProps('class_id')}
      />
      <TextInput
        label="Shares"
        required
        inputMode="decimal"
        description="Up to 6 decimals, e.g. 40000."
        {...form.getInputProps('shares')}
      />
      <Textarea label="Note" autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
    </ModalForm>
  );
}

/** Adds an off-platform holder (row null) or changes one. */
export function CapTableHolderModal({
  id,
  opened,
  row,
  classes,
  onClose,
}: {
  id: number;
  opened: boolean;
  row: CapTableHolder | null;
  classes: CapTableClass[];
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={row ? 'Edit holder' : 'Add holder'}>
      <HolderForm id={id} row={row} classes={classes} onDone={onClose} />
    </FormModal>
  );
}

/** Every message of a 422, row errors first ("Row 4: …"). */
function problemsOf(error: unknown): string[] {
  if (!isApiError(error)) return ['The file could not be imported.'];
  const { errors } = error;
  if (errors && typeof errors === 'object') return Object.values(errors).flat();
  return [error.message];
}

function ImportForm({ id, onDone }: { id: number; onDone: () => void }) {
  const run = useImportCapTable();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const submit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (!file) {
      setProblems(['Choose a CSV or Excel file to import.']);
      return;
    }
    setProblems([]);
    try {
      const answer = await run.mutateAsync({ id, file });
      const result = answer.data;
      notifications.show({
        color: 'success',
        title: 'Cap table imported',
        message: `${result.holders_added} holder(s) added, ${result.holders_updated} updated, ${result.classes_added} class(es) added.`,
      });
      onDone();
    } catch (error) {
      setProblems(problemsOf(error));
    }
  };
  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      formError={null}
      submitting={run.isPending}
      submitLabel="Import"
      onCancel={onDone}
    >
      <Text size="sm">
        One row per holder and class, headed{' '}
        <strong>{CAP_TABLE_IMPORT_COLUMNS.slice(0, 4).join(', ')}</strong>, and optionally{' '}
        {CAP_TABLE_IMPORT_COLUMNS.slice(4).join(', ')}. Every row is checked first: a file with any error
        imports nothing. A holder already in the class has their shares replaced.
      </Text>
      <FileInput
        label="Cap table file"
        required
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        clearable
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        placeholder="Choose a CSV or Excel file"
        value={file}
        onChange={setFile}
      />
      {problems.length > 0 && (
        <Alert color="danger" variant="light" title="Nothing was imported" role="alert">
          <Stack gap={4}>
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
    </ModalForm>
  );
}

export function CapTableImportModal({
  id,
  opened,
  onClose,
}: {
  id: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Import cap table">
      <ImportForm id={id} onDone={onClose} />
    </FormModal>
  );
}
