import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  INSIDER_LIST_COLUMNS,
  PERMANENT_INCLUDED_LABEL,
  formatInsiderTime,
  type InsiderEntry,
} from '@portico/contracts';
import type { CSSProperties } from 'react';

const TIME_KEYS = new Set(['obtained_at', 'ceased_at']);
/** The names stay in view while the wide template scrolls sideways. */
const STICKY: Record<number, CSSProperties> = {
  0: { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)', minWidth: 140 },
  1: { position: 'sticky', left: 140, zIndex: 1, background: 'var(--mantine-color-body)', minWidth: 140 },
};
/** The template's headings are long; the table shows their short form (the export writes them in full). */
const SHORT: Record<string, string> = {
  first_names: 'First name(s)',
  surnames: 'Surname(s)',
  birth_surnames: 'Birth surname(s)',
  professional_phones: 'Professional phone(s)',
  company_name_address: 'Company name and address',
  function_reason: 'Function and reason',
  obtained_at: 'Obtained (UTC)',
  ceased_at: 'Ceased (UTC)',
  date_of_birth: 'Date of birth',
  national_id: 'National ID number',
  personal_phones: 'Personal phone(s)',
  personal_address: 'Personal home address',
};

interface EntriesTableProps {
  entries: readonly InsiderEntry[];
  permanent: boolean;
  canChange: boolean;
  onAmend: (entry: InsiderEntry) => void;
  onCease: (entry: InsiderEntry) => void;
  onHistory: (entry: InsiderEntry) => void;
  onComplete: (entry: InsiderEntry) => void;
}

const nameOf = (entry: InsiderEntry) => `${entry.first_names} ${entry.surnames}`;

/** The template's columns, one row per current entry, with what staff may do to each. */
export function EntriesTable({
  entries,
  permanent,
  canChange,
  onAmend,
  onCease,
  onHistory,
  onComplete,
}: EntriesTableProps) {
  return (
    <Table.ScrollContainer minWidth={1900}>
      <Table verticalSpacing="xs" striped highlightOnHover>
        <Table.Caption>{permanent ? 'Permanent insiders' : 'Insiders of this list'}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {INSIDER_LIST_COLUMNS.map((column, index) => (
              <Table.Th
                key={column.key}
                style={STICKY[index]}
                title={permanent && column.key === 'obtained_at' ? PERMANENT_INCLUDED_LABEL : column.label}
              >
                {permanent && column.key === 'obtained_at' ? 'Included (UTC)' : SHORT[column.key]}
              </Table.Th>
            ))}
            <Table.Th>Source</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.entry_id ?? `sounding-${entry.investor_id ?? 0}`}>
              {INSIDER_LIST_COLUMNS.map((column, index) => {
                const value = entry[column.key];
                return (
                  <Table.Td key={column.key} style={STICKY[index]}>
                    {TIME_KEYS.has(column.key) ? formatInsiderTime(value) || '—' : value || '—'}
                  </Table.Td>
                );
              })}
              <Table.Td>
                {entry.source === 'sounding' ? (
                  <Badge variant="light" color="blue">
                    Market sounding
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Version {entry.version}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {entry.entry_id === null ? (
                    canChange && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`Complete ${nameOf(entry)}’s entry`}
                        onClick={() => onComplete(entry)}
                      >
                        Complete
                      </Button>
                    )
                  ) : (
                    <>
                      {canChange && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          aria-label={`Amend ${nameOf(entry)}`}
                          onClick={() => onAmend(entry)}
                        >
                          Amend
                        </Button>
                      )}
                      {canChange && entry.ceased_at === null && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Ceased access of ${nameOf(entry)}`}
                          onClick={() => onCease(entry)}
                        >
                          Ceased access
                        </Button>
                      )}
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        aria-label={`History of ${nameOf(entry)}`}
                        onClick={() => onHistory(entry)}
                      >
                        History
                      </Button>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
