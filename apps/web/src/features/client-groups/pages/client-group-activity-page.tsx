import { ActivityTimeline } from '../../../components/records/activity/activity-timeline';
import { useRecordId } from '../../../lib/records/use-record-id';

/** /admin/investors/client-groups/{id}/details/activity */
export function ClientGroupActivityPage() {
  return <ActivityTimeline record={{ type: 'client_group', id: useRecordId() ?? 0 }} />;
}
