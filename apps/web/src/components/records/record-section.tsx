import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface RecordSectionProps {
  title: string;
  /** a count or a hint beside the title */
  description?: ReactNode;
  /** buttons at the right of the title (Add …) */
  actions?: ReactNode;
  children: ReactNode;
}

/** One titled section of a record's page: its summary, its members, its clients. */
export function RecordSection({ title, description, actions, children }: RecordSectionProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="lg" id={id}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed" component="div">
                {description}
              </Text>
            )}
          </div>
          {actions && (
            <Group gap="xs" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
