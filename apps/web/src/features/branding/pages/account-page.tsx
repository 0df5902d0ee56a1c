import { Button, ColorInput, Grid, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  BRANDING_FILES,
  COLOUR_KEYS,
  COLOUR_LABELS,
  type Branding,
  type BrandingFile,
  type Colours,
} from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { PageHeader } from '../../../components/layouts/page-header';
import { useAppName, useBranding } from '../../../lib/branding';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { brandColours, DEFAULT_COLOURS } from '../../../theme/colours';
import { useUpdateBranding } from '../api/update-branding';
import { ColourPreview } from '../components/colour-preview';
import { ImageUploadField } from '../components/image-upload-field';
import { SettingsCard } from '../components/settings-card';

interface AccountValues extends Record<string, unknown> {
  colours: Colours;
  logo_alt: string;
}

interface FileChoice {
  file: File | null;
  /** the chosen file's local preview (a blob: address, released when replaced or on leaving) */
  preview?: string;
  removed: boolean;
}

const previewOf = (file: File | null) =>
  file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;

const FILE_KINDS = Object.keys(BRANDING_FILES) as BrandingFile[];
const NO_CHOICE: FileChoice = { file: null, removed: false };
const HEX = /^#[0-9a-f]{6}$/i;

const fileDescriptions = (investor: string): Record<BrandingFile, string> => ({
  logo: 'Shown on light backgrounds: the login page and the admin header.',
  logoLight: `Shown on dark backgrounds: the ${inSentence(investor)} portal header.`,
  favicon: 'The small icon in the browser tab.',
});

/** Server field names this form shows errors on. */
const FIELDS = [...COLOUR_KEYS.map((key) => `colours.${key}`), 'logo_alt', ...FILE_KINDS];

/** Multipart: colours bracketed, files as files, removals as flags (API: PATCH /api/branding/1). */
function brandingFormData(values: AccountValues, files: Record<BrandingFile, FileChoice>): FormData {
  const data = new FormData();
  for (const key of COLOUR_KEYS) data.append(`colours[${key}]`, values.colours[key]);
  data.append('logo_alt', values.logo_alt.trim());
  for (const kind of FILE_KINDS) {
    const choice = files[kind];
    if (choice.file) data.append(kind, choice.file);
    else if (choice.removed) data.append(`remove_${kind}`, 'true');
  }
  return data;
}

function AccountForm({ branding }: { branding: Branding | null }) {
  const appName = useAppName();
  const terminology = useTerminology();
  const { mutateAsync } = useUpdateBranding();
  const [files, setFiles] = useState<Record<BrandingFile, FileChoice>>({
    logo: NO_CHOICE,
    logoLight: NO_CHOICE,
    favicon: NO_CHOICE,
  });
  // Every preview address made on this page, released when the page goes.
  const previews = useRef<string[]>([]);
  useEffect(() => {
    const made = previews.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const form = useForm<AccountValues>({
    initialValues: { colours: brandColours(branding?.colours), logo_alt: branding?.logo_alt ?? '' },
    validate: {
      colours: Object.fromEntries(
        COLOUR_KEYS.map((key) => [
          key,
          (value: string) =>
            HEX.test(value) ? null : `The ${COLOUR_LABELS[key]} colour must be a colour like #0b1f3a.`,
        ]),
      ),
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => mutateAsync(brandingFormData(values, files)),
    fields: FIELDS,
    compact: false,
    onSuccess: (saved) => {
      setFiles({ logo: NO_CHOICE, logoLight: NO_CHOICE, favicon: NO_CHOICE });
      form.setInitialValues({ colours: brandColours(saved.colours), logo_alt: saved.logo_alt });
      form.reset();
      notifications.show({ color: 'success', title: 'Branding saved', message: 'Every page now shows it.' });
    },
  });

  const choose = (kind: BrandingFile, file: File | null, removed: boolean) => {
    const preview = previewOf(file);
    if (preview) previews.current.push(preview);
    setFiles((current) => ({ ...current, [kind]: preview ? { file, preview, removed } : { file, removed } }));
    form.clearFieldError(kind);
  };
  const values = form.getValues();
  const lightLogo =
    files.logoLight.preview ?? (files.logoLight.removed ? undefined : (branding?.logoLight ?? undefined));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SettingsCard title="Colours" description="Used for headers, buttons, links, badges and alerts.">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {COLOUR_KEYS.map((key) => (
                  <ColorInput
                    key={key}
                    label={COLOUR_LABELS[key]}
                    format="hex"
                    swatches={[DEFAULT_COLOURS[key]]}
                    withEyeDropper={false}
                    {...form.getInputProps(`colours.${key}`)}
                  />
                ))}
              </SimpleGrid>
              <Group>
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => form.setFieldValue('colours', { ...DEFAULT_COLOURS })}
                >
                  Use the default colours
                </Button>
              </Group>
            </SettingsCard>
            <SettingsCard title="Logos and favicon">
              {FILE_KINDS.map((kind) => (
                <ImageUploadField
                  key={kind}
                  kind={kind}
                  label={BRANDING_FILES[kind].label}
                  description={fileDescriptions(terminology.investor)[kind]}
                  current={branding?.[kind] ?? null}
                  file={files[kind].file}
                  preview={files[kind].preview}
                  removed={files[kind].removed}
                  onFile={(file) => choose(kind, file, false)}
                  onRemove={() => choose(kind, null, Boolean(branding?.[kind]))}
                  onUndo={() => choose(kind, null, false)}
                  error={typeof form.errors[kind] === 'string' ? form.errors[kind] : undefined}
                  dark={kind === 'logoLight'}
                  disabled={submitting}
                />
              ))}
              <TextInput
                label="Logo alternative text"
                description="What screen readers say for the logo, usually the company's name."
                maxLength={200}
                {...form.getInputProps('logo_alt')}
              />
            </SettingsCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <ColourPreview
              colours={brandColours(values.colours)}
              navLabels={[terminology.overview, terminology.profile]}
              logoSrc={lightLogo}
              logoAlt={values.logo_alt || appName}
              appName={appName}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack mt="lg" gap="sm">
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Save branding
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → account: colours with a live preview, logos, favicon and the logo's alternative text. */
export function AccountPage() {
  const branding = useBranding();
  return (
    <>
      <PageHeader
        title="Account"
        description="Your brand: colours, logos and favicon, shown in both portals and on the login page."
      />
      <AccountForm key={branding?.updated_at ?? 'defaults'} branding={branding} />
    </>
  );
}
