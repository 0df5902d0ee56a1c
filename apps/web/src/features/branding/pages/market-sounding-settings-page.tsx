import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Branding } from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { PageHeader } from '../../../components/layouts/page-header';
import { useBranding } from '../../../lib/branding';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useUpdateBranding } from '../api/update-branding';
import { SettingsCard } from '../components/settings-card';

interface SoundingValues extends Record<string, unknown> {
  market_sounding_description: string;
}

function MarketSoundingForm({ branding }: { branding: Branding | null }) {
  const { mutateAsync } = useUpdateBranding();
  const { investors } = useTerminology();
  const form = useForm<SoundingValues>({
    initialValues: { market_sounding_description: branding?.market_sounding_description ?? '' },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => mutateAsync({ market_sounding_description: values.market_sounding_description }),
    compact: false,
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Description saved',
        message: `${investors} see it now.`,
      });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <SettingsCard
          title="Market sounding"
          description={`Shown to ${inSentence(investors)} before they agree to receive inside information about a deal.`}
        >
          <Textarea
            label="Market sounding description"
            description="Plain text. Leave an empty line between paragraphs."
            autosize
            minRows={6}
            maxRows={24}
            {...form.getInputProps('market_sounding_description')}
          />
        </SettingsCard>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Save description
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → investor → market sounding: the description investors read before they are sounded. */
export function MarketSoundingSettingsPage() {
  const branding = useBranding();
  const { investors } = useTerminology();
  return (
    <>
      <PageHeader
        title="Market sounding"
        description={`What ${inSentence(investors)} agree to when they are market-sounded.`}
      />
      <Stack maw={860}>
        <MarketSoundingForm key={branding?.updated_at ?? 'defaults'} branding={branding} />
      </Stack>
    </>
  );
}
