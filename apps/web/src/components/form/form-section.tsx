import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled group of a long form's fields, laid out in columns that collapse to one on a phone. */
export function FormSection({ title, description, children }: FormSectionProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
