import { Button, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LoadError } from '../../../components/records/compliance/load-error';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useProfileCategorisation } from '../api/categorisation';
import { categoryName, isExpiringSoon } from '../components/categorisation-copy';
import { CategorisationSigner } from '../components/categorisation-signer';
import { CategorisationStatus } from '../components/categorisation-status';
import { ProfilePage } from '../components/profile-page';

/**
 * /investor/profile/investor-type: the investor's categorisation (DOMAIN.md), its expiry and review, and
 * the four retail statements to sign. A current one far from expiry can still be replaced on request.
 */
export function InvestorTypePage() {
  const terminology = useTerminology();
  const user = useUser();
  const { data, isPending, isError, error, refetch, isFetching } = useProfileCategorisation();
  const [changing, setChanging] = useState(false);
  const title = terminology.investor_categorisation;

  if (isPending)
    return (
      <ProfilePage title={title}>
        <Stack gap="sm" aria-busy="true" aria-label="Loading your categorisation">
          <Skeleton height={120} radius="md" />
          <Skeleton height={260} radius="md" />
        </Stack>
      </ProfilePage>
    );
  if (isError)
    return (
      <ProfilePage title={title}>
        <LoadError
          what="Your categorisation"
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
        />
      </ProfilePage>
    );

  const settled = data.current !== null && !isExpiringSoon(data.current.expires_at);
  const showForm = !settled || changing;

  return (
    <ProfilePage title={title}>
      <CategorisationStatus profile={data} />
      {showForm ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="lg" mb="md">
            {data.pending || data.current || data.expired ? 'Sign a new statement' : 'Sign your statement'}
          </Title>
          <CategorisationSigner
            signerName={user.name}
            onCancel={settled ? () => setChanging(false) : undefined}
            onSigned={(saved) => {
              setChanging(false);
              notifications.show({
                color: 'success',
                title: 'Statement signed',
                message:
                  saved.status === 'pending'
                    ? `${categoryName(terminology, saved.category)}: it now awaits approval.`
                    : `You are categorised as a ${categoryName(terminology, saved.category).toLowerCase()}.`,
              });
            }}
          />
        </Paper>
      ) : (
        <Button variant="default" w="fit-content" onClick={() => setChanging(true)}>
          Change my categorisation
        </Button>
      )}
    </ProfilePage>
  );
}
