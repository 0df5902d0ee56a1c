import { RecordEditPage } from '../../../components/records/record-edit-page';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useOrganisation } from '../api/get-organisation';
import { useUpdateOrganisation } from '../api/update-organisation';
import { OrganisationForm } from '../components/organisation-form';

/** /admin/investors/organisations/{id}/edit */
export function OrganisationEditPage() {
  return (
    <RecordEditPage
      recordType="organisation"
      noun="Organisation"
      listPath={ADMIN_SCREENS.organisations.path}
      useRecord={useOrganisation}
      useUpdate={useUpdateOrganisation}
      form={(record, handlers) => <OrganisationForm record={record} {...handlers} />}
    />
  );
}
