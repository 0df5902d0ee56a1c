import { Paper, Skeleton, Stack, Title } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { ActivityTimeline } from '../../../components/records/activity/activity-timeline';
import { AttributeValuesSection } from '../../../components/records/attributes/attribute-values-section';
import { useUser } from '../../../lib/session';
import { useInvestor } from '../api/get-investor';
import { useRecordId } from '../../../lib/records/use-record-id';
import { InvestorSummary } from '../components/investor-summary';
import { OnboardingEvidence } from '../components/onboarding-evidence';
import { MembershipSection } from '../components/membership-section';

/** The details page itself (spec §2.1: Activity): the key facts, then everything that happened. */
export function InvestorActivityPage() {
  const id = useRecordId() ?? 0;
  const { data: investor } = useInvestor(id || undefined);
  const user = useUser();
  return (
    <Stack gap="lg">
      {investor ? <InvestorSummary investor={investor} /> : <Skeleton height={180} radius="md" />}
      {id > 0 && <OnboardingEvidence investorId={id} investorName={investor?.name ?? 'The investor'} />}
      {id > 0 && <MembershipSection investorId={id} />}
      {id > 0 && (
        <AttributeValuesSection
          subjectType="investor"
          subjectId={id}
          canEdit={can(user.role_id, 'investors', 'update')}
        />
      )}
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="investor-activity"
      >
        <Stack gap="md">
          <Title order={2} fz="lg" id="investor-activity">
            Activity
          </Title>
          <ActivityTimeline record={{ type: 'investor', id }} />
        </Stack>
      </Paper>
    </Stack>
  );
}
