import { Alert, Badge, Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { KpiImportPreview } from '@portico/contracts';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { isApiError } from '../../../lib/api-error';
import { plural } from '../../../lib/format';
import { MODAL_SIZES } from '../../../theme/theme';
import { useCommitKpiImport, usePreviewKpiImport } from '../api/kpi-reports';
import { formatKpiValue } from '../kpi-values';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const failure = (error: unknown, fallback: string) => {
  if (!isApiError(error) || error.unanswered) return fallback;
  const fields = typeof error.errors === 'object' ? Object.values(error.errors).flat() : [];
  return fields.length > 0 ? fields.join(' ') : error.message;
};

function PreviewTable({ preview }: { preview: KpiImportPreview }) {
  return (
    <Table.ScrollContainer minWidth={560} maxHeight={340}>
      <Table stickyHeader verticalSpacing={6} fz="sm">
        <Table.Caption>The file’s rows, as they will be stored</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">KPI</Table.Th>
            <Table.Th scope="col">Value</Table.Th>
            <Table.Th scope="col">Replaces</Table.Th>
            <Table.Th scope="col">Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row) => {
            const invalid = row.errors.length > 0;
            return (
              <Table.Tr
                key={row.row}
                aria-invalid={invalid || undefined}
                bg={invalid ? 'var(--mantine-color-red-0)' : undefined}
              >
                <Table.Th scope="row">{row.row}</Table.Th>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {row.unit && !invalid ? formatKpiValue(row.value, row.unit) : row.value}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {row.current_value !== null && row.unit ? formatKpiValue(row.current_value, row.unit) : '—'}
                </Table.Td>
                <Table.Td c="danger.8">
                  {invalid ? (
                    row.errors.join(' ')
                  ) : (
                    <Badge size="sm" variant="light" color="green">
                      OK
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface KpiImportModalProps {
  opened: boolean;
  onClose: () => void;
  opportunityId: number;
  period: string;
  periodLabel: string;
  companyName: string;
}

/**
 * A period's values from a CSV or Excel file (columns "KPI" and "Value"): the server reads it and lists
 * each row's problems (an unknown KPI, a bad number, a repeat) before anything is stored; the values go
 * in only when every row is right.
 */
export function KpiImportModal({
  opened,
  onClose,
  opportunityId,
  period,
  periodLabel,
  companyName,
}: KpiImportModalProps) {
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewKpiImport();
  const commit = useCommitKpiImport();
  const [error, setError] = useState<string | null>(null);
  const busy = preview.isPending || commit.isPending;

  const close = () => {
    if (busy) return;
    setFile(null);
    setError(null);
    preview.reset();
    commit.reset();
    onClose();
  };

  const check = async () => {
    if (!file) {
      setError('Choose a file first.');
      return;
    }
    setError(null);
    try {
      await preview.mutateAsync({ opportunityId, period, file });
    } catch (caught) {
      setError(failure(caught, 'The file could not be checked. Please try again.'));
    }
  };

  const store = async () => {
    if (!file) return;
    setError(null);
    try {
      const report = await commit.mutateAsync({ opportunityId, period, file });
      notifications.show({
        color: 'success',
        title: 'KPIs imported',
        message: `${plural(preview.data?.valid_count ?? report.values_count, 'value')} imported for ${periodLabel}.`,
      });
      close();
    } catch (caught) {
      setError(failure(caught, 'The values could not be imported. Please try again.'));
    }
  };

  const data = preview.data;
  const ready =
    data !== undefined && data.error_count === 0 && data.errors.length === 0 && data.valid_count > 0;

  return (
    <Modal opened={opened} onClose={close} title="Import KPIs from a file" size={MODAL_SIZES.standard}>
      <Stack gap="md">
        <Text size="sm">
          {companyName}, {periodLabel}. The file needs a heading row with the columns <strong>KPI</strong>{' '}
          (the KPI’s name) and <strong>Value</strong>; a value for a KPI that has one corrects it, and the old
          value is kept in its history.
        </Text>
        <FileInput
          label="File"
          description="CSV or Excel (.xlsx)"
          placeholder="Choose a file"
          accept={ACCEPT}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            preview.reset();
            setError(null);
          }}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          clearable
        />
        {data && (
          <Stack gap="sm">
            {data.errors.length > 0 && (
              <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
                <List size="sm">
                  {data.errors.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group gap="xs" role="status">
              <Badge variant="light" color="green">
                {plural(data.valid_count, 'valid row')}
              </Badge>
              <Badge variant="light" color={data.error_count > 0 ? 'red' : 'gray'}>
                {plural(data.error_count, 'row')} with problems
              </Badge>
            </Group>
            {data.error_count > 0 && (
              <Text size="sm">
                Correct the rows with problems in the file and check it again: nothing is stored yet.
              </Text>
            )}
            {data.rows.length > 0 && <PreviewTable preview={data} />}
          </Stack>
        )}
        <FormError message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          {ready ? (
            <Button onClick={() => void store()} loading={commit.isPending}>
              Import {plural(data.valid_count, 'value')}
            </Button>
          ) : (
            <Button onClick={() => void check()} loading={preview.isPending}>
              Check the file
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
