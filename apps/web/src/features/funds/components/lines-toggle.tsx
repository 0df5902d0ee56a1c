import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/** The button that shows or hides a row's lines (one per investor) in the row below it. */
export function LinesToggle({
  expanded,
  onToggle,
  controls,
  label,
}: {
  expanded: boolean;
  onToggle: () => void;
  /** the id of the row holding the lines */
  controls: string;
  /** what the lines are of: "the call of 1 Nov 2026" */
  label: string;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={`${expanded ? 'Hide' : 'Show'} the lines of ${label}`}
    >
      {expanded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
    </ActionIcon>
  );
}
