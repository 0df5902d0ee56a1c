import {
  ActionIcon,
  Avatar,
  Button,
  FileInput,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  sectionChangeSchemas,
  sectionInputSchemas,
  type Opportunity,
  type OpportunitySection,
} from '@portico/contracts';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { FormError } from '../../../components/form/form-error';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { formatDate } from '../../../lib/format';
import { useSectionMutations } from '../api/opportunity-mutations';

type Item = { id: number } & Record<string, unknown>;
interface Field {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'date';
  required?: boolean;
  max?: number;
}
interface SectionConfig {
  title: string;
  /** an item, in a button or a sentence: "key point" */
  noun: string;
  description: string;
  fields: Field[];
  /** the item's image: its multipart field, its label, and whether a new item needs one */
  file?: { field: 'photo' | 'image'; label: string; required: boolean; url: (item: Item) => string | null };
  /** an item as its row shows it */
  row: (item: Item) => { primary: string; secondary?: string | null };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const SECTIONS: Record<OpportunitySection, SectionConfig> = {
  key_points: {
    title: 'Key points',
    noun: 'key point',
    description: 'The few things an investor should know first, in order.',
    fields: [{ name: 'text', label: 'Key point', kind: 'textarea', required: true, max: 500 }],
    row: (item) => ({ primary: text(item.text) }),
  },
  key_dates: {
    title: 'Key dates',
    noun: 'key date',
    description: 'Shown by date.',
    fields: [
      { name: 'date', label: 'Date', kind: 'date', required: true },
      { name: 'label', label: 'What happens', kind: 'text', required: true, max: 200 },
    ],
    row: (item) => ({ primary: text(item.label), secondary: formatDate(text(item.date)) }),
  },
  team_members: {
    title: 'Team',
    noun: 'team member',
    description: 'The people behind the company, with a photo.',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, max: 200 },
      { name: 'role', label: 'Role', kind: 'text', max: 200 },
      { name: 'bio', label: 'Biography', kind: 'textarea', max: 2000 },
    ],
    file: {
      field: 'photo',
      label: 'Photo',
      required: false,
      url: (item) => (typeof item.photo_url === 'string' ? item.photo_url : null),
    },
    row: (item) => ({ primary: text(item.name), secondary: text(item.role) || null }),
  },
  gallery: {
    title: 'Gallery',
    noun: 'image',
    description: 'Pictures of the product, the premises or the team.',
    fields: [{ name: 'caption', label: 'Caption', kind: 'text', max: 300 }],
    file: {
      field: 'image',
      label: 'Image',
      required: true,
      url: (item) => (typeof item.image_url === 'string' ? item.image_url : null),
    },
    row: (item) => ({ primary: text(item.caption) || 'Untitled image' }),
  },
  faqs: {
    title: 'FAQs',
    noun: 'question',
    description: 'Questions investors ask, with their answers.',
    fields: [
      { name: 'question', label: 'Question', kind: 'text', required: true, max: 500 },
      { name: 'answer', label: 'Answer', kind: 'textarea', required: true, max: 5000 },
    ],
    row: (item) => ({ primary: text(item.question), secondary: text(item.answer) }),
  },
};

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

interface ItemModalProps {
  opportunityId: number;
  section: OpportunitySection;
  /** the item being changed; none when adding */
  item: Item | undefined;
  opened: boolean;
  onClose: () => void;
}

