import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_TYPE_LABELS,
  rejectOrganisationApplicationInputSchema,
  type OrganisationApplication,
} from '@portico/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { RejectModal } from '../../../components/records/compliance/reject-modal';
import { useApproveApplication, useRejectApplication } from '../api/decide-application';
import { targetName } from './application-request';

/** What approving does, in words, before staff confirm it. */
function approvalEffect(application: OrganisationApplication) {
  const role = ORGANISATION_ROLE_LABELS[application.role].toLowerCase();
  const investor = <strong>{application.investor.name}</strong>;
  if (application.kind === 'join' || application.organisation)
    return (
      <>
        {investor} is linked to <strong>{targetName(application)}</strong> as {role}, and notified.
      </>
    );
  const type = application.proposed_type ? ` (${ORGANISATION_TYPE_LABELS[application.proposed_type]})` : '';
  return (
    <>
      A new organisation, <strong>{application.proposed_name}</strong>
      {type}, is added; {investor} is linked to it as {role}, and notified.
    </>
  );
}

/** Approve or reject a pending application (investors:update); the caller shows it only then. */
export function ApplicationDecision({ application }: { application: OrganisationApplication }) {
  const [asking, setAsking] = useState<'approve' | 'reject'>();
  const approve = useApproveApplication();
  const reject = useRejectApplication();

  return (
    <>
      <Button
        leftSection={<IconCheck size={18} aria-hidden />}
        color="success"
        onClick={() => setAsking('approve')}
      >
        Approve
      </Button>
      <Button
        leftSection={<IconX size={18} aria-hidden />}
        variant="default"
        color="danger"
        onClick={() => setAsking('reject')}
      >
        Reject
      </Button>
      <ConfirmModal
        opened={asking === 'approve'}
        onClose={() => setAsking(undefined)}
        title="Approve application"
        confirmLabel="Approve"
        onConfirm={async () => {
          await approve.mutateAsync(application.id);
          notifications.show({
            color: 'success',
            title: 'Application approved',
            message: `${application.investor.name} was told of the decision.`,
          });
        }}
      >
        {approvalEffect(application)}
      </ConfirmModal>
      <RejectModal
        opened={asking === 'reject'}
        onClose={() => setAsking(undefined)}
        title="Reject application"
        confirmLabel="Reject"
        schema={rejectOrganisationApplicationInputSchema}
        maxLength={2000}
        onReject={async (reason) => {
          await reject.mutateAsync({ id: application.id, reason });
          notifications.show({
            color: 'success',
            title: 'Application rejected',
            message: `${application.investor.name} was told of the decision and your reason.`,
          });
        }}
      >
        {application.investor.name} is notified that their application was not approved, with your reason.
      </RejectModal>
    </>
  );
}
