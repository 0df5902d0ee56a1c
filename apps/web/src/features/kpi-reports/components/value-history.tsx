import { ActionIcon, Badge, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import type { KpiReportValue } from '@portico/contracts';
import { IconHistory } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { formatKpiValue } from '../kpi-values';

/**
 * Who entered a KPI's value and when, and every value it replaced (corrections are kept, never
 * overwritten), newest first, in a popover beside the field.
 */
export function ValueHistory({ value, currency = 'GBP' }: { value: KpiReportValue; currency?: string }) {
  const corrections = value.history.length;
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`History of ${value.name}${corrections > 0 ? ` (${corrections} earlier)` : ''}`}
        >
          <IconHistory size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" aria-label={`History of ${value.name}`} role="group">
          <Text fw={700} size="sm">
            {value.name}
          </Text>
          <div>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {formatKpiValue(value.value, value.unit, currency)}
              </Text>
              <Badge size="xs" variant="light" color="green">
                Current
              </Badge>
              {value.source === 'import' && (
                <Badge size="xs" variant="light" color="gray">
                  Imported
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              Entered {formatDateTime(value.entered_at)}
              {value.entered_by ? ` by ${value.entered_by.name}` : ''}
            </Text>
          </div>
          {corrections === 0 ? (
            <Text size="xs" c="dimmed">
              Never corrected.
            </Text>
          ) : (
            <>
              <Divider label="It replaced" labelPosition="left" />
              {value.history.map((earlier) => (
                <div key={earlier.id}>
                  <Text size="sm" td="line-through" c="dimmed">
                    {formatKpiValue(earlier.value, value.unit, currency)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Entered {formatDateTime(earlier.entered_at)}
                    {earlier.entered_by ? ` by ${earlier.entered_by.name}` : ''}; replaced{' '}
                    {formatDateTime(earlier.replaced_at)}
                  </Text>
                </div>
              ))}
            </>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
