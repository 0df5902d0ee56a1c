import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type {
  PortfolioColumnsInput,
  PortfolioSetting,
  PortfolioSettingKind,
  PortfolioStatsInput,
} from '@portico/contracts';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { ApiError, isApiError } from '../../../lib/api-error';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useSavePortfolioSettings } from '../api/portfolio-settings';

interface Entry {
  id: number;
  key: string;
  shown: boolean;
  label: string;
  default_label: string;
}
interface Values extends Record<string, unknown> {
  entries: Entry[];
}

const FIELD: Record<PortfolioSettingKind, string> = { column: 'columns', stat: 'stats' };

/** The server names entries `columns.2.label`; the form holds them as `entries.2.label`. */
function onForm(error: unknown, kind: PortfolioSettingKind): unknown {
  if (!isApiError(error) || typeof error.errors !== 'object') return error;
  const prefix = FIELD[kind];
  const errors = Object.fromEntries(
    Object.entries(error.errors).map(([field, messages]) => [
      field === prefix ? 'entries' : field.replace(new RegExp(`^${prefix}\\.`), 'entries.'),
      messages,
    ]),
  );
  return new ApiError({ status: error.status, message: error.message, code: error.code, errors });
}

/**
 * The order, visibility and labels of the portfolio's columns or headline figures: moved with up and down
 * buttons (keyboard and screen-reader friendly, no dragging), saved together.
 */
export function LayoutEditor({
  kind,
  items,
  noun,
  editPath,
}: {
  kind: PortfolioSettingKind;
  items: readonly PortfolioSetting[];
  noun: { one: string; many: string };
  /** a link to edit one entry on its own page */
  editPath?: (item: PortfolioSetting) => string;
}) {
  const save = useSavePortfolioSettings(kind);
  const terms = useTerminology();
  const form = useForm<Values>({
    initialValues: {
      entries: items.map((item) => ({
        id: item.id,
        key: item.key,
        shown: item.shown,
        label: item.label ?? '',
        default_label: item.default_label,
      })),
    },
  });
  const entries = form.getValues().entries;
  const fields = [
    'entries',
    ...entries.flatMap((_, index) => [`entries.${index}.label`, `entries.${index}.key`]),
  ];
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields,
    submit: async (values) => {
      const list = values.entries.map((entry) => ({
        key: entry.key,
        shown: entry.shown,
        label: entry.label.trim() === '' ? null : entry.label.trim(),
      }));
      try {
        // the keys are the server's own, sent back as they came
        return await save.mutateAsync(
          kind === 'column'
            ? { columns: list as PortfolioColumnsInput['columns'] }
            : { stats: list as PortfolioStatsInput['stats'] },
        );
      } catch (error) {
        throw onForm(error, kind);
      }
    },
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: `${noun.many} saved`,
        message: `${terms.investors} see them now.`,
      });
    },
  });
  const move = (index: number, by: -1 | 1) =>
    form.reorderListItem('entries', { from: index, to: index + by });
  const shownCount = entries.filter((entry) => entry.shown).length;
  const listError = form.errors.entries;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
        {shownCount} of {entries.length} {noun.many.toLowerCase()} shown
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Caption>
            {noun.many}, in the order {inSentence(terms.investors)} see them
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Shown</Table.Th>
              <Table.Th>{`${noun.one}`}</Table.Th>
              <Table.Th>Label</Table.Th>
              {editPath && (
                <Table.Th>
                  <VisuallyHidden>Edit</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, index) => {
              const name = entry.label.trim() || entry.default_label;
              const item = items.find((candidate) => candidate.id === entry.id);
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${name} down`}
                        disabled={index === entries.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Show ${name}`}
                      {...form.getInputProps(`entries.${index}.shown`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {entry.default_label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Label of ${entry.default_label}`}
                      placeholder={entry.default_label}
                      maxLength={60}
                      {...form.getInputProps(`entries.${index}.label`)}
                    />
                  </Table.Td>
                  {editPath && item && (
                    <Table.Td>
                      <Anchor component={Link} to={editPath(item)} size="sm">
                        Edit<VisuallyHidden> {name}</VisuallyHidden>
                      </Anchor>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        An empty label follows the terminology.
      </Text>
      {typeof listError === 'string' && (
        <Text size="sm" c="danger.7" role="alert" mt="sm">
          {listError}
        </Text>
      )}
      <FormError message={formError} />
      <Group mt="md">
        <Button type="submit" loading={submitting}>
          Save {noun.many.toLowerCase()}
        </Button>
      </Group>
    </form>
  );
}
