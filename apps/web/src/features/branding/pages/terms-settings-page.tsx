import { Badge, Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Branding, TermsFormat } from '@portico/contracts';
import { useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { useBranding } from '../../../lib/branding';
import { useUpdateBranding } from '../api/update-branding';
import { SettingsCard } from '../components/settings-card';

interface TermsValues extends Record<string, unknown> {
  terms_format: TermsFormat;
  terms_url: string;
  terms_text: string;
}

const FIELDS = ['terms_format', 'terms_url', 'terms_text', 'terms_version'];

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function TermsForm({ branding }: { branding: Branding | null }) {
  const version = branding?.terms_version ?? 1;
  const [publishing, setPublishing] = useState(false);
  const { mutateAsync } = useUpdateBranding();
  const form = useForm<TermsValues>({
    initialValues: {
      terms_format: branding?.terms_format ?? 'text',
      terms_url: branding?.terms_url ?? '',
      terms_text: branding?.terms_text ?? '',
    },
    validate: {
      terms_url: (value, values) =>
        values.terms_format !== 'url'
          ? null
          : value.trim() === ''
            ? 'The terms URL field is required when the terms are a link.'
            : isWebAddress(value.trim())
              ? null
              : 'The terms URL field must be a valid URL.',
      terms_text: (value, values) =>
        values.terms_format === 'text' && value.trim() === ''
          ? 'The terms text field is required when the terms are text.'
          : null,
    },
  });
  const payload = (values: TermsValues) => ({
    terms_format: values.terms_format,
    terms_url: values.terms_url.trim(),
    terms_text: values.terms_text,
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => mutateAsync(payload(values)),
    fields: FIELDS,
    compact: false,
    onSuccess: () => {
      notifications.show({ color: 'success', title: 'Terms saved', message: 'The terms have been saved.' });
    },
  });

  const openPublish = () => {
    if (!form.validate().hasErrors) setPublishing(true);
  };
  const format = form.getValues().terms_format;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <SettingsCard
          title="Terms and conditions"
          description="What users accept before they use the platform: a link to your website, or the text itself."
        >
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Current version
            </Text>
            <Badge variant="light" size="lg" aria-label={`Current version ${version}`}>
              {version}
            </Badge>
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="terms-format-label">
              Terms format
            </Text>
            <SegmentedControl
              aria-labelledby="terms-format-label"
              data={[
                { value: 'url', label: 'Link (URL)' },
                { value: 'text', label: 'Text' },
              ]}
              {...form.getInputProps('terms_format')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          {format === 'url' ? (
            <TextInput
              label="Terms URL"
              description="The address of the terms on your website; it opens in a new tab."
              placeholder="https://example.com/terms"
              type="url"
              {...form.getInputProps('terms_url')}
            />
          ) : (
            <Textarea
              label="Terms text"
              description="Plain text. Leave an empty line between paragraphs. Shown at /terms."
              autosize
              minRows={8}
              maxRows={24}
              {...form.getInputProps('terms_text')}
            />
          )}
        </SettingsCard>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Save terms
          </Button>
          <Button variant="outline" color="danger" onClick={openPublish} disabled={submitting}>
            Publish new version
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={publishing}
        onClose={() => setPublishing(false)}
        title={`Publish version ${version + 1}?`}
        confirmLabel={`Publish version ${version + 1}`}
        danger
        onConfirm={async () => {
          await mutateAsync({ ...payload(form.getValues()), terms_version: version + 1 });
          notifications.show({
            color: 'success',
            title: `Version ${version + 1} published`,
            message: 'Every user will be asked to accept the new terms.',
          });
        }}
      >
        Every user, staff and investors alike, will have to accept the terms and conditions again before they
        can carry on using the platform. Your changes on this page are saved with the new version.
      </ConfirmModal>
    </form>
  );
}

/** Settings → investor → terms: the terms (a link or text) and their version. */
export function TermsSettingsPage() {
  const branding = useBranding();
  return (
    <>
      <PageHeader title="Terms" description="The terms and conditions every user accepts." />
      <Stack maw={860}>
        <TermsForm key={branding?.updated_at ?? 'defaults'} branding={branding} />
      </Stack>
    </>
  );
}
