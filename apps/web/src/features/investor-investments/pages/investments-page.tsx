import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useLiveOpportunities } from '../api/get-live-opportunities';
import { useMyInvestments } from '../api/get-my-investments';
import { useMyPreEmption } from '../api/pre-emption';
import { FocusedTitle } from '../components/focused-title';
import { MyAllocations } from '../components/my-allocations';
import { OpportunityCard } from '../components/opportunity-card';
import { PreEmptionRights } from '../components/pre-emption-rights';
import { PromotionExemptionNotice } from '../components/promotion-exemption-notice';

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert color="danger" variant="light" role="alert" title={`${what} could not be loaded`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Please check your connection and try again.</Text>
        <Button size="compact-sm" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * /investor/investments: the live opportunities open to the investor, as cards, and My Reserved
 * Allocations (their commitments in progress).
 */
export function InvestmentsPage() {
  const terms = useTerminology();
  const opportunities = useLiveOpportunities();
  const investments = useMyInvestments();
  const preEmption = useMyPreEmption();
  const [params, setParams] = useSearchParams();
  const reserved = params.get('reserved');
  const reservedInvestment =
    reserved === null ? undefined : investments.data?.find((item) => String(item.id) === reserved);

  return (
    <Stack gap="xl">
      <FocusedTitle title={terms.investments} />
      {reserved !== null && (
        <Alert
          color="success"
          variant="light"
          role="status"
          icon={<IconCircleCheck aria-hidden />}
          title="Allocation reserved"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setParams({}, { replace: true })}
        >
          {reservedInvestment?.opportunity
            ? `Your allocation in ${reservedInvestment.opportunity.name} is reserved. We will send you a cash call with the payment details.`
            : 'Your allocation is reserved. We will send you a cash call with the payment details.'}
        </Alert>
      )}

      {preEmption.data && <PreEmptionRights rights={preEmption.data} />}

      <Stack gap="sm" component="section" aria-labelledby="open-opportunities">
        <Title order={2} fz="xl" id="open-opportunities">
          Open {inSentence(terms.opportunities)}
        </Title>
        <PromotionExemptionNotice />
        {opportunities.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading">
            <Skeleton h={320} radius="md" />
            <Skeleton h={320} radius="md" />
            <Skeleton h={320} radius="md" visibleFrom="lg" />
          </SimpleGrid>
        ) : opportunities.isError ? (
          <LoadError what={terms.opportunities} onRetry={() => void opportunities.refetch()} />
        ) : opportunities.data.data.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              {terms.investments_empty}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {opportunities.data.data.flatMap((opportunity) =>
              opportunity.id !== undefined && opportunity.slug !== undefined && opportunity.name !== undefined
                ? [
                    <OpportunityCard
                      key={opportunity.id}
                      opportunity={{
                        ...opportunity,
                        id: opportunity.id,
                        slug: opportunity.slug,
                        name: opportunity.name,
                      }}
                    />,
                  ]
                : [],
            )}
          </SimpleGrid>
        )}
      </Stack>

      {investments.isPending ? (
        <Skeleton h={120} radius="md" aria-label="Loading" />
      ) : investments.isError ? (
        <LoadError what={terms.reserved_allocations} onRetry={() => void investments.refetch()} />
      ) : (
        <MyAllocations investments={investments.data} />
      )}
    </Stack>
  );
}
