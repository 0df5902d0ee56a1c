import { Alert, Button, Group, Select, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { can, type DefaultInvestorAssociates } from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { useStaffOptions } from '../../../lib/records/use-staff-options';
import { useUser } from '../../../lib/session';
import { useOrganisationOptions } from '../../investors/api/get-organisation-options';
import {
  useDefaultAssociates,
  useUpdateDefaultAssociates,
} from '../../promotion-exceptions/api/default-associates';
import { SettingsCard } from './settings-card';

interface AssociateValues extends Record<string, unknown> {
  adviser_id: string | null;
  organisation_id: string | null;
}

function AssociatesForm({ saved, mayUpdate }: { saved: DefaultInvestorAssociates; mayUpdate: boolean }) {
  const update = useUpdateDefaultAssociates();
  const staff = useStaffOptions([saved.adviser]);
  const organisations = useOrganisationOptions();
  const organisationOptions = [...organisations.options];
  if (
    saved.organisation &&
    !organisationOptions.some((option) => option.value === String(saved.organisation?.id))
  )
    organisationOptions.push({ value: String(saved.organisation.id), label: saved.organisation.name });
  const form = useForm<AssociateValues>({
    initialValues: {
      adviser_id: saved.adviser ? String(saved.adviser.id) : null,
      organisation_id: saved.organisation ? String(saved.organisation.id) : null,
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['adviser_id', 'organisation_id'],
    submit: (values) =>
      update.mutateAsync({
        adviser_id: values.adviser_id ? Number(values.adviser_id) : null,
        organisation_id: values.organisation_id ? Number(values.organisation_id) : null,
      }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Default associates saved',
        message: 'New investors get them.',
      });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="danger" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group grow align="flex-start">
          <Select
            label="Default adviser"
            description="Becomes the new investor’s adviser, unless staff choose another."
            placeholder="None"
            clearable
            searchable
            data={staff.options}
            disabled={!mayUpdate}
            {...form.getInputProps('adviser_id')}
          />
          <Select
            label="Default organisation"
            description="The new investor is linked to it as a member."
            placeholder="None"
            clearable
            searchable
            data={organisationOptions}
            disabled={!mayUpdate}
            {...form.getInputProps('organisation_id')}
          />
        </Group>
        {mayUpdate && (
          <Group>
            <Button type="submit" variant="light" loading={submitting} disabled={!form.isDirty()}>
              Save default associates
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * Settings → features: the adviser and organisation every new investor (registered or added by staff) is linked
 * to while Default investor associates is on (issue 21, decision 032).
 */
export function DefaultAssociatesCard() {
  const user = useUser();
  const { data, isPending, isError } = useDefaultAssociates();
  if (!can(user.role_id, 'features', 'show')) return null;
  return (
    <SettingsCard
      title="Default investor associates"
      description="While Default investor associates is on, each new investor is linked to these in the same step that creates them."
    >
      {isPending ? (
        <Skeleton h={60} aria-label="Loading" />
      ) : isError ? (
        'The default associates could not be loaded.'
      ) : (
        <AssociatesForm
          key={data.updated_at ?? 'none'}
          saved={data}
          mayUpdate={can(user.role_id, 'features', 'update')}
        />
      )}
    </SettingsCard>
  );
}
