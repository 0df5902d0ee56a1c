import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

/** An empty notes, calls or tasks list: what it is and what to do first. */
export function SectionEmpty({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      withIndicatorBackground
      size="sm"
      py="md"
    />
  );
}
