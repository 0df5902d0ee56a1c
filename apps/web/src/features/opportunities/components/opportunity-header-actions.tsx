import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Opportunity } from '@portico/contracts';
import { IconEye } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { RecordHeaderActions } from '../../../components/records/record-header-actions';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useUser } from '../../../lib/session';
import { useMarketSoundingHref } from '../../market-soundings/api/market-sounding-link';
import { OpportunityStatusActions } from '../../opportunity-lifecycle/components/opportunity-status-actions';
import { useDeleteOpportunity } from '../api/opportunity-mutations';
import { mayDelete } from './opportunity-permissions';

/**
 * The header actions of an opportunity's record, live or existing: its status moves, Preview (the page as
 * an investor sees it) and, for a role the table of spec §6 lets delete at this stage, Delete after asking.
 */
export function OpportunityHeaderActions({
  opportunity,
  previewHref,
}: {
  opportunity: Opportunity;
  previewHref: string;
}) {
  const user = useUser();
  const navigate = useNavigate();
  const erase = useDeleteOpportunity();
  // Issue 21: a draft can be market-sounded before it goes live.
  const soundingHref = useMarketSoundingHref({ opportunity_id: opportunity.id });
  return (
    <>
      <OpportunityStatusActions opportunity={opportunity} />
      <Button
        component={Link}
        to={previewHref}
        variant="default"
        leftSection={<IconEye size={18} aria-hidden />}
      >
        Preview
      </Button>
      {opportunity.stage === 1 && soundingHref && (
        <Button component={Link} to={soundingHref} variant="default">
          Market sounding
        </Button>
      )}
      <RecordHeaderActions
        editHref={undefined}
        deletion={
          mayDelete(user.role_id, opportunity)
            ? {
                title: `Delete ${opportunity.name}`,
                body: (
                  <>
                    Delete <strong>{opportunity.name}</strong>? Its page, images, documents, notes, calls and
                    tasks are deleted with it. This cannot be undone.
                  </>
                ),
                run: async () => {
                  await erase.mutateAsync(opportunity.id);
                  notifications.show({
                    color: 'success',
                    title: 'Opportunity deleted',
                    message: `${opportunity.name} was deleted.`,
                  });
                  void navigate(ADMIN_SCREENS.opportunities.path, { replace: true });
                },
              }
            : undefined
        }
      />
    </>
  );
}
