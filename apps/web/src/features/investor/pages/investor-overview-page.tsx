import { Alert, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconUser } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { AccountChecklist } from '../components/account-checklist';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** /investor: a greeting and where the account stands. */
export function InvestorOverviewPage() {
  const terms = useTerminology();
  useDocumentTitle(terms.overview);
  const user = useUser();
  const [params] = useSearchParams();
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;

  return (
    <Stack gap="lg">
      {params.get('verified') === '1' && (
        <Alert
          color="success"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          title="Email verified"
        >
          Thank you. Your email address is verified and your account is ready.
        </Alert>
      )}
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {greeting(new Date().getHours())}, {firstName}
        </Title>
        <Text c="dimmed" mt={4}>
          Welcome to your {inSentence(terms.investor)} portal.
        </Text>
      </div>
      {/* Two columns from md (7:5), one on a phone; Group, not Grid: the first page already loads it. */}
      <Group gap="lg" align="flex-start">
        <Box flex={{ base: '1 1 100%', md: '7 1 0' }} miw={0}>
          <AccountChecklist />
        </Box>
        <Box flex={{ base: '1 1 100%', md: '5 1 0' }} miw={0}>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="your-profile"
          >
            <Stack gap="sm" align="flex-start">
              <Title order={2} fz="lg" id="your-profile">
                Your profile
              </Title>
              <Text size="sm" c="dimmed">
                Check the details we hold about you and keep your password safe.
              </Text>
              <Button
                component={Link}
                to="/investor/profile/view"
                variant="light"
                leftSection={<IconUser size={18} aria-hidden />}
              >
                View profile
              </Button>
            </Stack>
          </Paper>
        </Box>
      </Group>
    </Stack>
  );
}
