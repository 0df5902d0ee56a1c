import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useUpdateClientGroup } from '../api/client-group-mutations';
import { useClientGroup } from '../api/get-client-group';
import { ClientGroupForm } from '../components/client-group-form';

/** /admin/investors/client-groups/{id}/edit */
export function ClientGroupEditPage() {
  return (
    <RecordEditPage
      recordType="client_group"
      noun="Client group"
      listPath={ADMIN_SCREENS.clientGroups.path}
      useRecord={useClientGroup}
      useUpdate={useUpdateClientGroup}
      form={(record, handlers) => <ClientGroupForm record={record} {...handlers} />}
    />
  );
}
