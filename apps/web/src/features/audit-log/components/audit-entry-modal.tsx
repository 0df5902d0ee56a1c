import { Code, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { auditSubjectLabel, type AuditLogEntry } from '@portico/contracts';
import { formatDateTime } from '../../../lib/format';

type Entry = Partial<AuditLogEntry>;

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Every key either side holds, in the order first written, with whether it changed. */
export function compareSnapshots(before: Entry['before'], after: Entry['after']) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const was = before ? before[key] : undefined;
    const is = after ? after[key] : undefined;
    return { key, before: shown(was), after: shown(is), changed: JSON.stringify(was) !== JSON.stringify(is) };
  });
}

/** One audit row: who, when, what, and its values before and after side by side, the changed ones marked. */
export function AuditEntryModal({ entry, onClose }: { entry: Entry | undefined; onClose: () => void }) {
  const rows = entry ? compareSnapshots(entry.before, entry.after) : [];
  return (
    <Modal
      opened={entry !== undefined}
      onClose={onClose}
      title={entry?.description ?? 'Audit entry'}
      size="xl"
    >
      {entry && (
        <Stack gap="md">
          <Group gap="xl" wrap="wrap">
            <Text size="sm">
              <strong>When:</strong> {entry.created_at ? formatDateTime(entry.created_at) : '—'}
            </Text>
            <Text size="sm">
              <strong>Who:</strong>{' '}
              {entry.actor ? (entry.actor.name ?? `User ${entry.actor.id} (deleted)`) : 'The platform'}
            </Text>
            <Text size="sm">
              <strong>Record:</strong> {entry.subject_type ? auditSubjectLabel(entry.subject_type) : '—'}
              {entry.subject_id != null ? ` #${entry.subject_id}` : ''}
            </Text>
          </Group>
          <Text size="sm">
            <strong>Action:</strong> <Code>{entry.action}</Code>
            {entry.ip ? ` from ${entry.ip}` : ''}
            {entry.request_id ? `, request ${entry.request_id}` : ''}
          </Text>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              This entry records that it happened; it holds no values.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Table striped withTableBorder>
                <Table.Caption>Values before and after; a changed value is marked “changed”.</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Field</Table.Th>
                    <Table.Th scope="col">Before</Table.Th>
                    <Table.Th scope="col">After</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key} fw={row.changed ? 600 : undefined}>
                      <Table.Th scope="row">
                        {row.key}
                        {row.changed && (
                          <Text span size="xs" c="primary.7" ml={6}>
                            changed
                          </Text>
                        )}
                      </Table.Th>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.before}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.after}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </Modal>
  );
}
