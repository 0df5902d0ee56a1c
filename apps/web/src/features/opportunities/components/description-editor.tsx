import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import '@mantine/tiptap/styles.css';

interface DescriptionEditorProps {
  label: string;
  description?: string;
  /** HTML */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  readOnly?: boolean;
}

/** An empty editor's HTML is one empty paragraph: that is no description. */
const emptied = (html: string) => (html === '<p></p>' ? '' : html);

/**
 * The description's rich text (admin only): headings, emphasis, links, lists and quotes, the subset the
 * server keeps when it sanitises (anything else it strips).
 */
export function DescriptionEditor({
  label,
  description,
  value,
  onChange,
  error,
  readOnly = false,
}: DescriptionEditorProps) {
  const labelId = useId();
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
    ],
    content: value,
    editable: !readOnly,
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

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} description={description} error={error}>
      <RichTextEditor editor={editor} mt={4}>
        {!readOnly && (
          <RichTextEditor.Toolbar sticky stickyOffset={0}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
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
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
