import { FileButton, Input, Loader, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import '@mantine/tiptap/styles.css';
import { isApiError } from '../../../lib/api-error';
import { uploadReportImage } from '../api/update-reports';
import { ReportImage } from './report-image';

interface ReportEditorProps {
  label: string;
  description?: string;
  /** HTML */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  required?: boolean;
}

/** An empty editor's HTML is one empty paragraph: that is no body. */
const emptied = (html: string) => (html === '<p></p>' ? '' : html);

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * An update's rich text (admin only): headings, emphasis, links, lists, quotes and images uploaded to the
 * platform, the subset the server keeps when it sanitises.
 */
export function ReportEditor({ label, description, value, onChange, error, required }: ReportEditorProps) {
  const labelId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: false,
      }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      ReportImage,
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' },
    },
    onUpdate: ({ editor: current }) => onChange(emptied(current.getHTML())),
  });

  // A reset of the form (a fresh load) puts its value back into the editor.
  useEffect(() => {
    if (editor && emptied(editor.getHTML()) !== value)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const insertImage = async (file: File | null) => {
    if (!file || !editor) return;
    setUploading(true);
    setUploadError(null);
    try {
      const src = await uploadReportImage(file);
      editor
        .chain()
        .focus()
        .insertReportImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (caught) {
      setUploadError(
        isApiError(caught) && !caught.unanswered ? caught.message : 'The image could not be uploaded.',
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId }}
      description={description}
      error={error ?? uploadError ?? undefined}
      required={required}
    >
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <FileButton onChange={(file) => void insertImage(file)} accept={IMAGE_TYPES}>
              {(props) => (
                <RichTextEditor.Control
                  {...props}
                  aria-label="Insert image"
                  title="Insert image"
                  disabled={uploading || !editor}
                >
                  {uploading ? <Loader size={14} /> : <IconPhoto size={16} stroke={1.5} aria-hidden />}
                </RichTextEditor.Control>
              )}
            </FileButton>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
      {uploading && (
        <Text size="xs" c="dimmed" aria-live="polite">
          Uploading the image…
        </Text>
      )}
    </Input.Wrapper>
  );
}
