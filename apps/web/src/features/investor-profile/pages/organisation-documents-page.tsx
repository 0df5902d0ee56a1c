import { Anchor, Skeleton } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '../../../components/records/compliance/load-error';
import { useMyOrganisation, useMyOrganisationDocuments } from '../api/organisations';
import { DocumentList } from '../components/document-list';
import { ProfilePage } from '../components/profile-page';
import { profileSlugPath } from '../profile-slug';

/** /investor/profile/organisation-documents_{id}: the public documents of one of the investor's organisations. */
export function OrganisationDocumentsPage({ id }: { id: number }) {
  const organisation = useMyOrganisation(id);
  const documents = useMyOrganisationDocuments(id);
  const name = organisation.data?.name;
  return (
    <ProfilePage title={name ? `Documents of ${name}` : 'Organisation documents'}>
      <Anchor component={Link} to={profileSlugPath('organisation', id)} size="sm" w="fit-content">
        {name ? `Back to ${name}` : 'Back to the organisation'}
      </Anchor>
      {documents.isPending ? (
        <Skeleton height={120} radius="md" aria-label="Loading the documents" />
      ) : documents.isError ? (
        <LoadError
          what="The documents"
          error={documents.error}
          retry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      ) : (
        <DocumentList
          documents={documents.data}
          label={name ? `Documents of ${name}` : 'Organisation documents'}
          emptyTitle="No documents yet"
          emptyText="Documents our team shares about this organisation appear here."
        />
      )}
    </ProfilePage>
  );
}
