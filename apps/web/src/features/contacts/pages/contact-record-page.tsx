import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { LeadStatusBadge } from '../../../components/records/lead-status-badge';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { RecordPage } from '../../../components/records/record-page';
import { ADMIN_SCREENS, canOpenAdminScreen } from '../../../config/admin-menu';
import { CONTACT_TABS, recordPath, visibleRecordTabs } from '../../../config/records';
import { useFeatures } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { useTerminology } from '../../../lib/terminology';
import { useContact } from '../api/get-contact';
import { useRecordId } from '../../../lib/records/use-record-id';
import { categoryLabel, ContactStateBadge } from '../components/contact-badges';
import { ContactHeaderActions } from '../components/contact-header-actions';

/**
 * /admin/investors/contacts/{id}/details and its tabs (spec §2.1): the contact's header, the tabs this
 * role may see, and the open tab below. A contact who registered links to their investor record.
 */
export function ContactRecordPage() {
  const id = useRecordId();
  const user = useUser();
  const features = useFeatures();
  const terminology = useTerminology();
  const { data: contact, isError, error, refetch, isFetching } = useContact(id);

  if (id === undefined || isNotFound(error)) return <ErrorPage status={404} />;

  const tabs = visibleRecordTabs(CONTACT_TABS, user.role_id, features);
  const investor = contact?.investor;
  const mayOpenInvestor = canOpenAdminScreen(user.role_id, ADMIN_SCREENS.investorDetails, features);
  return (
    <RecordPage
      title={contact?.name}
      description={
        contact && (
          <Stack gap={2}>
            {(contact.email || contact.company) && (
              <Text size="sm" c="dimmed">
                {[contact.email, [contact.job_title, contact.company].filter(Boolean).join(', ')]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
            {investor && (
              <Group gap={6} wrap="nowrap">
                <IconUserCheck size={16} aria-hidden />
                <Text size="sm">
                  Registered as {terminology.investor.toLowerCase()}{' '}
                  {mayOpenInvestor ? (
                    <Anchor component={Link} to={recordPath('investor', investor.id)} size="sm" fw={600}>
                      {investor.name}
                    </Anchor>
                  ) : (
                    <strong>{investor.name}</strong>
                  )}
                </Text>
              </Group>
            )}
          </Stack>
        )
      }
      back={{ label: 'Contacts', to: ADMIN_SCREENS.contacts.path }}
      badges={
        contact && (
          <Group gap={6}>
            <ContactStateBadge state={contact.state} />
            <LeadStatusBadge status={contact.lead_status} />
            {contact.category && (
              <Badge variant="outline" color="primaryLighter" title={terminology.investor_categorisation}>
                {categoryLabel(terminology, contact.category)}
              </Badge>
            )}
          </Group>
        )
      }
      actions={contact && <ContactHeaderActions contact={contact} />}
      basePath={recordPath('contact', id)}
      tabs={tabs}
    >
      {isError ? (
        <RecordLoadError
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
          listPath={ADMIN_SCREENS.contacts.path}
        />
      ) : (
        <Outlet />
      )}
    </RecordPage>
  );
}
