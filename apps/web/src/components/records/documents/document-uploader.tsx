import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DocumentVisibility } from '@portico/contracts';
import { IconAlertCircle, IconFile, IconX } from '@tabler/icons-react';
import { useRef, useState, type Ref } from 'react';
import { isApiError } from '../../../lib/api-error';
import { formatBytes } from '../../../lib/format';
import type { RecordRef } from '../../../lib/records/record-keys';
import { useUploadDocuments } from '../../../lib/records/upload-documents';
import { FormError } from '../../form/form-error';
import { SUBMIT_FALLBACK_MESSAGE } from '../../form/server-errors';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORY_SUGGESTIONS,
  DOCUMENT_HINT,
  documentWarning,
} from './document-rules';
import { FileDropZone } from './file-drop-zone';

interface Queued {
  key: string;
  file: File;
}

const keyOf = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

interface Failure {
  /** by queued file's key */
  files: Record<string, string>;
  form: string | null;
}

/** The server's 422 names a bad file `files.N` (its place in the request); the rest is the form's. */
function failureOf(error: unknown, queue: readonly Queued[]): Failure {
  if (!isApiError(error) || error.unanswered) return { files: {}, form: SUBMIT_FALLBACK_MESSAGE };
  if (typeof error.errors === 'string') return { files: {}, form: error.errors };
  const files: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, [message] = []] of Object.entries(error.errors ?? {})) {
    if (!message) continue;
    const index = /^files\.(\d+)$/.exec(field)?.[1];
    const queued = index === undefined ? undefined : queue[Number(index)];
    if (queued) files[queued.key] = message;
    else other.push(message);
  }
  if (Object.keys(files).length > 0) {
    const nothing = 'Nothing was uploaded: remove or replace the file marked below, then upload again.';
    return { files, form: [nothing, ...other].join(' ') };
  }
  return { files, form: other.join(' ') || error.message || SUBMIT_FALLBACK_MESSAGE };
}

interface DocumentUploaderProps {
  record: RecordRef;
  /** what "public" means for this record, e.g. "Visible in the investor portal." */
  publicDescription: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Choose or drop files, say who may see them and how to file them, then upload them together with a
 * progress bar. Files stay listed until they are uploaded, with the server's reason beside any it refused.
 */
export function DocumentUploader({ record, publicDescription, inputRef }: DocumentUploaderProps) {
  const upload = useUploadDocuments(record);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [visibility, setVisibility] = useState<DocumentVisibility>('private');
  const [category, setCategory] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure>({ files: {}, form: null });
  const cancel = useRef<AbortController | null>(null);
  const uploading = progress !== null;

  const add = (files: File[]) => {
    setQueue((current) => {
      const known = new Set(current.map((item) => item.key));
      const added = files
        .filter((file) => !known.has(keyOf(file)))
        .map((file) => ({ key: keyOf(file), file }));
      return [...current, ...added];
    });
    setFailure({ files: {}, form: null });
  };

  const remove = (key: string) => {
    setQueue((current) => current.filter((item) => item.key !== key));
    setFailure((current) => {
      const files = { ...current.files };
      delete files[key];
      return { files, form: Object.keys(files).length > 0 ? current.form : null };
    });
  };

  const start = async () => {
    if (uploading || queue.length === 0) return;
    const sent = queue;
    const controller = new AbortController();
    cancel.current = controller;
    setFailure({ files: {}, form: null });
    setProgress(0);
    try {
      const documents = await upload.mutateAsync({
        files: sent.map((item) => item.file),
        visibility,
        category,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      setQueue([]);
      // Each batch is private until someone says otherwise: a public choice never carries over.
      setVisibility('private');
      setCategory('');
      notifications.show({
        color: 'success',
        title: documents.length === 1 ? 'Document uploaded' : `${documents.length} documents uploaded`,
        message:
          visibility === 'public'
            ? `${publicDescription.replace(/\.$/, '')}.`
            : `Private: only staff can see ${documents.length === 1 ? 'it' : 'them'}.`,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setFailure({ files: {}, form: 'Upload cancelled. Nothing was uploaded.' });
      } else {
        setFailure(failureOf(error, sent));
      }
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  };

  return (
    <Stack gap="md">
      <FileDropZone
        onFiles={add}
        accept={DOCUMENT_ACCEPT}
        hint={DOCUMENT_HINT}
        disabled={uploading}
        inputRef={inputRef}
      />
      {queue.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Stack
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
              aria-label="Files to upload"
            >
              {queue.map((item) => {
                const error = failure.files[item.key];
                const warning = error ? undefined : documentWarning(item.file);
                return (
                  <li key={item.key}>
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <IconFile size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {item.file.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatBytes(item.file.size)}
                        </Text>
                        {error && (
                          <Text size="xs" c="danger.7" role="alert">
                            <IconAlertCircle
                              size={12}
                              aria-hidden
                              style={{ verticalAlign: -1, marginRight: 4 }}
                            />
                            {error}
                          </Text>
                        )}
                        {warning && (
                          <Text size="xs" c="orange.8">
                            {warning}
                          </Text>
                        )}
                      </Stack>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => remove(item.key)}
                        disabled={uploading}
                        aria-label={`Remove ${item.file.name}`}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </li>
                );
              })}
            </Stack>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Radio.Group
                label="Who can see them"
                value={visibility}
                onChange={(value) => setVisibility(value === 'public' ? 'public' : 'private')}
              >
                <Stack gap="xs" mt="xs">
                  <Radio
                    value="private"
                    label="Private"
                    description="Admin only: staff see it, never the investor."
                    disabled={uploading}
                  />
                  <Radio value="public" label="Public" description={publicDescription} disabled={uploading} />
                </Stack>
              </Radio.Group>
              <Autocomplete
                label="Category"
                description="Optional: how the documents are filed."
                placeholder="e.g. Identity"
                data={DOCUMENT_CATEGORY_SUGGESTIONS}
                value={category}
                onChange={setCategory}
                maxLength={80}
                disabled={uploading}
              />
            </SimpleGrid>
            {uploading && (
              <Stack gap={4}>
                <Text size="sm" aria-live="polite">
                  Uploading… {progress}%
                </Text>
                <Progress value={progress} animated={progress < 100} aria-label="Upload progress" />
              </Stack>
            )}
            <FormError message={failure.form} />
            <Group justify="flex-end" gap="xs">
              {uploading ? (
                <Button variant="default" onClick={() => cancel.current?.abort()}>
                  Cancel upload
                </Button>
              ) : (
                <Button
                  variant="default"
                  onClick={() => {
                    setQueue([]);
                    setVisibility('private');
                    setFailure({ files: {}, form: null });
                  }}
                >
                  Clear
                </Button>
              )}
              <Button onClick={() => void start()} loading={uploading}>
                {queue.length === 1 ? 'Upload 1 file' : `Upload ${queue.length} files`}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {queue.length === 0 && failure.form && (
        <Alert color="gray" variant="light">
          {failure.form}
        </Alert>
      )}
    </Stack>
  );
}
