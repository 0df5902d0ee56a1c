import { Badge, Button, Group, List, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FeatureFlag, FeatureKey, FeatureSet } from '@portico/contracts';
import {
  can,
  FEATURE_FLAG_TEXTS,
  FEATURE_FLAGS,
  FEATURE_NOT_YET_AVAILABLE,
  isFeatureAvailable,
} from '@portico/contracts/constants';
import { useState } from 'react';
import { PageHeader } from '../../../components/layouts/page-header';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { useFeatures } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { useUpdateFeatures } from '../api/update-features';
import { DefaultAssociatesCard } from '../components/default-associates-card';
import { SettingsCard } from '../components/settings-card';

const stateWord = (on: boolean) => (on ? 'on' : 'off');

const AVAILABLE = FEATURE_FLAGS.filter((flag) => isFeatureAvailable(flag.key));
const NOT_YET = FEATURE_FLAGS.filter((flag) => !isFeatureAvailable(flag.key));

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A flag whose feature is still being built: shown off, and it cannot be switched on. */
function UnavailableFlag({ flag }: { flag: FeatureFlag }) {
  return (
    <Switch
      label={
        <Group gap="xs" component="span">
          {FEATURE_FLAG_TEXTS[flag.key].label}
          <Badge component="span" variant="light" color="gray" size="sm">
            {FEATURE_NOT_YET_AVAILABLE}
          </Badge>
        </Group>
      }
      description={FEATURE_FLAG_TEXTS[flag.key].description}
      checked={false}
      disabled
      size="md"
    />
  );
}

function changesOf(saved: FeatureSet, edited: FeatureSet): Partial<FeatureSet> {
  const changes: Partial<FeatureSet> = {};
  for (const flag of FEATURE_FLAGS)
    if (saved[flag.key] !== edited[flag.key]) changes[flag.key] = edited[flag.key];
  return changes;
}

function FeaturesForm({ saved }: { saved: FeatureSet }) {
  const user = useUser();
  const mayUpdate = can(user.role_id, 'features', 'update');
  const [edited, setEdited] = useState<FeatureSet>(saved);
  const [confirming, setConfirming] = useState(false);
  const { mutateAsync } = useUpdateFeatures();
  const changes = changesOf(saved, edited);
  const changed = FEATURE_FLAGS.filter((flag) => changes[flag.key] !== undefined);

  const toggle = (key: FeatureKey, on: boolean) => setEdited((current) => ({ ...current, [key]: on }));

  return (
    <Stack gap="lg">
      <SettingsCard
        title="Features"
        description="Each switch applies to everyone on the platform, in both portals, from their next page load."
      >
        <Stack gap="md" component="ul" style={listStyle}>
          {AVAILABLE.map((flag) => (
            <li key={flag.key}>
              <Switch
                label={FEATURE_FLAG_TEXTS[flag.key].label}
                description={FEATURE_FLAG_TEXTS[flag.key].description}
                checked={edited[flag.key]}
                onChange={(event) => toggle(flag.key, event.currentTarget.checked)}
                disabled={!mayUpdate}
                size="md"
              />
            </li>
          ))}
        </Stack>
      </SettingsCard>
      {NOT_YET.length > 0 && (
        <SettingsCard
          title="Not yet available"
          description="These parts of the product are still being built. Each one can be switched on here once it is released."
        >
          <Stack gap="md" component="ul" style={listStyle}>
            {NOT_YET.map((flag) => (
              <li key={flag.key}>
                <UnavailableFlag flag={flag} />
              </li>
            ))}
          </Stack>
        </SettingsCard>
      )}
      {mayUpdate && (
        <Group>
          <Button onClick={() => setConfirming(true)} disabled={changed.length === 0}>
            Save features
          </Button>
          {changed.length > 0 && (
            <Button variant="default" onClick={() => setEdited(saved)}>
              Discard changes
            </Button>
          )}
        </Group>
      )}
      <DefaultAssociatesCard />
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Save feature changes?"
        confirmLabel="Save changes"
        onConfirm={async () => {
          await mutateAsync(changes);
          notifications.show({
            color: 'success',
            title: 'Features saved',
            message: 'The changes apply now.',
          });
        }}
      >
        <Stack gap="xs">
          <Text size="sm">These features change for everyone on the platform:</Text>
          <List size="sm">
            {changed.map((flag) => (
              <List.Item key={flag.key}>
                {FEATURE_FLAG_TEXTS[flag.key].label}: {stateWord(saved[flag.key])} →{' '}
                <strong>{stateWord(edited[flag.key])}</strong>
              </List.Item>
            ))}
          </List>
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}

/** Settings → account → features: every flag of spec §3 on one page, each with what it does. */
export function FeaturesPage() {
  const features = useFeatures();
  return (
    <>
      <PageHeader title="Features" description="Switch parts of the product on or off for this platform." />
      <FeaturesForm key={JSON.stringify(features)} saved={features} />
    </>
  );
}
