import { Anchor, Text } from '@mantine/core';
import { linkify } from './linkify';

/**
 * Plain text with its http(s) addresses as links. React escapes everything; no HTML from the data is
 * ever rendered.
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} ff="monospace" fz="sm">
      {linkify(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Anchor>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
