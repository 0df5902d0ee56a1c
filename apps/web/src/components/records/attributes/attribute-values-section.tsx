import {
  Button,
  DataList,
  Group,
  Modal,
  MultiSelect,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AttributeSubjectType, RecordAttributeValue } from '@portico/contracts';
import { useAttributeValues, useSaveAttributeValues } from '../../../lib/records/attribute-values';
import { MODAL_SIZES } from '../../../theme/theme';
import { FormError } from '../../form/form-error';
import { useServerForm } from '../../form/use-server-form';
import { RecordSection } from '../record-section';
import { fieldName, fromField, toField, type FieldValue } from './attribute-value-fields';

interface Values extends Record<string, unknown> {
  values: Record<string, FieldValue>;
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function AttributeInput({
  item,
  form,
}: {
  item: RecordAttributeValue;
  form: ReturnType<typeof useForm<Values>>;
}) {
  const common = {
    label: item.name,
    description: item.help_text ?? undefined,
    ...form.getInputProps(fieldName(item.attribute_id)),
  };
  const options = item.options.map((option) => ({ value: String(option.id), label: option.label }));
  switch (item.type) {
    case 'text':
      return <TextInput maxLength={2000} {...common} />;
    case 'number':
      return <TextInput inputMode="decimal" placeholder="e.g. 25000" {...common} />;
    case 'date':
      return <TextInput type="date" {...common} />;
    case 'boolean':
      return (
        <Select
          data={YES_NO}
          clearable
          placeholder="Not set"
          comboboxProps={{ withinPortal: true }}
          {...common}
        />
      );
    case 'select':
      return (
        <Select
          data={options}
          clearable
          placeholder="Not set"
          comboboxProps={{ withinPortal: true }}
          {...common}
        />
      );
    case 'multi_select':
      return (
        <MultiSelect
          data={options}
          clearable
          placeholder="Not set"
          comboboxProps={{ withinPortal: true }}
          {...common}
        />
      );
  }
}

function AttributeValuesForm({
  subjectType,
  subjectId,
  items,
  onDone,
}: {
  subjectType: AttributeSubjectType;
  subjectId: number;
  items: RecordAttributeValue[];
  onDone: () => void;
}) {
  const save = useSaveAttributeValues(subjectType, subjectId);
  const form = useForm<Values>({
    initialValues: {
      values: Object.fromEntries(items.map((item) => [String(item.attribute_id), toField(item)])),
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: items.map((item) => fieldName(item.attribute_id)),
    submit: (values) =>
      save.mutateAsync({
        values: Object.fromEntries(
          items.map((item) => [
            String(item.attribute_id),
            fromField(item, values.values[String(item.attribute_id)] ?? null),
          ]),
        ),
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Attributes saved',
        message: 'The record’s activity shows the change.',
      });
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Attributes">
      <Stack gap="md">
        {items.map((item) => (
          <AttributeInput key={item.attribute_id} item={item} form={form} />
        ))}
        <FormError message={formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save attributes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AttributeValuesSectionProps {
  subjectType: AttributeSubjectType;
  subjectId: number;
  /** the role may change the record (its resource's update) */
  canEdit: boolean;
}

/**
 * A record's custom attributes (Settings → attributes) with their values, and a dialog that sets them
 * all at once. Used on investors, contacts, organisations, deals and opportunities.
 */
export function AttributeValuesSection({ subjectType, subjectId, canEdit }: AttributeValuesSectionProps) {
  const { data: items, isPending, isError, refetch } = useAttributeValues(subjectType, subjectId);
  const [opened, { open, close }] = useDisclosure(false);
  const hasAttributes = (items?.length ?? 0) > 0;

  return (
    <RecordSection
      title="Attributes"
      description="Custom fields your team defined in Settings → Attributes."
      actions={
        canEdit &&
        hasAttributes && (
          <Button size="xs" variant="light" onClick={open}>
            Edit attributes
          </Button>
        )
      }
    >
      {isPending ? (
        <Skeleton height={60} aria-label="Loading the attributes" />
      ) : isError ? (
        <Group gap="xs">
          <Text size="sm" role="alert">
            The attributes could not be loaded.
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void refetch()}>
            Try again
          </Button>
        </Group>
      ) : !hasAttributes ? (
        <Text size="sm" c="dimmed">
          No custom attributes are defined for this kind of record.
        </Text>
      ) : (
        <DataList withDivider labelWidth={180}>
          {items.map((item) => (
            <DataList.Item key={item.attribute_id}>
              <DataList.ItemLabel>{item.name}</DataList.ItemLabel>
              <DataList.ItemValue>
                {item.display ?? (
                  <Text span size="sm" c="dimmed">
                    Not set
                  </Text>
                )}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      )}
      <Modal opened={opened} onClose={close} title="Attributes" size={MODAL_SIZES.choice}>
        {opened && items && (
          <AttributeValuesForm subjectType={subjectType} subjectId={subjectId} items={items} onDone={close} />
        )}
      </Modal>
    </RecordSection>
  );
}
