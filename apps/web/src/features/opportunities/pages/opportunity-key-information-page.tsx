import { Stack } from '@mantine/core';
import { AttributeValuesSection } from '../../../components/records/attributes/attribute-values-section';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useOpportunity } from '../api/get-opportunity';
import { KeyInformation } from '../components/key-information';
import { mayUpdate } from '../components/opportunity-permissions';

/**
 * …/opportunities/{id}/key-information and existing/{id}/details: the terms, amounts, dates and
 * classification, and the custom attributes staff keep on opportunities.
 */
export function OpportunityKeyInformationPage() {
  const user = useUser();
  const { data: opportunity } = useOpportunity(useRecordId());
  if (!opportunity) return null;
  return (
    <Stack gap="lg" mt="md">
      <KeyInformation opportunity={opportunity} />
      <AttributeValuesSection
        subjectType="opportunity"
        subjectId={opportunity.id}
        canEdit={mayUpdate(user.role_id, opportunity)}
      />
    </Stack>
  );
}
