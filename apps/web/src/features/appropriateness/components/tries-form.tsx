import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { UNLIMITED_COMPLIANCE_TRIES } from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { useUser } from '../../../lib/session';
import { useUpdateComplianceSettings } from '../api/compliance-settings';

interface TriesValues extends Record<string, unknown> {
  compliance_tries: number | string;
}

export const describeTries = (tries: number) =>
  tries >= UNLIMITED_COMPLIANCE_TRIES ? 'Unlimited' : `${tries} ${tries === 1 ? 'try' : 'tries'}`;

/** The allowed tries (compliance settings, id 1): 0 means unlimited, stored and shown as 9999. */
export function TriesForm({ tries, riskWarning }: { tries: number; riskWarning: boolean }) {
  const user = useUser();
  const save = useUpdateComplianceSettings();
  const mayUpdate = can(user.role_id, 'compliance', 'update');
  const form = useForm<TriesValues>({
    initialValues: { compliance_tries: tries >= UNLIMITED_COMPLIANCE_TRIES ? 0 : tries },
    validate: {
      compliance_tries: (value) =>
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= 0 &&
        value < UNLIMITED_COMPLIANCE_TRIES
          ? null
          : `Give a whole number from 0 (unlimited) to ${UNLIMITED_COMPLIANCE_TRIES - 1}.`,
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => save.mutateAsync(Number(values.compliance_tries)),
    onSuccess: (saved) => {
      form.setValues({
        compliance_tries: saved.compliance_tries >= UNLIMITED_COMPLIANCE_TRIES ? 0 : saved.compliance_tries,
      });
      form.resetDirty();
      notifications.show({
        color: 'success',
        title: 'Allowed tries saved',
        message: describeTries(saved.compliance_tries),
      });
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Allowed tries"
            description="How many attempts an investor may make; 0 means unlimited."
            min={0}
            max={UNLIMITED_COMPLIANCE_TRIES - 1}
            allowDecimal={false}
            allowNegative={false}
            w={260}
            disabled={!mayUpdate}
            {...form.getInputProps('compliance_tries')}
          />
          {mayUpdate && (
            <Button type="submit" loading={submitting} disabled={submitting || !form.isDirty()}>
              Save tries
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Now: {describeTries(tries)}. After a failed attempt the investor waits 24 hours before trying again.
          {riskWarning && ' The risk warning is on, so the risk warning test is used, with unlimited tries.'}
        </Text>
        <FormError message={formError} />
      </Stack>
    </form>
  );
}
