import { Anchor, Text } from '@mantine/core';
import {
  can,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_TYPE_LABELS,
  type OrganisationApplication,
} from '@portico/contracts';
import { Link } from 'react-router';
import { RecordFacts, type RecordFact } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { recordPath } from '../../../config/records';
import { formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { ApplicationStatusBadge } from './application-status-badge';

/** What the investor asked for, and what was decided. */
export function ApplicationSummary({ application }: { application: OrganisationApplication }) {
  const user = useUser();
  const mayOpen = can(user.role_id, 'investors', 'show');
  const { investor, organisation } = application;
  const link = (to: string, text: string) =>
    mayOpen ? (
      <Anchor component={Link} to={to} size="sm">
        {text}
      </Anchor>
    ) : (
      text
    );

  const request: RecordFact[] = [
    {
      label: 'Investor',
      value: (
        <>
          {link(recordPath('investor', investor.id), investor.name)}
          <Text span size="xs" c="dimmed" display="block">
            {investor.email}
          </Text>
        </>
      ),
    },
    {
      label: 'Request',
      value: application.kind === 'join' ? 'Join an organisation' : 'Add a new organisation',
    },
    ...(application.kind === 'create'
      ? [
          { label: 'Proposed name', value: application.proposed_name },
          {
            label: 'Proposed type',
            value: application.proposed_type && ORGANISATION_TYPE_LABELS[application.proposed_type],
          },
          { label: 'Registration number', value: application.registration_number },
        ]
      : []),
    {
      label: application.kind === 'join' ? 'Organisation' : 'Organisation added',
      value: organisation
        ? link(recordPath('organisation', organisation.id), organisation.name)
        : application.kind === 'join'
          ? 'No longer exists'
          : null,
    },
    { label: 'As', value: ORGANISATION_ROLE_LABELS[application.role] },
    { label: 'Received', value: formatDateTime(application.created_at) },
    { label: 'Message', value: application.message, wide: true },
  ];

  const decision: RecordFact[] = [
    { label: 'Status', value: <ApplicationStatusBadge status={application.status} /> },
    { label: 'Decided by', value: application.reviewed_by?.name },
    { label: 'Decided', value: application.reviewed_at && formatDateTime(application.reviewed_at) },
    ...(application.status === 'rejected'
      ? [{ label: 'Reason', value: application.reason, wide: true }]
      : []),
  ];

  return (
    <>
      <RecordSection title="Application">
        <RecordFacts facts={request} />
      </RecordSection>
      {application.status !== 'pending' && (
        <RecordSection title="Decision">
          <RecordFacts facts={decision} />
        </RecordSection>
      )}
    </>
  );
}
