import { mergeAttributes, Node } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    reportImage: {
      /** puts an uploaded image at the cursor */
      insertReportImage: (attributes: { src: string; alt?: string }) => ReturnType;
    };
  }
}

/**
 * An image in a report's body: a block `<img src alt>` and nothing more (no sizes, no styles), the shape
 * the server's allow-list keeps. Its source is always an upload of this platform.
 */
export const ReportImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
  addCommands() {
    return {
      insertReportImage:
        (attributes) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});
