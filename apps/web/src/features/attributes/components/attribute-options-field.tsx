import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AttributeFormValues } from './attribute-form-values';

/** The choices of a select attribute, in order: renamed, moved, removed and added in place. */
export function AttributeOptionsField({
  form,
  disabled,
}: {
  form: UseFormReturnType<AttributeFormValues>;
  disabled: boolean;
}) {
  const options = form.getValues().options;
  const error = form.errors.options;
  return (
    <Stack gap="xs" role="group" aria-labelledby="attribute-options-label">
      <Text size="sm" fw={500} id="attribute-options-label">
        Options
      </Text>
      {options.map((option, index) => (
        <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`Option ${index + 1}`}
            style={{ flex: 1 }}
            maxLength={100}
            disabled={disabled}
            {...form.getInputProps(`options.${index}.label`)}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Move option ${index + 1} up`}
            disabled={disabled || index === 0}
            onClick={() => form.reorderListItem('options', { from: index, to: index - 1 })}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Move option ${index + 1} down`}
            disabled={disabled || index === options.length - 1}
            onClick={() => form.reorderListItem('options', { from: index, to: index + 1 })}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="danger"
            size="lg"
            aria-label={`Remove option ${index + 1}`}
            disabled={disabled}
            onClick={() => form.removeListItem('options', index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {typeof error === 'string' && (
        <Text size="sm" c="danger" role="alert">
          {error}
        </Text>
      )}
      {!disabled && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => form.insertListItem('options', { label: '', key: crypto.randomUUID() })}
          >
            Add option
          </Button>
        </Group>
      )}
    </Stack>
  );
}
