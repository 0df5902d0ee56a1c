import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IMPORT_FIELDS, type Import, type ImportPreview } from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { submitFailure } from '../../../components/form/server-errors';
import { isApiError } from '../../../lib/api-error';
import { formatNumber, plural } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useImportPreview } from '../api/get-import-preview';
import { useRunImport } from '../api/run-import';
import { ImportCounts } from './import-counts';
import { rowProblems } from './import-rules';

interface ImportPreviewStepProps {
  item: Import;
  onBack: () => void;
  onStarted: (item: Import) => void;
  /** tells the wizard whether the request that starts the run is under way */
  onBusyChange: (busy: boolean) => void;
}

type Shown = 'all' | 'errors';

const ACTION: Record<ImportPreview['rows'][number]['action'], { label: string; color: string }> = {
  create: { label: 'New', color: 'green' },
  update: { label: 'Update', color: 'blue' },
  skip: { label: 'Skipped', color: 'red' },
};

function previewFailure(error: unknown): string {
  if (!isApiError(error)) return 'Please try again.';
  if (error.kind === 'timeout') return 'The server took too long to check every row: please try again.';
  return error.unanswered ? 'Please try again.' : error.message;
}

const rows = (count: number) => plural(count, 'row');

/** Step 3: the rows as the server reads them with this mapping, each bad row with its problems. */
export function ImportPreviewStep({ item, onBack, onStarted, onBusyChange }: ImportPreviewStepProps) {
  const terminology = useTerminology();
  const preview = useImportPreview(item.id);
  const run = useRunImport();
  const [shown, setShown] = useState<Shown>('all');
  const [invite, setInvite] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const fields = IMPORT_FIELDS[item.kind].filter((field) => item.mapping[field.key] !== undefined);

  useEffect(() => {
    onBusyChange(run.isPending);
    return () => onBusyChange(false);
  }, [run.isPending, onBusyChange]);

  const start = async () => {
    setRunError(null);
    try {
      onStarted(await run.mutateAsync({ id: item.id, sendInvitations: invite }));
    } catch (error) {
      setRunError(submitFailure(error, []).formError);
    }
  };

  if (preview.isPending) {
    return (
      <Group gap="sm" role="status" aria-live="polite" py="xl" justify="center">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Checking {rows(item.total_rows)}…</Text>
      </Group>
    );
  }
  if (preview.isError) {
    return (
      <Stack gap="md">
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          The rows could not be checked. {previewFailure(preview.error)}
        </Alert>
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back to the columns
          </Button>
          <Button onClick={() => void preview.refetch()}>Try again</Button>
        </Group>
      </Stack>
    );
  }

  const { data } = preview;
  const invalidRows = data.rows.filter((row) => Object.keys(row.errors).length > 0);
  const visible = shown === 'errors' ? invalidRows : data.rows;
  const firstRows = data.rows.length - invalidRows.length;

  return (
    <Stack gap="md">
      <ImportCounts
        label="What the import will do"
        counts={[
          { label: 'Rows in the file', value: item.total_rows },
          { label: 'Valid', value: data.valid_rows, color: 'green' },
          {
            label: 'With errors',
            value: data.invalid_rows,
            color: data.invalid_rows > 0 ? 'red' : undefined,
          },
          { label: 'New', value: data.creates },
          { label: 'Updates', value: data.updates },
        ]}
      />
      <Text size="sm">
        {data.invalid_rows === 0
          ? `Every row can be imported: ${formatNumber(data.creates)} new, ${formatNumber(data.updates)} matched on email and updated.`
          : `${rows(data.invalid_rows)} with errors will be skipped and reported; the other ${rows(data.valid_rows)} will be imported. To import them too, fix the file and upload it again.`}
      </Text>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Rows shown"
          value={shown}
          onChange={(value) => setShown(value === 'errors' ? 'errors' : 'all')}
          data={[
            { value: 'all', label: `All rows shown (${formatNumber(data.rows.length)})` },
            { value: 'errors', label: `Rows with errors (${formatNumber(invalidRows.length)})` },
          ]}
        />
        <Text size="xs" c="dimmed">
          The first {rows(firstRows)} and every row with an error.
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640} maxHeight={360}>
        <Table highlightOnHover stickyHeader verticalSpacing={6} fz="sm">
          <Table.Caption>
            {shown === 'errors' ? 'Rows with errors' : 'Rows of the file'}, as they will be imported
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              {fields.map((field) => (
                <Table.Th key={field.key} scope="col">
                  {field.label}
                </Table.Th>
              ))}
              <Table.Th scope="col">Action</Table.Th>
              <Table.Th scope="col">Problems</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={fields.length + 3}>
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    No row has an error.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              visible.map((row) => {
                const problems = rowProblems(item.kind, row.errors);
                const invalid = problems.length > 0;
                return (
                  <Table.Tr
                    key={row.row}
                    data-invalid={invalid || undefined}
                    aria-invalid={invalid || undefined}
                    bg={invalid ? 'var(--mantine-color-red-0)' : undefined}
                  >
                    <Table.Th scope="row" fw={600}>
                      {row.row}
                    </Table.Th>
                    {fields.map((field) => (
                      <Table.Td
                        key={field.key}
                        c={row.errors[field.key] ? 'danger.8' : undefined}
                        fw={row.errors[field.key] ? 600 : undefined}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {row.values[field.key] || (
                          <Text span size="sm" c="dimmed">
                            <span aria-hidden>—</span>
                            <VisuallyHidden>empty</VisuallyHidden>
                          </Text>
                        )}
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Badge size="sm" variant="light" color={ACTION[row.action].color}>
                        {ACTION[row.action].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td c="danger.8" miw={220}>
                      {problems.map((problem) => (
                        <div key={problem}>{problem}</div>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {item.kind === 'investors' && data.creates > 0 && (
        <Checkbox
          label={`Email each new ${inSentence(terminology.investor)} an invitation to set their password`}
          description="Left unticked, they can still be invited one by one later."
          checked={invite}
          onChange={(event) => setInvite(event.currentTarget.checked)}
          disabled={run.isPending}
        />
      )}
      <FormError message={runError} />
      {data.valid_rows === 0 && (
        <Alert color="danger" variant="light" role="alert">
          No row can be imported: fix the file and upload it again.
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <Button variant="default" onClick={onBack} disabled={run.isPending}>
          Back to the columns
        </Button>
        <Button onClick={() => void start()} loading={run.isPending} disabled={data.valid_rows === 0}>
          Import {rows(data.valid_rows)}
        </Button>
      </Group>
    </Stack>
  );
}
