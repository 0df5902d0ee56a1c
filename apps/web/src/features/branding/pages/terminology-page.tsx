import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TerminologyPage as Page, TermKey, Terminology } from '@portico/contracts';
import { DEFAULT_TERMINOLOGY, TERMS, termsOfPage, TERMINOLOGY_PAGES } from '@portico/contracts/constants';
import { IconRestore } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { PageHeader } from '../../../components/layouts/page-header';
import { useBranding } from '../../../lib/branding';
import { useTerminology } from '../../../lib/terminology';
import { useSaveTerminology } from '../api/update-branding';
import { SettingsCard } from '../components/settings-card';
import { TerminologyNav } from '../components/terminology-nav';

const PAGE_TEXTS: Record<Page, { title: string; description: string }> = {
  general: {
    title: 'General',
    description: 'The names both portals use for their main sections and for the people on the platform.',
  },
  opportunities: {
    title: 'Opportunities',
    description: 'Investment statuses, allocation states and what investors see when nothing is open.',
  },
  roles: { title: 'Roles', description: 'The name each role goes by, wherever a role is shown.' },
  investor: {
    title: 'Investor',
    description: 'Investor categories and the messages of the appropriateness test.',
  },
  'portfolio-columns': {
    title: 'Portfolio columns',
    description: 'The columns of the investor portfolio table, and its empty state.',
  },
  funds: { title: 'Funds', description: 'The words used for funds in both portals.' },
};

/** The page's name from its path: /admin/settings/terminology[/{page}]. */
export function terminologyPageOf(pathname: string): Page {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return (TERMINOLOGY_PAGES as readonly string[]).includes(last) ? (last as Page) : 'general';
}

interface TermValues extends Record<string, unknown> {
  navigation: Partial<Record<TermKey, string>>;
}

function TermField({
  termKey,
  inputProps,
  onReset,
  isDefault,
}: {
  termKey: TermKey;
  inputProps: ReturnType<ReturnType<typeof useForm<TermValues>>['getInputProps']>;
  onReset: () => void;
  isDefault: boolean;
}) {
  const term = TERMS[termKey];
  const common = {
    label: term.label,
    description: `Default: ${term.default}`,
    placeholder: term.default,
    maxLength: term.kind === 'text' ? 1000 : 80,
    ...inputProps,
  };
  return (
    <Stack gap={4}>
      {term.kind === 'text' ? <Textarea autosize minRows={2} {...common} /> : <TextInput {...common} />}
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconRestore size={14} aria-hidden />}
          onClick={onReset}
          disabled={isDefault}
          aria-label={`Reset ${term.label} to default`}
        >
          Reset to default
        </Button>
      </Group>
    </Stack>
  );
}

function TerminologyForm({ page, saved }: { page: Page; saved: Terminology }) {
  const branding = useBranding();
  const keys = termsOfPage(page);
  const { mutateAsync } = useSaveTerminology();
  const form = useForm<TermValues>({
    initialValues: { navigation: Object.fromEntries(keys.map((key) => [key, saved[key]])) },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    // An emptied field goes back to its default.
    submit: (values) =>
      mutateAsync({
        navigation: Object.fromEntries(
          keys.map((key) => [key, values.navigation[key]?.trim() || DEFAULT_TERMINOLOGY[key]]),
        ),
        isCustomBranding: branding?.isCustomBranding ?? false,
      }),
    fields: keys.map((key) => `navigation.${key}`),
    compact: false,
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Terminology saved',
        message: 'Both portals use the new words now.',
      });
    },
  });
  const values = form.getValues().navigation;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <SettingsCard title={PAGE_TEXTS[page].title} description={PAGE_TEXTS[page].description}>
          {keys.map((key) => (
            <TermField
              key={key}
              termKey={key}
              inputProps={form.getInputProps(`navigation.${key}`)}
              onReset={() => form.setFieldValue(`navigation.${key}`, DEFAULT_TERMINOLOGY[key])}
              isDefault={(values[key] ?? '') === DEFAULT_TERMINOLOGY[key]}
            />
          ))}
        </SettingsCard>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Save terminology
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → terminology and its sub-pages: every editable label of spec §1, page by page, each with
 * its default and a way back to it.
 */
export function TerminologyPage() {
  const page = terminologyPageOf(useLocation().pathname);
  const terminology = useTerminology();
  return (
    <>
      <PageHeader title="Terminology" description="The words the platform uses, in both portals." />
      <TerminologyNav />
      <Stack maw={760}>
        <TerminologyForm key={`${page}:${JSON.stringify(terminology)}`} page={page} saved={terminology} />
      </Stack>
    </>
  );
}
