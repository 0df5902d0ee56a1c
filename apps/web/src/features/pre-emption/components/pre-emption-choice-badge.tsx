import { Badge } from '@mantine/core';
import { PRE_EMPTION_LABELS, type PreEmptionChoice } from '@portico/contracts';

const COLOURS: Record<PreEmptionChoice, string> = {
  1: 'gray',
  2: 'teal',
  3: 'green',
  4: 'gray',
  5: 'orange',
  6: 'blue',
};

/** A holder's pre-emption choice by the spec's labels (§4): Don't take, Maintain, Increase, … */
export function PreEmptionChoiceBadge({ choice }: { choice: number }) {
  const known = choice as PreEmptionChoice;
  return (
    <Badge color={COLOURS[known] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
      {PRE_EMPTION_LABELS[known] ?? `Choice ${choice}`}
    </Badge>
  );
}
