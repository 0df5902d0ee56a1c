import { Alert, Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { opportunityAdminPath } from '@portico/contracts/constants';
import { IconChevronLeft, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useBranding } from '../../../lib/branding';
import { useRecordId } from '../../../lib/records/use-record-id';
import { OpportunityView } from '../../opportunity-view/opportunity-view';
import { RiskWarningSection } from '../../opportunity-view/risk-warning-section';
import { useOpportunity } from '../api/get-opportunity';

/**
 * /admin/investments/opportunities/{id}/details/preview: the page exactly as an investor will see it
 * (the portal's own component), under a banner that says it is a preview.
 */
export function OpportunityPreviewPage() {
  const id = useRecordId();
  const { data: opportunity, isError, error, refetch, isFetching } = useOpportunity(id, { fresh: true });
  const branding = useBranding();
  useDocumentTitle(opportunity ? `Preview: ${opportunity.name}` : 'Preview');
  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;
  if (isError)
    return (
      <RecordLoadError
        error={error}
        retry={() => void refetch()}
        retrying={isFetching}
        listPath={ADMIN_SCREENS.opportunities.path}
      />
    );
  if (!opportunity)
    return (
      <Stack gap="lg" aria-label="Loading">
        <Skeleton height={320} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  return (
    <>
      <OpportunityView
        opportunity={opportunity}
        banner={
          <Stack gap="xs">
            <Anchor
              component={Link}
              to={opportunityAdminPath(opportunity.id, opportunity.stage)}
              size="sm"
              w="fit-content"
            >
              <Group gap={4} wrap="nowrap">
                <IconChevronLeft size={16} aria-hidden />
                Back to {opportunity.name}
              </Group>
            </Anchor>
            <Alert
              color="yellow"
              variant="light"
              icon={<IconEye aria-hidden />}
              title="Preview"
              role="status"
            >
              This is the page as an investor will see it. Private documents and staff notes are not shown.
            </Alert>
          </Stack>
        }
      />
      {/* The risk warning investors see under the opportunity (issue 18). */}
      <RiskWarningSection summary={branding?.risk_warning_text} />
    </>
  );
}
