import '@mantine/charts/styles.css';
import { Alert, Button, Grid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/layouts/page-header';
import { MyTasksCard } from '../../../components/records/my-tasks-card';
import { useTerm } from '../../../lib/terminology';
import { useOverviewStats } from '../api/get-overview-stats';
import { MoneyCards } from '../components/money-cards';
import { OnboardingStates } from '../components/onboarding-states';
import { RecentActivity } from '../components/recent-activity';
import { RecentInvestors } from '../components/recent-investors';
import { RegistrationsChart } from '../components/registrations-chart';
import { StaffByRole } from '../components/staff-by-role';
import { StatCards } from '../components/stat-cards';

export function OverviewPage() {
  const { data: stats, isError, refetch, isFetching } = useOverviewStats();
  const title = useTerm('overview');

  return (
    <Stack gap="lg">
      <PageHeader title={title} description="How the platform is doing at a glance." />
      <MoneyCards />
      {isError ? (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="The figures could not be loaded"
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            Please try again in a moment.
            <Button size="xs" variant="light" onClick={() => void refetch()} loading={isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <StatCards stats={stats} />
      )}
      <MyTasksCard />
      {isError ? null : (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <RegistrationsChart weeks={stats?.registrations_by_week} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <StaffByRole staff={stats?.staff} />
            </Grid.Col>
          </Grid>
          <RecentInvestors investors={stats?.recent_investors} />
        </>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <OnboardingStates />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <RecentActivity />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
