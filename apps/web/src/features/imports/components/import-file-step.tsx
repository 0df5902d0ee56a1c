import { ActionIcon, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Import, ImportKind } from '@portico/contracts';
import { IconAlertCircle, IconFileSpreadsheet, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FileDropZone } from '../../../components/records/documents/file-drop-zone';
import { FormError } from '../../../components/form/form-error';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { isApiError } from '../../../lib/api-error';
import { formatBytes } from '../../../lib/format';
import { useUploadImport } from '../api/upload-import';
import { IMPORT_ACCEPT, IMPORT_HINT, importFileProblem } from './import-rules';
import { RecentImports } from './recent-imports';

interface ImportFileStepProps {
  kind: ImportKind;
  /** the file was read: its headings and the suggested mapping are in the import */
  onUploaded: (item: Import) => void;
  /** open an earlier import where it stands */
  onResume: (item: Import) => void;
  /** tells the wizard whether closing now would cancel an upload */
  onBusyChange: (busy: boolean) => void;
}

/** The server's reason for refusing the file: a 422 on `file`, or its message. */
function uploadFailure(error: unknown): string {
  if (!isApiError(error) || error.unanswered) return SUBMIT_FALLBACK_MESSAGE;
  if (typeof error.errors === 'string') return error.errors;
  const messages = Object.values(error.errors ?? {}).flat();
  return messages.length > 0 ? messages.join(' ') : error.message || SUBMIT_FALLBACK_MESSAGE;
}

/** Step 1: drop or choose one CSV or Excel file, then upload it with a progress bar. */
export function ImportFileStep({ kind, onUploaded, onResume, onBusyChange }: ImportFileStepProps) {
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const uploading = progress !== null;
  const problem = file ? importFileProblem(file) : undefined;

  useEffect(() => {
    onBusyChange(uploading);
    // A finished upload moves on to the next step and unmounts this one: it is no longer busy.
    return () => onBusyChange(false);
  }, [uploading, onBusyChange]);
  // Leaving the step (closing the wizard) stops an upload under way.
  useEffect(() => () => cancel.current?.abort(), []);

  const choose = (files: File[]) => {
    setError(files.length > 1 ? `Import one file at a time: ${files[0]?.name ?? ''} was chosen.` : null);
    setFile(files[0] ?? null);
  };

  const start = async () => {
    if (!file || uploading || problem) return;
    const controller = new AbortController();
    cancel.current = controller;
    setError(null);
    setProgress(0);
    try {
      const item = await upload.mutateAsync({
        kind,
        file,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      onUploaded(item);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') {
        setError('Upload cancelled.');
      } else {
        setError(uploadFailure(caught));
      }
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <FileDropZone onFiles={choose} accept={IMPORT_ACCEPT} hint={IMPORT_HINT} disabled={uploading} />
      {file && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <IconFileSpreadsheet size={22} aria-hidden style={{ flex: 'none' }} />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
                {problem && (
                  <Text size="xs" c="danger.7" role="alert">
                    <IconAlertCircle size={12} aria-hidden style={{ verticalAlign: -1, marginRight: 4 }} />
                    {problem}
                  </Text>
                )}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => {
                  setFile(null);
                  setError(null);
                }}
                disabled={uploading}
                aria-label={`Remove ${file.name}`}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
            {uploading && (
              <Stack gap={4}>
                <Text size="sm" aria-live="polite">
                  Uploading… {progress}%
                </Text>
                <Progress value={progress} animated={progress < 100} aria-label="Upload progress" />
              </Stack>
            )}
          </Stack>
        </Paper>
      )}
      <FormError message={error} />
      <Group justify="flex-end" gap="xs">
        {uploading && (
          <Button variant="default" onClick={() => cancel.current?.abort()}>
            Cancel upload
          </Button>
        )}
        <Button onClick={() => void start()} loading={uploading} disabled={!file || Boolean(problem)}>
          Upload and continue
        </Button>
      </Group>
      <RecentImports kind={kind} onOpen={onResume} />
    </Stack>
  );
}
