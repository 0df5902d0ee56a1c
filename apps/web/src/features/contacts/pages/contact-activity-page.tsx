import { Skeleton, Stack } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { ActivityTimeline } from '../../../components/records/activity/activity-timeline';
import { AttributeValuesSection } from '../../../components/records/attributes/attribute-values-section';
import { useUser } from '../../../lib/session';
import { RecordSection } from '../../../components/records/record-section';
import { useContact } from '../api/get-contact';
import { useRecordId } from '../../../lib/records/use-record-id';
import { ContactSummary } from '../components/contact-summary';

/** The details page itself (spec §2.1: Activity): the key facts, then everything that happened. */
export function ContactActivityPage() {
  const id = useRecordId() ?? 0;
  const { data: contact } = useContact(id || undefined);
  const user = useUser();
  return (
    <Stack gap="lg">
      {contact ? <ContactSummary contact={contact} /> : <Skeleton height={180} radius="md" />}
      {id > 0 && (
        <AttributeValuesSection
          subjectType="contact"
          subjectId={id}
          canEdit={can(user.role_id, 'investors', 'update')}
        />
      )}
      <RecordSection title="Activity">
        <ActivityTimeline record={{ type: 'contact', id }} />
      </RecordSection>
    </Stack>
  );
}
