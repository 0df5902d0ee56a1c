import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState, type DragEvent, type Ref } from 'react';

interface FileDropZoneProps {
  /** the files chosen or dropped, in order */
  onFiles: (files: File[]) => void;
  /** the file picker's filter: ".pdf,.png" or content types */
  accept?: string;
  /** what may be uploaded: "PDF, PNG or JPEG, up to 20 MB each." */
  hint: string;
  disabled?: boolean;
  /** the hidden file input, so another button (an empty state) can open the picker */
  inputRef?: Ref<HTMLInputElement>;
}

function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/**
 * Drop files here, or choose them with a button (the keyboard's way in). Several at once. The browser's
 * own picker sits behind the button, labelled for assistive technology.
 */
export function FileDropZone({ onFiles, accept, hint, disabled = false, inputRef }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const inputId = useId();

  const over = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const leave = (event: DragEvent<HTMLDivElement>) => {
    // Moving over a child fires dragleave on the zone: only leaving the zone itself counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = filesOf(event.dataTransfer.files);
    if (!disabled && files.length > 0) onFiles(files);
  };

  return (
    <Box
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={leave}
      onDrop={drop}
      data-dragging={dragging || undefined}
      data-testid="file-drop-zone"
      p={{ base: 'md', sm: 'lg' }}
      style={{
        border: `2px dashed var(--mantine-color-${dragging ? 'primaryLighter-6' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-md)',
        background: dragging ? 'var(--mantine-color-primaryLighter-0)' : 'var(--mantine-color-gray-0)',
        transition: 'background 120ms, border-color 120ms',
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={28} color="var(--mantine-color-gray-6)" aria-hidden />
        <Group gap="xs" justify="center">
          <Text size="sm">{dragging ? 'Drop the files to add them' : 'Drag files here, or'}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={disabled}
            aria-describedby={hintId}
            onClick={() => document.getElementById(inputId)?.click()}
          >
            Choose files
          </Button>
        </Group>
        <Text size="xs" c="dimmed" id={hintId} ta="center">
          {hint}
        </Text>
      </Stack>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        aria-label="Choose files"
        style={{ display: 'none' }}
        onChange={(event) => {
          const files = filesOf(event.currentTarget.files);
          // Choosing the same file again must fire another change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Box>
  );
}
