import { Alert, Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Branding } from '@portico/contracts';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { PageHeader } from '../../../components/layouts/page-header';
import { RiskBanner } from '../../../components/risk-warning/risk-banner';
import { RiskSummaryModal } from '../../../components/risk-warning/risk-summary-modal';
import { ADMIN_SCREENS, canOpenAdminScreen } from '../../../config/admin-menu';
import { useBranding, useFeature } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useUpdateBranding } from '../api/update-branding';
import { SettingsCard } from '../components/settings-card';

interface RiskValues extends Record<string, unknown> {
  risk_warning_text: string;
}

function FeatureStatus() {
  const on = useFeature('riskWarning');
  const user = useUser();
  const mayOpenFeatures = canOpenAdminScreen(user.role_id, ADMIN_SCREENS.features);
  const { investors } = useTerminology();
  return (
    <Alert
      color={on ? 'success' : 'gray'}
      variant="light"
      icon={on ? <IconAlertTriangle aria-hidden /> : <IconInfoCircle aria-hidden />}
      title={on ? 'The risk warning is on' : 'The risk warning is off'}
    >
      <Stack gap={4} align="flex-start">
        <Text size="sm">
          {on
            ? `${investors} see the banner at the top of every page of their portal.`
            : `${investors} do not see the banner. Switch the Risk warning feature on to show it.`}
        </Text>
        {mayOpenFeatures && (
          <Anchor component={Link} to={ADMIN_SCREENS.features.path} size="sm" fw={600}>
            Change it on the Features page
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

function RiskWarningForm({ branding }: { branding: Branding | null }) {
  const { mutateAsync } = useUpdateBranding();
  const { investors } = useTerminology();
  const [modalOpened, modal] = useDisclosure(false);
  const form = useForm<RiskValues>({
    initialValues: { risk_warning_text: branding?.risk_warning_text ?? '' },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    submit: (values) => mutateAsync({ risk_warning_text: values.risk_warning_text }),
    compact: false,
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Risk summary saved',
        message: `${investors} see it now.`,
      });
    },
  });
  const text = form.getValues().risk_warning_text;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <SettingsCard
          title="Risk summary"
          description="The text behind the banner's link, “Take 2 mins to learn more.”"
        >
          <Textarea
            label="Risk summary"
            description="Plain text. Leave an empty line between paragraphs."
            autosize
            minRows={10}
            maxRows={30}
            {...form.getInputProps('risk_warning_text')}
          />
        </SettingsCard>
        <SettingsCard
          title="Preview"
          description={`The banner as ${inSentence(investors)} see it. Its link opens the summary as written above.`}
        >
          <div
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}
          >
            <RiskBanner summary={text} />
          </div>
          <Group>
            <Button variant="default" onClick={modal.open}>
              Preview the risk summary
            </Button>
          </Group>
          <RiskSummaryModal opened={modalOpened} onClose={modal.close} text={text} />
        </SettingsCard>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Save risk summary
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → investor → risk warning: the summary behind the regulator's banner, with a preview. */
export function RiskWarningSettingsPage() {
  const branding = useBranding();
  const { investor } = useTerminology();
  return (
    <>
      <PageHeader
        title="Risk warning"
        description={`The regulator's banner on every ${inSentence(investor)} page, and the summary it links to.`}
      />
      <Stack maw={960} gap="lg">
        <FeatureStatus />
        <RiskWarningForm key={branding?.updated_at ?? 'defaults'} branding={branding} />
      </Stack>
    </>
  );
}
