import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageLoader } from '../../../components/feedback/page-loader';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { useBranding } from '../../../lib/branding';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { OpportunityView } from '../../opportunity-view/opportunity-view';
import { RiskWarningSection } from '../../opportunity-view/risk-warning-section';
import { useInvestingOpportunity } from '../api/use-investing-opportunity';
import { InvestAction } from '../components/invest-action';
import { PreEmptionPanel } from '../components/pre-emption-panel';
import { useMyPreEmption } from '../api/pre-emption';

/**
 * /investor/investments/{slug}: the opportunity's page (description, key points, dates, team, gallery,
 * documents, FAQs), the risk warning, and the action to invest. An opportunity not open to this investor
 * (another's internal one, a draft, a wrong slug) is the 404; a slug it had before moves to its current one.
 */
export function OpportunityPage() {
  const terms = useTerminology();
  const branding = useBranding();
  const { slug, opportunity, investing } = useInvestingOpportunity();
  const preEmption = useMyPreEmption();
  useDocumentTitle(opportunity.data?.name ?? terms.investments);
  const main = useRef<HTMLDivElement>(null);
  const loaded = opportunity.data !== undefined;
  useEffect(() => {
    // The page's heading is inside the shared view: move the focus to it once it is there.
    const heading = loaded ? main.current?.querySelector<HTMLElement>('h1') : null;
    if (!heading) return;
    heading.tabIndex = -1;
    heading.style.outline = 'none';
    heading.focus();
  }, [loaded, slug]);

  if (opportunity.isPending) return <PageLoader />;
  if (opportunity.isError) {
    if (isApiError(opportunity.error) && opportunity.error.status === 404) return <ErrorPage status={404} />;
    return (
      <Alert color="danger" variant="light" role="alert" title="This opportunity could not be loaded">
        <Button size="compact-sm" variant="light" onClick={() => void opportunity.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  // An old slug (staff changed it after the link was sent): the page lives at the current one.
  if (opportunity.data.slug !== slug)
    return <Navigate to={`/investor/investments/${opportunity.data.slug}`} replace />;

  const right = preEmption.data?.find((item) => item.opportunity.id === opportunity.data.id);
  return (
    <div ref={main}>
      <OpportunityView
        opportunity={opportunity.data}
        banner={
          <Anchor component={Link} to="/investor/investments" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden /> All {inSentence(terms.investments)}
            </Group>
          </Anchor>
        }
        actions={<InvestAction slug={slug} investing={investing} />}
      />
      {right && (
        <Stack mt="xl">
          <PreEmptionPanel key={`${right.choice}-${right.amount ?? ''}`} right={right} />
        </Stack>
      )}
      <RiskWarningSection summary={branding?.risk_warning_text} />
    </div>
  );
}
