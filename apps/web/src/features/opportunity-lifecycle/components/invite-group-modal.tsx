import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useServerForm } from '../../../components/form/use-server-form';
import { useClientGroupOptions } from '../../client-groups/api/get-client-groups';
import { plural } from '../../../lib/format';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';

interface InviteGroupModalProps {
  opened: boolean;
  onClose: () => void;
  /** invites the group; rejects with the server's errors */
  submit: (groupId: number) => Promise<unknown>;
  onInvited: () => void;
  /** the groups already invited, left out of the choice */
  invited: number[];
}

/** Choose a client group to invite: every member is offered the opportunity. */
export function InviteGroupModal({ opened, onClose, submit, onInvited, invited }: InviteGroupModalProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const { data, isFetching, isError } = useClientGroupOptions(debounced, opened);
  const form = useForm<{ client_group_id: string | null }>({
    initialValues: { client_group_id: null },
    validate: { client_group_id: (value) => (value ? null : 'Choose the client group to invite.') },
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    submit: (values) => submit(Number(values.client_group_id)),
    onSuccess: () => {
      form.reset();
      setSearch('');
      onInvited();
    },
  });
  const close = () => {
    if (submitting) return;
    form.reset();
    setSearch('');
    setFormError(null);
    onClose();
  };
  const options = (data ?? [])
    .filter((group) => group.id !== undefined && !invited.includes(group.id))
    .map((group) => ({
      value: String(group.id),
      label: `${group.name ?? ''} (${plural(group.members_count ?? 0, 'member')})`,
    }));

  return (
    <FormModal opened={opened} onClose={close} title="Invite a client group">
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel="Invite group"
        onCancel={close}
      >
        <Select
          label="Client group"
          description="Every investor in the group is offered the opportunity, members who join later too."
          placeholder="Type a group’s name"
          required
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options}
          filter={({ options: all }) => all}
          nothingFoundMessage={
            isFetching
              ? 'Searching…'
              : isError
                ? 'The groups could not be loaded; try again.'
                : 'No group found'
          }
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          {...form.getInputProps('client_group_id')}
        />
      </ModalForm>
    </FormModal>
  );
}
