import {
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  APPLICATION_STATUS_LABELS,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  ORGANISATION_TYPE_LABELS,
  ORGANISATION_TYPES,
  type OrganisationApplication,
} from '@portico/contracts';
import { IconBuilding } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { LoadError } from '../../../components/records/compliance/load-error';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { formatDate } from '../../../lib/format';
import { useApplyToOrganisation, useMyApplications, useOrganisationOptions } from '../api/organisations';
import { ProfilePage } from '../components/profile-page';

type Mode = 'join' | 'create';
interface Values extends Record<string, unknown> {
  organisation_id: string | null;
  proposed_name: string;
  proposed_type: string | null;
  registration_number: string;
  role: string;
  message: string;
}

const STATUS_COLOURS = { pending: 'yellow', approved: 'success', rejected: 'danger' } as const;
const blank: Values = {
  organisation_id: null,
  proposed_name: '',
  proposed_type: null,
  registration_number: '',
  role: 'member',
  message: '',
};

function ApplicationLine({ application }: { application: OrganisationApplication }) {
  const name = application.organisation?.name ?? application.proposed_name ?? 'Organisation';
  return (
    <Paper component="li" withBorder radius="sm" p="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {application.kind === 'join' ? `Join ${name}` : `Create ${name}`}
          </Text>
          <Badge color={STATUS_COLOURS[application.status]} variant="light">
            {APPLICATION_STATUS_LABELS[application.status]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          As {ORGANISATION_ROLE_LABELS[application.role].toLowerCase()}, applied{' '}
          {formatDate(application.created_at)}
        </Text>
        {application.status === 'rejected' && application.reason && (
          <Text size="sm" c="danger.8">
            Not approved: {application.reason}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /investor/profile/organisation-apply (organisation links on): ask to act for an organisation, joining
 * one that exists or proposing a new one, and see earlier applications with their outcome.
 */
export function OrganisationApplyPage() {
  const applications = useMyApplications();
  const apply = useApplyToOrganisation();
  const [mode, setMode] = useState<Mode>('join');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useOrganisationOptions(debounced);
  const form = useForm<Values>({
    initialValues: blank,
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (mode === 'join' && !values.organisation_id)
        errors.organisation_id = 'Choose an organisation to join, or give the name of a new one.';
      if (mode === 'create' && values.proposed_name.trim() === '')
        errors.proposed_name = 'Give the name of the organisation.';
      return errors;
    },
  });
  // Empty answers are left out of what is sent (spec §5).
  const { onSubmit, formError, submitting } = useServerForm(form, {
    fields: Object.keys(blank),
    submit: (values) =>
      apply.mutateAsync(
        mode === 'join'
          ? {
              organisation_id: Number(values.organisation_id),
              role: values.role as (typeof ORGANISATION_ROLES)[number],
              message: values.message,
            }
          : {
              proposed_name: values.proposed_name,
              proposed_type: (values.proposed_type as (typeof ORGANISATION_TYPES)[number] | null) ?? null,
              registration_number: values.registration_number,
              role: values.role as (typeof ORGANISATION_ROLES)[number],
              message: values.message,
            },
      ),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Application sent',
        message: 'Our team reviews it and lets you know.',
      });
      form.setValues(blank);
      form.resetDirty();
      setSearch('');
    },
  });

  const found = options.data ?? [];
  return (
    <ProfilePage title="Organisations">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="xs">
          Apply to act for an organisation
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          A company, trust, family office or network you invest through or belong to. Our team reviews each
          application.
        </Text>
        <form onSubmit={onSubmit} noValidate aria-label="Apply to act for an organisation">
          <Stack gap="md">
            <SegmentedControl
              aria-label="Join or create"
              value={mode}
              onChange={(value) => {
                setMode(value === 'create' ? 'create' : 'join');
                form.clearErrors();
              }}
              data={[
                { value: 'join', label: 'Join an organisation' },
                { value: 'create', label: 'Propose a new one' },
              ]}
              w="fit-content"
            />
            {mode === 'join' ? (
              <Select
                label="Organisation"
                placeholder="Type two letters or more of its name"
                withAsterisk
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                data={found.map((option) => ({
                  value: String(option.id),
                  label: `${option.name} (${ORGANISATION_TYPE_LABELS[option.type]})`,
                }))}
                nothingFoundMessage={
                  debounced.trim().length < 2 ? 'Type two letters or more' : 'No organisation has that name'
                }
                filter={({ options: all }) => all}
                {...form.getInputProps('organisation_id')}
              />
            ) : (
              <>
                <TextInput
                  label="Organisation name"
                  withAsterisk
                  maxLength={200}
                  {...form.getInputProps('proposed_name')}
                />
                <Group grow align="flex-start" wrap="wrap">
                  <Select
                    label="Type"
                    placeholder="Choose a type"
                    clearable
                    data={ORGANISATION_TYPES.map((type) => ({
                      value: type,
                      label: ORGANISATION_TYPE_LABELS[type],
                    }))}
                    miw={200}
                    {...form.getInputProps('proposed_type')}
                  />
                  <TextInput
                    label="Registration number"
                    maxLength={50}
                    miw={200}
                    {...form.getInputProps('registration_number')}
                  />
                </Group>
              </>
            )}
            <Select
              label="Your role"
              withAsterisk
              allowDeselect={false}
              data={ORGANISATION_ROLES.map((role) => ({
                value: role,
                label: ORGANISATION_ROLE_LABELS[role],
              }))}
              {...form.getInputProps('role')}
            />
            <Textarea
              label="Message to our team"
              autosize
              minRows={2}
              maxLength={2000}
              {...form.getInputProps('message')}
            />
            <FormError message={formError} />
            <Button type="submit" disabled={submitting} w="fit-content">
              {submitting ? 'Sending' : 'Send application'}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Stack gap="sm" component="section" aria-label="Your applications">
        <Title order={2} fz="lg">
          Your applications
        </Title>
        {applications.isPending ? (
          <Skeleton height={80} radius="md" aria-label="Loading your applications" />
        ) : applications.isError ? (
          <LoadError
            what="Your applications"
            error={applications.error}
            retry={() => void applications.refetch()}
            retrying={applications.isFetching}
          />
        ) : applications.data.length === 0 ? (
          <SectionEmpty
            icon={<IconBuilding aria-hidden />}
            title="No applications yet"
            description="Your applications and their outcome appear here."
          />
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Applications">
            {applications.data.map((application) => (
              <ApplicationLine key={application.id} application={application} />
            ))}
          </Stack>
        )}
      </Stack>
    </ProfilePage>
  );
}
