import { Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useServerForm } from '../../../components/form/use-server-form';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useInsiderSubjects, useOpenInsiderList, type SubjectOption } from '../api/insider-lists';
import { insiderListPagePath } from '../paths';

const valueOf = (subject: SubjectOption) => `${subject.type}:${subject.id}`;
const KIND = { deal: 'Pipeline deal', opportunity: 'Opportunity' } as const;

function OpenForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { mutateAsync } = useOpenInsiderList();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<SubjectOption | null>(null);
  const term = chosen && debounced === chosen.name ? '' : debounced;
  const { data } = useInsiderSubjects(term);
  const options = [
    ...(chosen ? [chosen] : []),
    ...(data ?? []).filter((row) => valueOf(row) !== (chosen && valueOf(chosen))),
  ];
  const form = useForm<{ subject: string }>({
    initialValues: { subject: '' },
    validate: { subject: (value) => (value ? null : 'Choose a deal or an opportunity.') },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['subject', 'deal_id', 'opportunity_id'],
    submit: () => {
      if (!chosen) throw new Error('nothing chosen');
      return mutateAsync(chosen.type === 'deal' ? { deal_id: chosen.id } : { opportunity_id: chosen.id });
    },
    onSuccess: (list) => {
      notifications.show({ color: 'success', title: 'Insider list opened', message: list.name });
      onClose();
      void navigate(insiderListPagePath(list.type, list.id));
    },
  });
  const serverError = form.errors.deal_id ?? form.errors.opportunity_id;
  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Open the list"
      onCancel={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">
          Open the list when the inside information is identified: that moment is recorded as the creation of
          this section of the insider list.
        </Text>
        <Select
          label="Deal or opportunity"
          placeholder="Type a name"
          required
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={options.map((subject) => ({
            value: valueOf(subject),
            label: `${subject.name} · ${KIND[subject.type]}`,
          }))}
          value={chosen ? valueOf(chosen) : null}
          onChange={(value) => {
            const next = options.find((subject) => valueOf(subject) === value) ?? null;
            setChosen(next);
            form.setFieldValue('subject', value ?? '');
          }}
          nothingFoundMessage="No deal or opportunity without a list matches"
          error={form.errors.subject ?? serverError}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </ModalForm>
  );
}

/** "Open an insider list": a pipeline deal or an opportunity that has none yet. */
export function OpenListModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Open an insider list">
      <OpenForm onClose={onClose} />
    </FormModal>
  );
}
