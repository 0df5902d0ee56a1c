import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useNominee } from '../api/get-nominee';
import { useUpdateNominee } from '../api/update-nominee';
import { NomineeForm } from '../components/nominee-form';

/** /admin/investors/nominees/{id}/edit */
export function NomineeEditPage() {
  return (
    <RecordEditPage
      recordType="nominee"
      noun="Nominee"
      listPath={ADMIN_SCREENS.nominees.path}
      useRecord={useNominee}
      useUpdate={useUpdateNominee}
      form={(record, handlers) => <NomineeForm record={record} {...handlers} />}
    />
  );
}
