import { Anchor, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RecordFact {
  label: string;
  /** null or undefined shows a dash */
  value: ReactNode;
  /** a long answer spans the whole row */
  wide?: boolean;
}

/** Labelled facts of a record as a description list, in columns that collapse to one on a phone. */
export function RecordFacts({ facts }: { facts: readonly RecordFact[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" m={0}>
      {facts.map((fact) => (
        <div key={fact.label} style={fact.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text size="xs" c="dimmed" fw={600} component="dt">
            {fact.label}
          </Text>
          <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {fact.value ?? '—'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** An email address as a mailto link, or nothing (a dash in the facts). */
export function EmailLink({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  return (
    <Anchor href={`mailto:${email}`} size="sm">
      {email}
    </Anchor>
  );
}

/** A phone number as a tel link, or nothing (a dash in the facts). */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  if (!phone) return null;
  return (
    <Anchor href={`tel:${phone}`} size="sm">
      {phone}
    </Anchor>
  );
}
