import { Box } from '@mantine/core';
import type { Document } from '@portico/contracts';

/**
 * A PDF shown inline by the browser's own viewer. The download link stays beside it: browsers with
 * no PDF viewer (most phones) show nothing here, and say so through `navigator.pdfViewerEnabled`.
 */
export function PdfPreview({ document, title }: { document: Document; title: string }) {
  if (typeof navigator !== 'undefined' && navigator.pdfViewerEnabled === false) return null;
  return (
    <Box
      component="iframe"
      src={document.url}
      title={title}
      display="block"
      w="100%"
      h="min(75vh, 960px)"
      mih={360}
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}
