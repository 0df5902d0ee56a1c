import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useCreateOpportunity } from '../api/opportunity-mutations';
import { OpportunityForm } from '../components/opportunity-form';

/** /admin/investments/opportunities/new-opportunity: a draft from its key details. */
export function NewOpportunityPage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateOpportunity();
  return (
    <>
      <PageHeader
        title="New opportunity"
        description="Start a draft: investors see nothing until it goes live. Add its page's content next."
      />
      <OpportunityForm
        submit={mutateAsync}
        onCancel={() => void navigate(ADMIN_SCREENS.opportunities.path)}
        onSaved={(opportunity) => {
          notifications.show({
            color: 'success',
            title: 'Draft created',
            message: `${opportunity.name} is a draft. Add its key points, team and documents.`,
          });
          void navigate(`/admin/investments/opportunities/${opportunity.id}/edit`);
        }}
      />
    </>
  );
}
