import {
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  updateProfileInputSchema,
  type ClientType,
  type Profile,
  type UpdateProfileInput,
} from '@portico/contracts';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useFeature } from '../../../lib/branding';
import { profileChangesOf, profileValuesOf, TRADING_FIELDS, type ProfileValues } from './profile-values';

const validateChanges = zodResolver(updateProfileInputSchema);
const HINTS: Record<ClientType, string> = {
  business: 'You invest through a company you run.',
  organisation: 'You act for an organisation: a company, trust, family office or charity.',
  soletrader: 'You trade in your own name, as a sole trader.',
};
const TRADES = new Set<string>(['business', 'soletrader']);
export const ORGANISATION_APPLY_PATH = '/investor/profile/organisation-apply';

interface ClientTypeFormProps {
  profile: Profile;
  submit: (changes: UpdateProfileInput) => Promise<Profile>;
  onSaved: (profile: Profile) => void;
}

/** /investor/profile/type: how the investor invests, and what follows from it. */
export function ClientTypeForm({ profile, submit, onSaved }: ClientTypeFormProps) {
  const organisationLinks = useFeature('organisationLinks');
  const headingId = useId();
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  const form = useForm<ProfileValues>({
    initialValues: initial,
    validate: (values) => validateChanges(profileChangesOf(values, initial, shownFor(values))),
  });
  const values = form.getValues();
  const trades = values.client_type !== null && TRADES.has(values.client_type);
  const changed = Object.keys(profileChangesOf(values, initial, shownFor(values))).length;
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['client_type', ...TRADING_FIELDS],
    submit: (submitted) => submit(profileChangesOf(submitted, initial, shownFor(submitted))),
    onSuccess: onSaved,
  });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      maw={720}
      component="section"
      aria-labelledby={headingId}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id={headingId}>
            Client type
          </Title>
          <Radio.Group
            label="How do you invest with us?"
            error={form.errors.client_type}
            value={values.client_type ?? ''}
            onChange={(value) => form.setFieldValue('client_type', value === '' ? null : value)}
          >
            <Stack gap="sm" mt="xs">
              {CLIENT_TYPES.map((type) => (
                <Radio key={type} value={type} label={CLIENT_TYPE_LABELS[type]} description={HINTS[type]} />
              ))}
            </Stack>
          </Radio.Group>
          {trades && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Trading name"
                maxLength={200}
                description={
                  values.client_type === 'business' ? 'The name your company trades under.' : undefined
                }
                {...form.getInputProps('trading_name')}
              />
              <TextInput
                label={values.client_type === 'business' ? 'Company number' : 'Registration number'}
                maxLength={20}
                description={
                  values.client_type === 'business'
                    ? 'From Companies House, e.g. 01234567.'
                    : 'If you have one.'
                }
                {...form.getInputProps('company_number')}
              />
            </SimpleGrid>
          )}
          {values.client_type === 'organisation' &&
            (organisationLinks ? (
              <Text size="sm">
                To act for an organisation, ask us to link you to it:{' '}
                <Anchor component={Link} to={ORGANISATION_APPLY_PATH}>
                  apply to join or add an organisation
                </Anchor>
                .
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Our team links you to the organisation you act for. Contact us if you have not heard from us.
              </Text>
            ))}
          <FormError message={formError} />
          <Group>
            <Button type="submit" loading={submitting} disabled={changed === 0}>
              Save client type
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The trading fields count only for a business or a sole trader. */
function shownFor(values: ProfileValues): ReadonlySet<string> {
  return new Set([
    'client_type',
    ...(values.client_type && TRADES.has(values.client_type) ? TRADING_FIELDS : []),
  ]);
}
