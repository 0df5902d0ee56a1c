import { useParams } from 'react-router';
import { RouteStatusError } from '../../../app/route-status-error';
import { useFeatures } from '../../../lib/branding';
import { parseProfileSlug } from '../profile-slug';
import { EntityDocumentsPage } from './entity-documents-page';
import { EntityPage } from './entity-page';
import { OrganisationDocumentsPage } from './organisation-documents-page';
import { OrganisationPage } from './organisation-page';

/**
 * /investor/profile/{kind}_{id}: the view the slug names. Any other slug is the investor 404 page, and
 * so is an organisation view while organisation links are off; whether the record is the investor's is
 * the server's answer (a 404 there is the 404 page too).
 */
export function ProfileRecordPage() {
  const features = useFeatures();
  const slug = parseProfileSlug(useParams().slug);
  if (!slug || (slug.kind.startsWith('organisation') && !features.organisationLinks))
    throw new RouteStatusError(404, 'Not found.');
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
