import { Box } from '@mantine/core';
import { canSeeInvestmentTab } from '@portico/contracts/constants';
import { ErrorPage } from '../../../components/errors/error-page';
import { NotesCallsTasksPanel } from '../../../components/records/engagements/notes-calls-tasks-panel';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';

/**
 * …/opportunities/{id}/notes-calls-tasks and existing/{id}/details/notes-calls-tasks. The Investment
 * Manager does not see them on investments (spec §6); the server refuses too.
 */
export function OpportunityNotesPage({ area = 'opportunities' }: { area?: 'opportunities' | 'existing' }) {
  const user = useUser();
  const id = useRecordId() ?? 0;
  if (!canSeeInvestmentTab(user.role_id, area, 'notes-calls-tasks')) return <ErrorPage status={403} />;
  return (
    <Box mt="md">
      <NotesCallsTasksPanel record={{ type: 'opportunity', id }} />
    </Box>
  );
}

/** The existing investment's tab. */
export function ExistingNotesPage() {
  return <OpportunityNotesPage area="existing" />;
}
