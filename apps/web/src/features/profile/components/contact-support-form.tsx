import { Alert, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  supportContactInputSchema,
  type SupportCategory,
} from '@portico/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useContactSupport } from '../api/contact-support';

interface SupportValues extends Record<string, unknown> {
  subject: string;
  message: string;
  category: SupportCategory | null;
}

const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((value) => ({
  value,
  label: SUPPORT_CATEGORY_LABELS[value],
}));

/** The "Contact us" form: a message to the firm's support team, who reply by email. */
export function ContactSupportForm({
  onDone,
  defaultSubject = '',
}: {
  onDone?: () => void;
  defaultSubject?: string;
}) {
  const contact = useContactSupport();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<SupportValues>({
    initialValues: { subject: defaultSubject, message: '', category: null },
    validate: zodResolver(supportContactInputSchema),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => contact.mutateAsync(values),
    onSuccess: (result) => setSent(result.message),
  });

  if (sent)
    return (
      <Stack gap="md">
        <Alert color="success" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {sent} We reply to your email address.
        </Alert>
        {onDone && (
          <Group justify="flex-end">
            <Button onClick={onDone} data-autofocus>
              Close
            </Button>
          </Group>
        )}
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact us">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Our support team reads every message and replies to your email address.
        </Text>
        <Select
          label="Topic"
          placeholder="Choose a topic (optional)"
          data={CATEGORY_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
        />
        <TextInput
          label="Subject"
          required
          maxLength={SUPPORT_SUBJECT_MAX}
          data-autofocus
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={SUPPORT_MESSAGE_MAX}
          description="At least 10 characters."
          {...form.getInputProps('message')}
        />
        <FormError message={formError} />
        <Group justify="flex-end">
          {onDone && (
            <Button variant="default" onClick={onDone} disabled={submitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
