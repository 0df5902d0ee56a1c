import { Skeleton, Stack } from '@mantine/core';
import { ActivityTimeline } from '../../../components/records/activity/activity-timeline';
import { RecordSection } from '../../../components/records/record-section';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useOrganisation } from '../api/get-organisation';
import { OrganisationMembers } from '../components/organisation-members';
import { OrganisationSummary } from '../components/organisation-summary';

/** The details tab: the organisation's facts, its members, then what happened to it. */
export function OrganisationDetailsPage() {
  const id = useRecordId() ?? 0;
  const { data: organisation } = useOrganisation(id || undefined);
  if (!organisation)
    return (
      <Stack gap="lg" aria-label="Loading">
        <Skeleton height={160} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <OrganisationSummary organisation={organisation} />
      <OrganisationMembers organisation={organisation} />
      <RecordSection title="Activity">
        <ActivityTimeline record={{ type: 'organisation', id }} />
      </RecordSection>
    </Stack>
  );
}
