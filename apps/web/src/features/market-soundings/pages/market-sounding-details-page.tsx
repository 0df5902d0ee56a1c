import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { can } from '@portico/contracts/constants';
import { IconAlertTriangle, IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { RecordSection } from '../../../components/records/record-section';
import { Paragraphs } from '../../../components/text/paragraphs';
import { isApiError } from '../../../lib/api-error';
import { recordPath } from '../../../config/records';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useUser } from '../../../lib/session';
import { useMarketSounding } from '../api/market-soundings';
import { CleanseModal } from '../components/cleanse-modal';
import { ConsentWording } from '../components/consent-wording';
import { EventsTimeline } from '../components/events-timeline';
import { RecipientsTable } from '../components/recipients-table';
import { SoundingStatusBadge } from '../components/sounding-badges';
import { formatLondon } from '../../../lib/london-time';
import { marketSoundingPaths } from '../paths';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/**
 * /admin/insider-register/market-soundings/{id} (issue 21): what was sounded and disclosed, the wording,
 * every investor's decision and answer, the timeline, and Cleanse (once, with a reason).
 */
export function MarketSoundingDetailsPage() {
  const user = useUser();
  const id = useRecordId();
  const { data: sounding, isPending, isError, error } = useMarketSounding(id);
  const [cleansing, setCleansing] = useState(false);
  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;
  const mayCleanse = can(user.role_id, 'compliance', 'update');

  return (
    <Stack gap={0}>
      <Anchor component={Link} to={marketSoundingPaths.list} size="sm" mb="xs">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Market soundings
        </Group>
      </Anchor>
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          This market sounding could not be loaded. {isApiError(error) ? error.message : ''}
        </Alert>
      ) : isPending ? (
        <Stack gap="md" aria-label="Loading" aria-busy>
          <Skeleton height={36} width="40%" />
          <Skeleton height={80} radius="md" />
          <Skeleton height={240} radius="md" />
        </Stack>
      ) : (
        <>
          <PageHeader
            title={`Market sounding: ${sounding.subject.name}`}
            actions={
              <Group gap="xs">
                <Button component={Link} to={marketSoundingPaths.registerOf(sounding.id)} variant="default">
                  Acceptances in the register
                </Button>
                {sounding.cleansed_at === null && mayCleanse && (
                  <Button
                    color="danger"
                    variant="light"
                    leftSection={<IconShieldCheck size={16} aria-hidden />}
                    onClick={() => setCleansing(true)}
                  >
                    Cleanse
                  </Button>
                )}
              </Group>
            }
          />
          <Stack gap="lg">
            {sounding.cleansed_at !== null && (
              <Alert color="gray" variant="light" icon={<IconShieldCheck aria-hidden />} title="Cleansed">
                Cleansed {formatLondon(sounding.cleansed_at)}
                {sounding.cleansing_reason ? `: ${sounding.cleansing_reason}` : ''}. The investors who
                accepted were told it is no longer inside information.
              </Alert>
            )}
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" m={0}>
                <Fact label="Status">
                  <SoundingStatusBadge cleansedAt={sounding.cleansed_at} />
                </Fact>
                <Fact label={sounding.subject.type === 'deal' ? 'Pipeline deal' : 'Draft opportunity'}>
                  <Anchor
                    component={Link}
                    to={recordPath(
                      sounding.subject.type === 'deal' ? 'pipeline_deal' : 'opportunity',
                      sounding.subject.id,
                    )}
                  >
                    {sounding.subject.name}
                  </Anchor>
                </Fact>
                <Fact label="Sent">
                  {formatLondon(sounding.created_at)}
                  {sounding.created_by ? ` by ${sounding.created_by.name}` : ''}
                </Fact>
                <Fact label="Investors">
                  {sounding.counts.invited} invited, {sounding.counts.accepted} accepted,{' '}
                  {sounding.counts.declined} declined, {sounding.counts.answered} answered
                </Fact>
              </SimpleGrid>
            </Paper>
            <RecordSection
              title="What is disclosed"
              description="Shown to an investor only after they accept."
            >
              <Paragraphs text={sounding.summary} />
            </RecordSection>
            <RecordSection title="Consent wording" description="What every investor read before deciding.">
              <ConsentWording text={sounding.wording} />
            </RecordSection>
            <RecordSection title="Investors" description={`${sounding.recipients.length} sounded`}>
              <RecipientsTable recipients={sounding.recipients} />
            </RecordSection>
            <RecordSection
              title="Timeline"
              description="Every step, in UTC, shown in London time. None can be changed."
            >
              <EventsTimeline events={sounding.events} />
            </RecordSection>
          </Stack>
          {sounding.cleansed_at === null && (
            <CleanseModal sounding={sounding} opened={cleansing} onClose={() => setCleansing(false)} />
          )}
        </>
      )}
    </Stack>
  );
}
