import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { recordPath } from '../../../config/records';
import { isApiError } from '../../../lib/api-error';
import { useTerminology } from '../../../lib/terminology';
import { useInvestor } from '../api/get-investor';
import { useUpdateInvestor } from '../api/update-investor';
import { useRecordId } from '../../../lib/records/use-record-id';
import { InvestorEditForm } from '../components/investor-edit-form';

/** /admin/investors/{id}/edit */
export function InvestorEditPage() {
  const id = useRecordId();
  const terminology = useTerminology();
  const navigate = useNavigate();
  const { data: investor, error } = useInvestor(id);
  const { mutateAsync } = useUpdateInvestor();

  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;
  const details = recordPath('investor', id);

  return (
    <Stack gap={0}>
      <Anchor component={Link} to={details} size="sm" mb="xs" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden />
          {investor?.name ?? terminology.investor}
        </Group>
      </Anchor>
      <PageHeader title={investor ? `Edit ${investor.name}` : `Edit ${terminology.investor.toLowerCase()}`} />
      {investor ? (
        <InvestorEditForm
          key={investor.updated_at}
          investor={investor}
          submit={(changes) => mutateAsync({ id, changes })}
          onCancel={() => void navigate(details)}
          onSaved={(saved) => {
            notifications.show({
              color: 'success',
              title: 'Changes saved',
              message: `${saved.name} is up to date.`,
            });
            void navigate(details);
          }}
        />
      ) : (
        <Stack gap="lg">
          <Skeleton height={220} radius="md" />
          <Skeleton height={160} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}
