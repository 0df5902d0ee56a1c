import { Badge, Button, Spoiler, Stack, Text } from '@mantine/core';
import { can, CONSENT_LABELS, type Consent, type ConsentKind, type ConsentState } from '@portico/contracts';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { LoadError } from '../../../components/records/compliance/load-error';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { RecordSection } from '../../../components/records/record-section';
import { formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useConsents } from '../api/consents';
import { RecordConsentModal } from '../components/record-consent-modal';

function GivenBadge({ given }: { given: boolean | null }) {
  if (given === null)
    return (
      <Badge color="gray" variant="light">
        Not asked
      </Badge>
    );
  return given ? (
    <Badge color="success" variant="light">
      Given
    </Badge>
  ) : (
    <Badge color="danger" variant="light">
      Withdrawn
    </Badge>
  );
}

/**
 * /admin/investors/{id}/details/consent: where each consent stands and the append-only log of every
 * consent given or withdrawn, with its wording (DOMAIN.md, Compliance). Entries are only ever added.
 */
export function InvestorConsentPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const terminology = useTerminology();
  const { data, isPending, isError, error, refetch, isFetching } = useConsents(id);
  const [recording, setRecording] = useState<{ kind: ConsentKind | null }>();
  const mayRecord = can(user.role_id, 'investors', 'update');
  const investorWord = inSentence(terminology.investor);

  if (isError)
    return <LoadError what="The consents" error={error} retry={() => void refetch()} retrying={isFetching} />;

  const by = (entry: Consent | null) => (entry ? (entry.recorded_by?.name ?? `The ${investorWord}`) : '—');

  const stateColumns: DataTableColumn<ConsentState>[] = [
    {
      key: 'kind',
      header: 'Consent',
      render: (state) => (
        <Text size="sm" fw={600}>
          {CONSENT_LABELS[state.kind]}
        </Text>
      ),
    },
    { key: 'given', header: 'Now', render: (state) => <GivenBadge given={state.given} /> },
    {
      key: 'since',
      header: 'Since',
      nowrap: true,
      visibleFrom: 'sm',
      render: (state) => formatDateTime(state.latest?.created_at),
    },
    { key: 'by', header: 'Recorded by', visibleFrom: 'md', render: (state) => by(state.latest) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (state) =>
        mayRecord && (
          <Button
            size="xs"
            variant="light"
            aria-label={`Record ${CONSENT_LABELS[state.kind].toLowerCase()} consent`}
            onClick={() => setRecording({ kind: state.kind })}
          >
            Record
          </Button>
        ),
    },
  ];

  const logColumns: DataTableColumn<Consent>[] = [
    {
      key: 'when',
      header: 'When',
      nowrap: true,
      render: (entry) => formatDateTime(entry.created_at),
    },
    { key: 'kind', header: 'Consent', render: (entry) => CONSENT_LABELS[entry.kind] },
    { key: 'given', header: 'Decision', render: (entry) => <GivenBadge given={entry.given} /> },
    { key: 'by', header: 'Recorded by', visibleFrom: 'sm', render: by },
    {
      key: 'wording',
      header: 'Wording',
      visibleFrom: 'md',
      render: (entry) => (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {entry.wording_version ? `Version ${entry.wording_version}` : 'Version unknown'}
          </Text>
          <Spoiler maxHeight={40} showLabel="Show the wording" hideLabel="Hide" fz="sm">
            {entry.wording}
          </Spoiler>
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="lg" mt="md">
      <RecordSection
        title="Consents"
        description={`What the ${investorWord} has agreed to now.`}
        actions={
          mayRecord && (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setRecording({ kind: null })}
            >
              Record consent
            </Button>
          )
        }
      >
        <DataTable
          caption="Current consents"
          columns={stateColumns}
          rows={data?.current}
          rowKey={(state) => state.kind}
          loading={isPending}
          skeletonRows={3}
        />
      </RecordSection>

      <RecordSection
        title="Consent log"
        description="Every consent given or withdrawn, newest first, with the words shown. Entries are never changed or deleted."
      >
        <DataTable
          caption="Consent log"
          columns={logColumns}
          rows={data?.log}
          rowKey={(entry) => entry.id}
          loading={isPending}
          skeletonRows={3}
          empty={
            <SectionEmpty
              icon={<IconListCheck size={28} aria-hidden />}
              title="No consents recorded yet"
              description={`The ${investorWord} gives consents in the portal, or staff record them here.`}
            />
          }
        />
      </RecordSection>

      <RecordConsentModal
        investorId={id}
        states={data?.current ?? []}
        kind={recording?.kind ?? null}
        opened={recording !== undefined}
        onClose={() => setRecording(undefined)}
      />
    </Stack>
  );
}
