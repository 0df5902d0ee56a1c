import { Stack, Text } from '@mantine/core';
import { paragraphsOf } from './paragraphs-of';

/**
 * Plain text as paragraphs: a blank line starts a new one, a single line break stays a line break.
 * React escapes everything; nothing in the text is ever read as HTML.
 */
export function Paragraphs({ text, size = 'sm' }: { text: string; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Stack gap="sm">
      {paragraphsOf(text).map((paragraph, index) => (
        <Text key={index} size={size} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