/** Adds an item to a section, or changes one, with its image where the section has one. */
function ItemModal({ opportunityId, section, item, opened, onClose }: ItemModalProps) {
  const config = SECTIONS[section];
  const mutations = useSectionMutations(opportunityId, section);
  const initial: Record<string, string> = Object.fromEntries(
    config.fields.map((field) => [field.name, text(item?.[field.name])]),
  );
  const validateNew = zodResolver(sectionInputSchemas[section]);
  const validateChange = zodResolver(sectionChangeSchemas[section]);
  const [file, setFile] = useState<File | null>(null);
  const form = useForm({
    initialValues: initial,
    validate: (values) => (item ? validateChange(values) : validateNew(values)),
  });
  // A new gallery image needs its file, which is not one of the form's text values.
  const missingFile = config.file?.required === true && !item && !file;
  const submitItem = (event: FormEvent<HTMLFormElement>) => {
    if (missingFile && config.file) {
      event.preventDefault();
      form.setFieldError(config.file.field, `Choose an image for the ${config.noun}.`);
      return;
    }
    onSubmit(event);
  };
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: [...config.fields.map((field) => field.name), ...(config.file ? [config.file.field] : [])],
    submit: async (values: Record<string, string>) => {
      const fields = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()]));
      const input = { fields, file, fileField: config.file?.field };
      return item
        ? mutations.change.mutateAsync({ itemId: item.id, input })
        : mutations.add.mutateAsync(input);
    },
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: item ? 'Saved' : 'Added',
        message: `The ${config.noun} is ${item ? 'up to date' : 'on the page'}.`,
      });
      onClose();
    },
  });
  const fileError = config.file ? (form.errors[config.file.field] as string | undefined) : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title={`${item ? 'Change' : 'Add'} ${config.noun}`} size="lg">
      <form onSubmit={submitItem} noValidate>
        <Stack gap="md">
          {config.fields.map((field, index) => {
            const props = {
              label: field.label,
              required: field.required,
              maxLength: field.max,
              'data-autofocus': index === 0 ? true : undefined,
              ...form.getInputProps(field.name),
            };
            if (field.kind === 'textarea')
              return <Textarea key={field.name} autosize minRows={3} {...props} />;
            return <TextInput key={field.name} type={field.kind === 'date' ? 'date' : 'text'} {...props} />;
          })}
          {config.file && (
            <FileInput
              label={config.file.label}
              description={
                item && config.file.url(item)
                  ? 'Choose a file to replace the current one. PNG, JPEG, WebP, GIF or SVG, up to 5 MB.'
                  : 'PNG, JPEG, WebP, GIF or SVG, up to 5 MB.'
              }
              required={config.file.required && !item}
              accept={IMAGE_TYPES}
              clearable
              value={file}
              onChange={(picked) => {
                setFile(picked);
                if (config.file) form.clearFieldError(config.file.field);
              }}
              error={fileError}
            />
          )}
          <FormError message={formError} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {item ? 'Save' : `Add ${config.noun}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface SectionEditorProps {
  opportunity: Opportunity;
  section: OpportunitySection;
  canEdit: boolean;
}

/** One content section: its items in order, and (for a role that may) add, change, move and remove. */
export function SectionEditor({ opportunity, section, canEdit }: SectionEditorProps) {
  const config = SECTIONS[section];
  const items = opportunity[section] as unknown as Item[];
  const mutations = useSectionMutations(opportunity.id, section);
  const [editing, setEditing] = useState<{ item: Item | undefined } | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const ordered = section !== 'key_dates';

  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    mutations.reorder.mutate(ids, {
      onError: () =>
        notifications.show({
          color: 'danger',
          title: 'Not moved',
          message: 'The order was not changed; try again.',
        }),
    });
  };

  let body: ReactNode;
  if (items.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        No {config.title.toLowerCase()} yet.
      </Text>
    );
  else
    body = (
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item, index) => {
          const row = config.row(item);
          const image = config.file?.url(item);
          return (
            <Paper key={item.id} component="li" withBorder radius="sm" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  {config.file &&
                    (section === 'team_members' ? (
                      <Avatar src={image} alt="" radius="xl" />
                    ) : (
                      image && <Image src={image} alt="" w={64} h={44} radius="sm" fit="cover" />
                    ))}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {row.primary}
                    </Text>
                    {row.secondary && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {row.secondary}
                      </Text>
                    )}
                  </Stack>
                </Group>
                {canEdit && (
                  <Group gap={4} wrap="nowrap">
                    {ordered && (
                      <>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move “${row.primary}” up`}
                          disabled={index === 0 || mutations.reorder.isPending}
                          onClick={() => move(index, -1)}
                        >
                          <IconArrowUp size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move “${row.primary}” down`}
                          disabled={index === items.length - 1 || mutations.reorder.isPending}
                          onClick={() => move(index, 1)}
                        >
                          <IconArrowDown size={16} aria-hidden />
                        </ActionIcon>
                      </>
                    )}
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Change “${row.primary}”`}
                      onClick={() => setEditing({ item })}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="danger"
                      aria-label={`Remove “${row.primary}”`}
                      onClick={() => setRemoving(item)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={config.title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} fz="lg">
              {config.title}
            </Title>
            <Text size="sm" c="dimmed">
              {config.description}
            </Text>
          </div>
          {canEdit && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ item: undefined })}
            >
              Add {config.noun}
            </Button>
          )}
        </Group>
        {body}
      </Stack>
      {editing && (
        <ItemModal
          key={editing.item?.id ?? 'new'}
          opportunityId={opportunity.id}
          section={section}
          item={editing.item}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove this ${config.noun}?`}
        confirmLabel="Remove"
        danger
        onConfirm={async () => {
          if (removing) await mutations.remove.mutateAsync(removing.id);
          setRemoving(null);
        }}
      >
        {removing && (
          <>
            “{config.row(removing).primary}” will no longer show on the opportunity&apos;s page. This cannot
            be undone.
          </>
        )}
      </ConfirmModal>
    </Paper>
  );
}

/** Every content section of an opportunity, in the order the page shows them. */
export function ContentSections({ opportunity, canEdit }: { opportunity: Opportunity; canEdit: boolean }) {
  return (
    <Stack gap="lg">
      {(['key_points', 'key_dates', 'team_members', 'gallery', 'faqs'] as const).map((section) => (
        <SectionEditor key={section} opportunity={opportunity} section={section} canEdit={canEdit} />
      ))}
    </Stack>
  );
}
