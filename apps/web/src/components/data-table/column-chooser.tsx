import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';

interface ColumnChooserProps<Key extends string> {
  columns: ReadonlyArray<{ key: Key; label: string }>;
  visible: readonly Key[];
  /** columns that cannot be hidden */
  required?: readonly Key[];
  onChange: (visible: Key[]) => void;
  onReset: () => void;
  isDefault: boolean;
}

/** Which columns a list shows: a checkbox per column, remembered by the list. */
export function ColumnChooser<Key extends string>({
  columns,
  visible,
  required = [],
  onChange,
  onReset,
  isDefault,
}: ColumnChooserProps<Key>) {
  return (
    <Popover position="bottom-end" withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={18} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={240}>
        <Stack gap="sm">
          <Checkbox.Group
            label="Show columns"
            value={[...visible]}
            onChange={(keys) =>
              onChange(columns.map((column) => column.key).filter((key) => keys.includes(key)))
            }
          >
            <Stack gap={8} mt="xs">
              {columns.map((column) => (
                <Checkbox
                  key={column.key}
                  value={column.key}
                  label={column.label}
                  disabled={required.includes(column.key)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {visible.length} of {columns.length}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={onReset} disabled={isDefault}>
              Reset to default
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
