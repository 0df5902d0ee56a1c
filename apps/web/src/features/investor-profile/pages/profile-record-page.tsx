import { useParams } from 'react-router';
import { RouteStatusError } from '../../../app/route-status-error';
import { parseProfileSlug } from '../profile-slug';
import { EntityDocumentsPage } from './entity-documents-page';
import { EntityPage } from './entity-page';
import { OrganisationDocumentsPage } from './organisation-documents-page';
import { OrganisationPage } from './organisation-page';

/** /investor/profile/{kind}_{id}: the view the slug names (the loader has refused any other slug). */
export function ProfileRecordPage() {
  const slug = parseProfileSlug(useParams().slug);
  if (!slug) throw new RouteStatusError(404, 'Not found.');
  const { kind, id } = slug;
  switch (kind) {
    case 'organisation':
      return <OrganisationPage key={id} id={id} />;
    case 'organisation-documents':
      return <OrganisationDocumentsPage key={id} id={id} />;
    case 'investmentmethod':
      return <EntityPage key={id} id={id} />;
    case 'investmentmethod-documents':
      return <EntityDocumentsPage key={id} id={id} />;
  }
}
