import { Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/**
 * A step's heading: it names the tab and takes the focus when the page opens, so a screen reader
 * announces where a link or a step has led.
 */
export function FocusedTitle({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [title]);
  return (
    <Title
      ref={ref}
      tabIndex={-1}
      order={1}
      fz={{ base: 24, sm: 30 }}
      style={{ outline: 'none', overflowWrap: 'anywhere' }}
    >
      {children ?? title}
    </Title>
  );
}
