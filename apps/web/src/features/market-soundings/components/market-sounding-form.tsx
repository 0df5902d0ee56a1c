import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { marketSoundingCreateSchema, type MarketSoundingCreate } from '@portico/contracts';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { submitFailure } from '../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { zodResolver } from '../../../components/form/zod-resolver';
import { ApiError, isApiError } from '../../../lib/api-error';
import { useBranding } from '../../../lib/branding';
import type { PersonOption } from '../../../lib/records/people-options';
import {
  useCreateMarketSounding,
  useMarketSoundingOptOuts,
  type SubjectKind,
  type SubjectOption,
} from '../api/market-soundings';
import { marketSoundingPaths } from '../paths';
import { ConsentWording, consentWordingOf } from './consent-wording';
import { InvestorsPicker } from './investors-picker';
import { SubjectPicker } from './subject-picker';

interface Values extends Record<string, unknown> {
  kind: SubjectKind;
  subject: SubjectOption | null;
  investors: PersonOption[];
  summary: string;
}

/** The body the contract takes (POST /api/market-soundings). */
export function payloadOf(values: Values): MarketSoundingCreate {
  const subject =
    values.subject === null
      ? {}
      : values.kind === 'deal'
        ? { deal_id: values.subject.id }
        : { opportunity_id: values.subject.id };
  return {
    ...subject,
    investor_ids: values.investors.map((person) => person.id),
    summary: values.summary.trim(),
  };
}

/** The contract's field names on this form's fields. */
const FIELD_OF: Record<string, keyof Values> = {
  opportunity_id: 'subject',
  deal_id: 'subject',
  investor_ids: 'investors',
  summary: 'summary',
};
const SERVER_FIELDS = Object.keys(FIELD_OF);

/** A field's errors on its form field; `investor_ids.3` is about the investors too. */
function onFormFields(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = FIELD_OF[key.split('.')[0] ?? key];
    if (field !== undefined && mapped[field] === undefined) mapped[field] = message;
  }
  return mapped;
}

/** The server's `investor_ids.N` errors gathered under `investor_ids`, so they show on the picker. */
function gathered(error: unknown): unknown {
  if (!isApiError(error) || typeof error.errors !== 'object') return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.startsWith('investor_ids') ? 'investor_ids' : key;
    errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return new ApiError({ status: error.status, message: error.message, code: error.code, errors });
}

const validate = zodResolver(marketSoundingCreateSchema);

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

interface MarketSoundingFormProps {
  /** the subject chosen before the page opened (from a deal's or a draft opportunity's page) */
  preselected?: { kind: SubjectKind; subject: SubjectOption | null } | undefined;
}

/**
 * A new market sounding: what is sounded, what will be disclosed once an investor accepts, the investors,
 * and the consent wording they will see first. Sending tells every investor at once.
 */
export function MarketSoundingForm({ preselected }: MarketSoundingFormProps) {
  const navigate = useNavigate();
  const branding = useBranding();
  const create = useCreateMarketSounding();
  const optOuts = useMarketSoundingOptOuts();
  const optedOut = useMemo(
    () => new Set((optOuts.data ?? []).map((entry) => entry.investor.id)),
    [optOuts.data],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const done = useRef(false);
  const form = useForm<Values>({
    initialValues: { kind: preselected?.kind ?? 'deal', subject: null, investors: [], summary: '' },
    validate: (values) => ({
      ...onFormFields(validate(payloadOf(values)) as Record<string, string>),
      ...(values.subject === null
        ? {
            subject:
              values.kind === 'deal'
                ? 'Choose the pipeline deal to sound.'
                : 'Choose the draft opportunity to sound.',
          }
        : {}),
    }),
  });

  // The subject named in the address, once its name is known, unless someone chose another meanwhile.
  const preselectedSubject = preselected?.subject ?? null;
  useEffect(() => {
    if (preselectedSubject === null || form.getValues().subject !== null) return;
    form.setFieldValue('subject', preselectedSubject);
    form.resetDirty();
    // only when the preselected subject arrives
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preselectedSubject]);

  const submit = async (values: Values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync(payloadOf(values));
      done.current = true;
      const count = values.investors.length;
      notifications.show({
        color: 'success',
        title: 'Market sounding sent',
        message: `${count === 1 ? 'One investor has' : `${count} investors have`} been invited.`,
      });
      void navigate(marketSoundingPaths.details(created.id), { replace: true });
    } catch (error) {
      const failure = submitFailure(gathered(error), SERVER_FIELDS);
      form.setErrors(onFormFields(failure.fieldErrors));
      setFormError(failure.formError);
    }
  };
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(submit)(event);

  const values = form.getValues();
  const wording = consentWordingOf(branding?.market_sounding_description);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={920}>
        <Section
          title="Subject"
          description="The deal investors are sounded about. They learn its name only once they accept."
        >
          <SubjectPicker
            kind={values.kind}
            onKindChange={(kind) => form.setFieldValue('kind', kind)}
            value={values.subject}
            onChange={(subject) => form.setFieldValue('subject', subject)}
            error={form.errors.subject}
          />
        </Section>
        <Section title="What will be disclosed">
          <Textarea
            label="Summary"
            description="The inside information: shown to an investor only after they accept, with the deal's name."
            required
            autosize
            minRows={5}
            maxRows={20}
            maxLength={20_000}
            key={form.key('summary')}
            {...form.getInputProps('summary')}
          />
        </Section>
        <Section title="Investors">
          <InvestorsPicker
            value={values.investors}
            onChange={(people) => form.setFieldValue('investors', people)}
            optedOut={optedOut}
            error={form.errors.investors}
            description={
              optedOut.size > 0
                ? `${optedOut.size === 1 ? 'One investor has' : `${optedOut.size} investors have`} opted out of market soundings and cannot be chosen.`
                : 'Each is told they have been invited to a market sounding, without the deal’s name.'
            }
          />
        </Section>
        <Section
          title="Consent wording"
          description="What every investor reads first, and must accept before seeing anything about the deal."
        >
          <Paper bg="gray.0" p="md" radius="sm" aria-label="Consent wording preview" role="region">
            <ConsentWording text={wording} />
          </Paper>
          <Alert variant="light" color="primary" icon={<IconInfoCircle aria-hidden />}>
            The firm’s part of it is the market-sounding description in Settings → Investor → Market sounding.
            The wording is fixed on the sounding when it is sent.
          </Alert>
        </Section>
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={form.submitting} leftSection={<IconSend size={16} aria-hidden />}>
            Send market sounding
          </Button>
          <Button component={Link} to={marketSoundingPaths.list} variant="default">
            Cancel
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesGuard shouldBlock={() => form.isDirty() && !done.current} />
    </form>
  );
}
