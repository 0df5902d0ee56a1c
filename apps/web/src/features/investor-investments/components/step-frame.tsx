import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { Opportunity } from '@portico/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageLoader } from '../../../components/feedback/page-loader';
import { isApiError } from '../../../lib/api-error';
import type { Investing } from '../api/investing-schemas';
import { useInvestingOpportunity } from '../api/use-investing-opportunity';
import { FocusedTitle } from './focused-title';
import { InvestingReasons } from './investing-reasons';

interface StepFrameProps {
  step: 1 | 2;
  title: string;
  children: (loaded: { slug: string; opportunity: Opportunity; investing: Investing }) => ReactNode;
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * The two steps after an opportunity's page (how it is held, then how much): the same loading, 404 and
 * "not yet" answers, the way back, and the step's heading. A step opened directly while the investor
 * may not invest explains why instead of showing a form the server would refuse.
 */
export function StepFrame({ step, title, children }: StepFrameProps) {
  const { slug, opportunity, investing } = useInvestingOpportunity();
  const { search } = useLocation();

  if (opportunity.isPending || (opportunity.isSuccess && investing.isPending)) return <PageLoader />;
  if (isNotFound(opportunity.error) || isNotFound(investing.error)) return <ErrorPage status={404} />;
  if (opportunity.isError || investing.isError)
    return (
      <Alert color="danger" variant="light" role="alert" title="This page could not be loaded">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => void (opportunity.isError ? opportunity.refetch() : investing.refetch())}
        >
          Try again
        </Button>
      </Alert>
    );

  const data = investing.data;
  if (!data) return <PageLoader />;
  const back = `/investor/investments/${slug}`;
  return (
    <Stack gap="lg" maw={760}>
      <Anchor component={Link} to={step === 1 ? back : `${back}/investor-type${search}`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {step === 1 ? opportunity.data.name : 'How it will be held'}
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          Step {step} of 2 · {opportunity.data.name}
        </Text>
        <FocusedTitle title={title} />
      </Stack>
      {data.can_invest ? (
        children({ slug, opportunity: opportunity.data, investing: data })
      ) : (
        <Stack gap="md" align="flex-start">
          <InvestingReasons reasons={data.reasons} />
          {data.reasons.length === 0 && <Text>You cannot invest in this opportunity at the moment.</Text>}
          <Button component={Link} to={back} variant="default">
            Back to the opportunity
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
