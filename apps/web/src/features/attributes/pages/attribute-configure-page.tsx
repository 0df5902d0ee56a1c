import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ATTRIBUTE_FIELD_TYPE_LABELS,
  ATTRIBUTE_FIELD_TYPES,
  ATTRIBUTE_SUBJECT_LABELS,
  ATTRIBUTE_SUBJECT_TYPES,
  attributeInputSchema,
  hasOptions,
  type Attribute,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import {
  useCreateCustomAttribute,
  useCustomAttribute,
  useDeleteCustomAttribute,
  useUpdateCustomAttribute,
} from '../api/custom-attributes';
import { AttributeOptionsField } from '../components/attribute-options-field';
import {
  attributePayload,
  formValuesOf,
  type AttributeFormValues,
} from '../components/attribute-form-values';
import { configurePath } from './attributes-page';

const SUBJECT_OPTIONS = ATTRIBUTE_SUBJECT_TYPES.map((type) => ({
  value: type,
  label: ATTRIBUTE_SUBJECT_LABELS[type],
}));
const TYPE_OPTIONS = ATTRIBUTE_FIELD_TYPES.map((type) => ({
  value: type,
  label: ATTRIBUTE_FIELD_TYPE_LABELS[type],
}));
const validate = zodResolver(attributeInputSchema);

function AttributeForm({ attribute }: { attribute?: Attribute }) {
  const user = useUser();
  const navigate = useNavigate();
  const create = useCreateCustomAttribute();
  const update = useUpdateCustomAttribute(attribute?.id ?? 0);
  const remove = useDeleteCustomAttribute();
  const [deleting, setDeleting] = useState(false);
  const mayLock = can(user.role_id, 'attributes_lock', 'index');
  const mayChange = can(user.role_id, 'attributes', attribute ? 'update' : 'create');
  const locked = attribute?.locked ?? false;
  const readOnly = !mayChange || locked;
  const form = useForm<AttributeFormValues>({
    initialValues: formValuesOf(attribute),
    validate: (values) => validate(attributePayload(values)),
  });
  const type = form.getValues().type;
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: [
      'name',
      'applies_to',
      'type',
      'help_text',
      'options',
      ...form.getValues().options.map((_, index) => `options.${index}.label`),
    ],
    submit: (values) => {
      const payload = attributePayload(values);
      return attribute
        ? update.mutateAsync({
            name: payload.name,
            type: payload.type,
            help_text: payload.help_text,
            options: payload.options,
          })
        : create.mutateAsync(payload as Parameters<typeof create.mutateAsync>[0]);
    },
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: attribute ? 'Attribute saved' : 'Attribute added',
        message: saved.name,
      });
      if (attribute) form.setValues(formValuesOf(saved));
      else void navigate(configurePath(saved.id), { replace: true });
    },
  });

  const toggleLock = (next: boolean) =>
    update.mutate(
      { locked: next },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'success',
            title: saved.locked ? 'Attribute locked' : 'Attribute unlocked',
            message: saved.name,
          }),
        onError: (caught) =>
          notifications.show({
            color: 'danger',
            title: 'That did not work',
            message: isApiError(caught) && !caught.unanswered ? caught.message : 'Please try again.',
          }),
      },
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={760}>
      <form onSubmit={onSubmit} noValidate aria-label="Attribute">
        <Stack gap="md">
          {locked && (
            <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title="Locked">
              Its name, type and options cannot change and it cannot be deleted until it is unlocked. Its
              values can still be set on records.
            </Alert>
          )}
          {attribute && mayLock && (
            <Switch
              label="Locked"
              description="Keeps the definition as it is (only your role may lock and unlock)."
              checked={locked}
              disabled={update.isPending}
              onChange={(event) => toggleLock(event.currentTarget.checked)}
            />
          )}
          <TextInput
            label="Name"
            required
            maxLength={100}
            disabled={readOnly}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label="Applies to"
            required
            description={attribute ? 'Fixed once the attribute exists.' : 'The kind of record that has it.'}
            data={SUBJECT_OPTIONS}
            disabled={attribute !== undefined || readOnly}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('applies_to')}
          />
          <Select
            label="Type"
            required
            description={
              attribute && attribute.values_count > 0
                ? `${attribute.values_count} records have a value, so the type cannot change.`
                : 'What kind of value it holds.'
            }
            data={TYPE_OPTIONS}
            disabled={readOnly || (attribute?.values_count ?? 0) > 0}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('type')}
          />
          <Textarea
            label="Help text"
            description="Shown under the field when staff fill it in."
            autosize
            minRows={2}
            maxLength={500}
            disabled={readOnly}
            {...form.getInputProps('help_text')}
          />
          {type !== null && hasOptions(type) && <AttributeOptionsField form={form} disabled={readOnly} />}
          <FormError message={formError} />
          <Group justify="space-between">
            {attribute && can(user.role_id, 'attributes', 'delete') && !locked ? (
              <Button variant="subtle" color="danger" onClick={() => setDeleting(true)}>
                Delete attribute
              </Button>
            ) : (
              <span />
            )}
            {!readOnly && (
              <Button type="submit" loading={submitting}>
                {attribute ? 'Save attribute' : 'Add attribute'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {attribute && (
        <ConfirmModal
          opened={deleting}
          onClose={() => setDeleting(false)}
          title="Delete attribute"
          confirmLabel="Delete attribute"
          danger
          onConfirm={async () => {
            await remove.mutateAsync(attribute.id);
            notifications.show({ color: 'success', title: 'Attribute deleted', message: attribute.name });
            void navigate(ADMIN_SCREENS.attributes.path);
          }}
        >
          Delete <strong>{attribute.name}</strong>?{' '}
          {attribute.values_count > 0
            ? `Its values on ${attribute.values_count} ${attribute.values_count === 1 ? 'record' : 'records'} are deleted with it.`
            : 'No record has a value for it yet.'}
        </ConfirmModal>
      )}
    </Paper>
  );
}

/** Settings → attributes → configure/{id} (or configure/new): a custom attribute's definition and options. */
export function AttributeConfigurePage() {
  const { id: param } = useParams();
  const id = param === 'new' ? undefined : Number(param);
  const valid = id === undefined || (Number.isSafeInteger(id) && id > 0);
  const { data: attribute, isPending, isError, error } = useCustomAttribute(valid ? id : undefined);
  const title = id === undefined ? 'New attribute' : (attribute?.name ?? 'Attribute');

  return (
    <>
      <Anchor component={Link} to={ADMIN_SCREENS.attributes.path} size="sm" mb="sm" display="inline-flex">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Attributes
        </Group>
      </Anchor>
      <PageHeader
        title={title}
        description={
          attribute
            ? `${ATTRIBUTE_SUBJECT_LABELS[attribute.applies_to]} · ${ATTRIBUTE_FIELD_TYPE_LABELS[attribute.type]}`
            : undefined
        }
      />
      {!valid || isError ? (
        <Alert color="danger" variant="light" role="alert">
          {(isApiError(error) && error.status === 404) || !valid
            ? 'There is no attribute with that id.'
            : 'The attribute could not be loaded. Please try again.'}
        </Alert>
      ) : id !== undefined && isPending ? (
        <Skeleton height={320} radius="md" maw={760} aria-label="Loading the attribute" />
      ) : (
        <>
          <AttributeForm key={attribute?.id ?? 'new'} attribute={attribute} />
          {attribute === undefined && (
            <Text size="sm" c="dimmed" mt="sm">
              Its values are set on each record’s page.
            </Text>
          )}
        </>
      )}
    </>
  );
}
