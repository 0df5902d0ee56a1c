import { Box, Button, Center, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { BRANDING_FILES, type BrandingFile } from '@portico/contracts';
import { IconArrowBackUp, IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
  'image/webp': 'WebP',
  'image/x-icon': 'ICO',
};

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** "PNG, JPEG, SVG or WebP, up to 2 MB." */
export function fileHint(kind: BrandingFile): string {
  const { types, maxBytes } = BRANDING_FILES[kind];
  const names = types.map((type) => TYPE_NAMES[type] ?? type);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `${list}, up to ${sizeText(maxBytes)}.`;
}

/** A hint, not a rule: the server checks every file by its content and decides. */
export function fileWarning(kind: BrandingFile, file: File): string | undefined {
  const { types, maxBytes } = BRANDING_FILES[kind];
  if (file.type && !(types as readonly string[]).includes(file.type)) {
    return `This file does not look like a ${fileHint(kind).replace(/, up to.*$/, '')} image and may be refused.`;
  }
  if (file.size > maxBytes) return `This file is larger than ${sizeText(maxBytes)} and may be refused.`;
  return undefined;
}

interface ImageUploadFieldProps {
  kind: BrandingFile;
  label: string;
  description?: string;
  /** the stored file's address */
  current: string | null;
  /** a newly chosen file, and its local preview address (blob:, allowed by the CSP) */
  file: File | null;
  preview?: string | undefined;
  /** the stored file is to be removed */
  removed: boolean;
  onFile: (file: File | null) => void;
  onRemove: () => void;
  /** undo a choice or a removal */
  onUndo: () => void;
  error?: string | undefined;
  /** the preview sits on a dark background (the light logo) */
  dark?: boolean;
  disabled?: boolean;
}

/** Upload by picker or drag and drop; shows the current file, allows removing it. */
export function ImageUploadField({
  kind,
  label,
  description,
  current,
  file,
  preview,
  removed,
  onFile,
  onRemove,
  onUndo,
  error,
  dark = false,
  disabled = false,
}: ImageUploadFieldProps) {
  const [dragging, setDragging] = useState(false);
  const shown = preview ?? (removed ? undefined : (current ?? undefined));
  const warning = file ? fileWarning(kind, file) : undefined;
  const inputId = `branding-file-${kind}`;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <Input.Wrapper
      label={label}
      description={[description, fileHint(kind)].filter(Boolean).join(' ')}
      error={error ?? warning}
      id={inputId}
    >
      <Box
        mt={6}
        p="sm"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          border: `2px dashed var(--mantine-color-${dragging ? 'primaryLighter-6' : error ? 'danger-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
        }}
        data-dragging={dragging || undefined}
      >
        <Group gap="md" wrap="nowrap" align="center">
          <Center
            w={120}
            h={64}
            bg={dark ? 'primary.6' : 'gray.0'}
            style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 'none' }}
          >
            {shown ? (
              <Image src={shown} alt={`${label} preview`} mah={52} maw={110} w="auto" fit="contain" />
            ) : (
              <IconPhoto size={28} color="var(--mantine-color-gray-5)" aria-hidden />
            )}
          </Center>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {file
                ? `New file: ${file.name}`
                : removed
                  ? 'Will be removed when you save.'
                  : current
                    ? 'Current file. Drop a new one here to replace it.'
                    : 'None yet. Drop a file here, or choose one.'}
            </Text>
            <Group gap="xs">
              <FileButton
                onChange={(chosen) => chosen && onFile(chosen)}
                accept={BRANDING_FILES[kind].types.join(',')}
                disabled={disabled}
                inputProps={{ name: kind, 'aria-label': label }}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="default"
                    leftSection={<IconUpload size={14} aria-hidden />}
                    id={inputId}
                    // The name starts with the visible words, so voice control finds it by them.
                    aria-label={`Choose file for ${label.toLowerCase()}`}
                    aria-describedby={`${inputId}-description`}
                  >
                    Choose file
                  </Button>
                )}
              </FileButton>
              {(file || removed) && (
                <Button
                  size="xs"
                  variant="subtle"
                  leftSection={<IconArrowBackUp size={14} aria-hidden />}
                  onClick={onUndo}
                  aria-label={`Undo ${label.toLowerCase()} change`}
                  disabled={disabled}
                >
                  Undo
                </Button>
              )}
              {!removed && (file || current) && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="danger"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={onRemove}
                  aria-label={`Remove ${label.toLowerCase()}`}
                  disabled={disabled}
                >
                  Remove
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
      </Box>
    </Input.Wrapper>
  );
}
