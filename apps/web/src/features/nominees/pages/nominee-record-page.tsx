import { Skeleton, Stack, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { LoadedRecordPage } from '../../../components/records/loaded-record-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { NOMINEE_TABS } from '../../../config/records';
import { useDeleteNominee } from '../api/delete-nominee';
import { useNominee } from '../api/get-nominee';
import { NomineeClients } from '../components/nominee-clients';
import { NomineeSummary } from '../components/nominee-summary';

/**
 * /admin/investors/nominees/{id}/… (spec §2.1): a nominee has no details page, so its details and clients
 * sit above its tabs (notes-calls-tasks; transactions come with investments).
 */
export function NomineeRecordPage() {
  return (
    <LoadedRecordPage
      recordType="nominee"
      list={{ label: 'Nominees', path: ADMIN_SCREENS.nominees.path }}
      editPath={ADMIN_SCREENS.nomineeEdit.path}
      tabs={NOMINEE_TABS}
      useRecord={useNominee}
      useDelete={useDeleteNominee}
      description={(nominee) => nominee.email}
      deletion={{
        done: 'Nominee deleted',
        body: (nominee) => (
          <>
            Delete <strong>{nominee.name}</strong>? The investors it acts for stay, no longer linked to it;
            its notes, calls and tasks are deleted. This cannot be undone.
          </>
        ),
      }}
      content={{
        loaded: (nominee, tabs) => (
          <Stack gap="lg">
            <NomineeSummary nominee={nominee} />
            <NomineeClients nominee={nominee} />
            {/* With a single tab there is no tab bar: the section still needs its name. */}
            {tabs.length === 1 && tabs[0] && (
              <Title order={2} fz="lg">
                {tabs[0].label}
              </Title>
            )}
            <Outlet />
          </Stack>
        ),
        loading: (
          <Stack gap="lg" aria-label="Loading">
            <Skeleton height={140} radius="md" />
            <Skeleton height={200} radius="md" />
          </Stack>
        ),
      }}
    />
  );
}
