import { Button, CopyButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { Import } from '@portico/contracts';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { formatNumber } from '../../../lib/format';
import { failuresCsv, failuresFileName, failuresText, rowProblems } from './import-rules';

/** The rows an import could not write, each with its row number in the file and the reason. */
export function ImportFailures({ item }: { item: Import }) {
  const titleId = useId();
  if (item.row_errors.length === 0) return null;
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${failuresCsv(item)}`)}`;
  const partial = item.failed_count > item.row_errors.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={4} id={titleId} fz="md">
          Rows not imported
        </Title>
        <Group gap="xs">
          <Button
            component="a"
            href={href}
            download={failuresFileName(item.file_name)}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download as CSV
          </Button>
          <CopyButton value={failuresText(item)}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Group>
      {partial && (
        <Text size="xs" c="dimmed">
          The first {formatNumber(item.row_errors.length)} of {formatNumber(item.failed_count)} are listed.
        </Text>
      )}
      <Table.ScrollContainer minWidth={420} maxHeight={280}>
        <Table verticalSpacing={6} fz="sm" stickyHeader aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={80}>
                Row
              </Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.row_errors.map((failure) => (
              <Table.Tr key={failure.row}>
                <Table.Th scope="row" fw={600}>
                  {failure.row}
                </Table.Th>
                <Table.Td>
                  {rowProblems(item.kind, failure.errors).map((problem) => (
                    <div key={problem}>{problem}</div>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
