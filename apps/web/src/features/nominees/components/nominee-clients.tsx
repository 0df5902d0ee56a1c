import { TextInput } from '@mantine/core';
import {
  createNomineeClientInputSchema,
  type CreateNomineeClientInput,
  type Nominee,
} from '@portico/contracts';
import {
  LinkedPeopleSection,
  type LinkedPeopleParams,
} from '../../../components/records/linked-people-section';
import { nomineeClientsQueryOptions } from '../api/get-nominee-clients';
import { useAddNomineeClient, useRemoveNomineeClient } from '../api/nominee-client-mutations';
import { plural } from '../../../lib/format';

/** The investors the nominee acts for, with its designation for each; added and removed by staff. */
export function NomineeClients({ nominee }: { nominee: Nominee }) {
  const add = useAddNomineeClient();
  const remove = useRemoveNomineeClient();
  const nomineeId = nominee.id;
  const count = nominee.clients_count;

  return (
    <LinkedPeopleSection
      title="Clients"
      noun={{ one: 'client', many: 'clients' }}
      description={`Acts for ${plural(count, 'investor')}.`}
      caption={`Clients of ${nominee.name}`}
      searchPlaceholder="Name, email or designation"
      query={({ search, page }: LinkedPeopleParams) =>
        nomineeClientsQueryOptions(nomineeId, { search, page })
      }
      columns={[{ key: 'designation', header: 'Designation', render: (client) => client.designation ?? '—' }]}
      linkedHeader="Since"
      emptyText={{
        mayChange: 'Add the investors whose shares it holds.',
        readOnly: 'It acts for no investor yet.',
      }}
      resource="investors"
      add={{
        title: `Add a client of ${nominee.name}`,
        choosePerson: 'Choose the investor it acts for.',
        initialValues: { designation: '' },
        fields: (form) => (
          <TextInput
            label="Designation"
            description="The nominee's account reference for this investor, if any."
            maxLength={100}
            {...form.getInputProps('designation')}
          />
        ),
        schema: createNomineeClientInputSchema,
        payloadOf: (userId, values): CreateNomineeClientInput => {
          const designation = values.designation.trim();
          return { user_id: userId, ...(designation ? { designation } : {}) };
        },
        submit: (input) => add.mutateAsync({ nomineeId, input }),
        addedMessage: `${nominee.name} now acts for them.`,
      }}
      remove={{
        submit: (client) => remove.mutateAsync({ nomineeId, clientId: client.id }),
        question: (investor) => (
          <>
            Remove {investor} from the clients of <strong>{nominee.name}</strong>? They stay an investor; the
            nominee no longer acts for them.
          </>
        ),
        removedMessage: (client) => `${nominee.name} no longer acts for ${client.investor.name}.`,
      }}
    />
  );
}
