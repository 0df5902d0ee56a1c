import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  INSIDER_HEADER_LABELS,
  INSIDER_LIST_TYPES,
  can,
  formatInsiderTime,
  type InsiderEntry,
  type InsiderListType,
} from '@portico/contracts';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { isNotFound, RecordLoadError } from '../../../components/records/record-load-error';
import { useUser } from '../../../lib/session';
import { exportHref, useAddInsiderVersion, useInsiderList } from '../api/insider-lists';
import { EntriesTable } from '../components/entries-table';
import { AddInsiderModal, AmendInsiderModal } from '../components/entry-form-modal';
import { HistoryModal } from '../components/history-modal';
import { INSIDER_LISTS_PATH } from '../paths';

const isListType = (value: string | undefined): value is InsiderListType =>
  (INSIDER_LIST_TYPES as readonly string[]).includes(value ?? '');

function CeaseModal({ entry, onClose }: { entry: InsiderEntry & { entry_id: number }; onClose: () => void }) {
  const cease = useAddInsiderVersion(entry.entry_id);
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title="Record that access ceased?"
      confirmLabel="Ceased access"
      danger
      onConfirm={async () => {
        await cease.mutateAsync({ ceased_at: new Date().toISOString() });
        notifications.show({
          color: 'success',
          title: 'Access ceased',
          message: `${entry.first_names} ${entry.surnames} no longer has access.`,
        });
      }}
    >
      {entry.first_names} {entry.surnames} ceased to have access to the inside information now. This is kept
      as a new version of their entry; to record an earlier time, use Amend instead.
    </ConfirmModal>
  );
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'complete'; entry: InsiderEntry }
  | { kind: 'amend'; entry: InsiderEntry & { entry_id: number } }
  | { kind: 'cease'; entry: InsiderEntry & { entry_id: number } };

const withEntryId = (entry: InsiderEntry): (InsiderEntry & { entry_id: number }) | null =>
  entry.entry_id === null ? null : { ...entry, entry_id: entry.entry_id };

/** One insider list: the header times, the entries in the template's columns, and what staff may record. */
export function InsiderListPage() {
  const params = useParams();
  const type = isListType(params.type) ? params.type : undefined;
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : undefined;
  if (!type || id === undefined || (type !== 'permanent' && id < 1)) return <ErrorPage status={404} />;
  return <InsiderList type={type} id={id} />;
}

function InsiderList({ type, id }: { type: InsiderListType; id: number }) {
  const user = useUser();
  const canAdd = can(user.role_id, 'compliance', 'create');
  const canChange = can(user.role_id, 'compliance', 'update');
  const { data: list, isError, error, refetch, isFetching } = useInsiderList(type, id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [history, setHistory] = useState<InsiderEntry | null>(null);
  const close = () => setDialog(null);

  if (isNotFound(error)) return <ErrorPage status={404} />;
  if (isError)
    return (
      <RecordLoadError
        error={error}
        retry={() => void refetch()}
        retrying={isFetching}
        listPath={INSIDER_LISTS_PATH}
        what="This insider list"
      />
    );
  if (!list) return <Skeleton height={320} />;
  const permanent = type === 'permanent';

  return (
    <Stack gap="lg">
      <PageHeader
        title={permanent ? 'Permanent insiders' : `Insider list: ${list.name}`}
        description={
          permanent
            ? 'People with access at all times to all inside information of the firm.'
            : 'Everyone with access to the inside information about this deal: staff, advisers and sounded investors.'
        }
        actions={
          <Group gap="xs">
            <Button
              component="a"
              href={exportHref(type, id)}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Export to Excel
            </Button>
            {canAdd && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setDialog({ kind: 'add' })}
              >
                Add insider
              </Button>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap={4}>
          <Text size="sm">
            <strong>
              {permanent ? INSIDER_HEADER_LABELS.permanent_created_at : INSIDER_HEADER_LABELS.created_at}:
            </strong>{' '}
            {formatInsiderTime(list.created_at) || 'not yet created (it is with its first entry)'}
          </Text>
          <Text size="sm">
            <strong>{INSIDER_HEADER_LABELS.last_update_at}:</strong>{' '}
            {formatInsiderTime(list.last_update_at) || '—'}
          </Text>
          <Text size="sm">
            <strong>{INSIDER_HEADER_LABELS.transmitted_at}:</strong>{' '}
            {formatInsiderTime(list.transmitted_at) || 'not transmitted'}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {list.entries.length === 0 ? (
          <Stack align="center" gap="xs" py="lg">
            <Text>Nobody is on this list yet.</Text>
            {canAdd && (
              <Button variant="light" onClick={() => setDialog({ kind: 'add' })}>
                Add insider
              </Button>
            )}
          </Stack>
        ) : (
          <EntriesTable
            entries={list.entries}
            permanent={permanent}
            canChange={canChange}
            onAmend={(entry) => {
              const known = withEntryId(entry);
              if (known) setDialog({ kind: 'amend', entry: known });
            }}
            onCease={(entry) => {
              const known = withEntryId(entry);
              if (known) setDialog({ kind: 'cease', entry: known });
            }}
            onHistory={setHistory}
            onComplete={(entry) => setDialog({ kind: 'complete', entry })}
          />
        )}
      </Paper>
      <AddInsiderModal
        opened={dialog?.kind === 'add' || dialog?.kind === 'complete'}
        type={type}
        id={id}
        completing={dialog?.kind === 'complete' ? dialog.entry : undefined}
        onClose={close}
      />
      {dialog?.kind === 'amend' && (
        <AmendInsiderModal opened entry={dialog.entry} permanent={permanent} onClose={close} />
      )}
      {dialog?.kind === 'cease' && <CeaseModal entry={dialog.entry} onClose={close} />}
      <HistoryModal entry={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
