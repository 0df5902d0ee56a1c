import {
  Anchor,
  Badge,
  Box,
  Button,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { MARKET_SOUNDING_RESPONSES, type InsiderRegisterEntry } from '@portico/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatLondon } from '../../../lib/london-time';
import { marketSoundingPaths } from '../paths';
import { ConsentWording } from './consent-wording';

const HEADERS = ['Investor', 'Deal', 'Accepted', 'Answer', 'Cleansed', 'Wording'] as const;

interface RegisterTableProps {
  entries: readonly InsiderRegisterEntry[] | undefined;
  loading: boolean;
  empty: ReactNode;
}

/**
 * The acceptances: who, which deal, when (kept in UTC, shown in London time with the zone), their
 * answer and whether the sounding was cleansed. A row opens to the wording the investor accepted.
 */
export function RegisterTable({ entries, loading, empty }: RegisterTableProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box style={{ overflowX: 'auto', position: 'relative' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={loading} style={{ minWidth: 860 }}>
        <Table.Caption style={{ captionSide: 'top', margin: 0 }}>
          <VisuallyHidden>Market-sounding acceptances</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading &&
            entries === undefined &&
            Array.from({ length: 4 }, (_, index) => (
              <Table.Tr key={`skeleton-${index}`} aria-hidden>
                {HEADERS.map((header) => (
                  <Table.Td key={header}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {entries?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={HEADERS.length}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {entries?.map((entry) => {
            const expanded = open.has(entry.id);
            const wordingId = `register-wording-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <Table.Tr>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {entry.investor.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {entry.investor.email}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Anchor component={Link} to={marketSoundingPaths.details(entry.sounding_id)} size="sm">
                        {entry.subject.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {entry.subject.type === 'deal' ? 'Pipeline deal' : 'Draft opportunity'}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={entry.accepted_at}>{formatLondon(entry.accepted_at)}</time>
                  </Table.Td>
                  <Table.Td>
                    {entry.response === null ? (
                      <Text size="sm" c="dimmed">
                        Not answered
                      </Text>
                    ) : (
                      <Stack gap={0}>
                        <Text size="sm">{MARKET_SOUNDING_RESPONSES[entry.response]}</Text>
                        <Text size="xs" c="dimmed">
                          {formatLondon(entry.responded_at)}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {entry.cleansed_at === null ? (
                      <Badge variant="light" color="orange">
                        Not cleansed
                      </Badge>
                    ) : (
                      <Stack gap={2} align="flex-start">
                        <Badge variant="light" color="gray">
                          Cleansed
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {formatLondon(entry.cleansed_at)}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-expanded={expanded}
                      aria-controls={expanded ? wordingId : undefined}
                      leftSection={
                        expanded ? (
                          <IconChevronDown size={14} aria-hidden />
                        ) : (
                          <IconChevronRight size={14} aria-hidden />
                        )
                      }
                      onClick={() => toggle(entry.id)}
                    >
                      {expanded ? 'Hide wording' : 'Show wording'}
                      <VisuallyHidden> accepted by {entry.investor.name}</VisuallyHidden>
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr>
                    <Table.Td colSpan={HEADERS.length} id={wordingId}>
                      <Paper bg="gray.0" p="md" radius="sm">
                        <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="xs">
                          Wording accepted by {entry.investor.name}
                        </Text>
                        <ConsentWording text={entry.wording} />
                      </Paper>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
