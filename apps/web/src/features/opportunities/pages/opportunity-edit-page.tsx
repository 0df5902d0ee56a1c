import { Stack } from '@mantine/core';
import { useUser } from '../../../lib/session';
import { useRecordId } from '../../../lib/records/use-record-id';
import { DocumentsPanel } from '../../../components/records/documents/documents-panel';
import { InvitationsSection } from '../../opportunity-lifecycle/components/invitations-section';
import { useOpportunity } from '../api/get-opportunity';
import { useUpdateOpportunity } from '../api/opportunity-mutations';
import { ContentSections } from '../components/content-sections';
import { CoverImageField } from '../components/cover-image-field';
import { OpportunityDetailsForm } from '../components/opportunity-details-form';
import { mayUpdate } from '../components/opportunity-permissions';

/**
 * /admin/investments/opportunities/{id}/edit (stage 1): everything a draft has, its details and
 * description, cover, content sections and documents, each saved on its own.
 */
export function OpportunityEditPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const { data: opportunity } = useOpportunity(id);
  const update = useUpdateOpportunity();
  if (!opportunity) return null;
  const canEdit = mayUpdate(user.role_id, opportunity);
  return (
    <Stack gap="lg" mt="md">
      <OpportunityDetailsForm opportunity={opportunity} canEdit={canEdit} submit={update.mutateAsync} />
      <CoverImageField opportunity={opportunity} canEdit={canEdit} />
      <ContentSections opportunity={opportunity} canEdit={canEdit} />
      <InvitationsSection opportunityId={opportunity.id} canEdit={canEdit} />
      <DocumentsPanel
        record={{ type: 'opportunity', id: opportunity.id }}
        publicDescription="Shown on the opportunity's page to investors who can see it."
      />
    </Stack>
  );
}
