import { Skeleton, Stack } from '@mantine/core';
import { ActivityTimeline } from '../../../components/records/activity/activity-timeline';
import { RecordSection } from '../../../components/records/record-section';
import { useContact } from '../api/get-contact';
import { useRecordId } from '../../../lib/records/use-record-id';
import { ContactSummary } from '../components/contact-summary';

/** The details page itself (spec §2.1: Activity): the key facts, then everything that happened. */
export function ContactActivityPage() {
  const id = useRecordId() ?? 0;
  const { data: contact } = useContact(id || undefined);
  return (
    <Stack gap="lg">
      {contact ? <ContactSummary contact={contact} /> : <Skeleton height={180} radius="md" />}
      <RecordSection title="Activity">
        <ActivityTimeline record={{ type: 'contact', id }} />
      </RecordSection>
    </Stack>
  );
}
