import { Alert, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { INSIDER_LIST_COLUMNS, formatInsiderTime, type InsiderEntry } from '@portico/contracts';
import { MODAL_SIZES } from '../../../theme/theme';
import { useInsiderEntryVersions } from '../api/insider-lists';

const TIME_KEYS = new Set(['obtained_at', 'ceased_at']);

/** Every version of an entry, oldest first, with what changed from the one before. */
export function HistoryModal({ entry, onClose }: { entry: InsiderEntry | null; onClose: () => void }) {
  const { data, isPending, isError } = useInsiderEntryVersions(entry?.entry_id ?? null);
  const shown = (version: InsiderEntry, key: (typeof INSIDER_LIST_COLUMNS)[number]['key']) => {
    const value = version[key];
    return TIME_KEYS.has(key) ? formatInsiderTime(value) || '—' : value || '—';
  };
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? `History of ${entry.first_names} ${entry.surnames}’s entry` : 'History'}
      size={MODAL_SIZES.wide}
    >
      {isError ? (
        <Alert color="red">The history could not be loaded. Close this and try again.</Alert>
      ) : isPending || !data ? (
        <Skeleton height={160} />
      ) : (
        <Stack gap="md">
          {data.map((version, index) => {
            const previous = index > 0 ? data[index - 1] : undefined;
            const changed = INSIDER_LIST_COLUMNS.filter(
              (column) => !previous || shown(previous, column.key) !== shown(version, column.key),
            );
            return (
              <Stack key={version.version ?? index} gap={4}>
                <Text fw={600}>
                  Version {version.version}: {formatInsiderTime(version.created_at)}
                  {version.created_by ? ` by ${version.created_by.name}` : ''}
                </Text>
                <Table withRowBorders={false} verticalSpacing={2}>
                  <Table.Caption>
                    {previous ? 'What this version changed' : 'The entry as first recorded'}
                  </Table.Caption>
                  <Table.Tbody>
                    {changed.map((column) => (
                      <Table.Tr key={column.key}>
                        <Table.Th scope="row" w="40%">
                          {column.label}
                        </Table.Th>
                        <Table.Td>{shown(version, column.key)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Modal>
  );
}
