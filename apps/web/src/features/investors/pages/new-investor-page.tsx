import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { recordPath } from '../../../config/records';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useCreateInvestor } from '../api/create-investor';
import { InvestorCreateForm } from '../components/investor-create-form';

/** /admin/investors/new-investor: add an investor, who may be invited by email to set a password. */
export function NewInvestorPage() {
  const terminology = useTerminology();
  const navigate = useNavigate();
  const { mutateAsync } = useCreateInvestor();
  const investorWord = inSentence(terminology.investor);

  return (
    <>
      <PageHeader
        title={`New ${investorWord}`}
        description={`Add a new ${investorWord} by hand. With the invitation on, they get an email to set their own password.`}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <InvestorCreateForm
          investorWord={investorWord}
          submit={mutateAsync}
          onCancel={() => void navigate(ADMIN_SCREENS.investors.path)}
          onCreated={(investor, invited) => {
            notifications.show({
              color: 'success',
              title: `${terminology.investor} added`,
              message: invited
                ? `${investor.name} will receive an email at ${investor.email} to set their password.`
                : `${investor.name} was added without an invitation.`,
            });
            void navigate(recordPath('investor', investor.id));
          }}
        />
      </Paper>
    </>
  );
}
