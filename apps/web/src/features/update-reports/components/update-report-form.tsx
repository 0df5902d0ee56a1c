import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  can,
  updateReportCreateSchema,
  type UpdateReport,
  type UpdateReportChanges,
  type UpdateReportCreate,
} from '@portico/contracts';
import { IconCalendarClock, IconClock, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { submitFailure } from '../../../components/form/server-errors';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { zodResolver } from '../../../components/form/zod-resolver';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { useUser } from '../../../lib/session';
import { useFeature } from '../../../lib/branding';
import { useTerminology } from '../../../lib/terminology';
import { useFundOptions } from '../../opportunities/api/fund-options';
import {
  useCreateUpdateReport,
  useDeleteUpdateReport,
  usePublishUpdateReport,
  useReportableInvestments,
  useUpdateUpdateReport,
} from '../api/update-reports';
import { formatLondon } from '../../../lib/london-time';
import { updateReportPaths } from '../paths';
import { AttachmentsEditor } from './attachments-editor';
import { ReportEditor } from './report-editor';
import { ScheduleModal } from './schedule-modal';

/**
 * The form's values: `opportunity_id` is the subject as the About select holds it: 'general' for general
 * news, an existing investment's id, or `fund:<id>` for a fund (issue 20).
 */
interface Values extends Record<string, unknown> {
  title: string;
  opportunity_id: string;
  body: string;
}

const FIELDS = ['title', 'opportunity_id', 'fund_id', 'body'] as const;
const GENERAL = 'general';
const FUND = 'fund:';
const fundIdOf = (subject: string) => (subject.startsWith(FUND) ? Number(subject.slice(FUND.length)) : null);
const validate = zodResolver(updateReportCreateSchema);

const valuesOf = (report: UpdateReport | undefined): Values => ({
  title: report?.title ?? '',
  opportunity_id:
    report?.fund_id != null
      ? `${FUND}${report.fund_id}`
      : report?.opportunity_id == null
        ? GENERAL
        : String(report.opportunity_id),
  body: report?.body ?? '',
});

const payloadOf = (values: Values): UpdateReportCreate => ({
  title: values.title.trim(),
  body: values.body,
  opportunity_id:
    values.opportunity_id === GENERAL || fundIdOf(values.opportunity_id) !== null
      ? null
      : Number(values.opportunity_id),
  // sent only for a fund: a company's update or general news keeps issue 19's shape
  ...(fundIdOf(values.opportunity_id) === null ? {} : { fund_id: fundIdOf(values.opportunity_id) }),
});

function changesOf(values: Values, initial: Values): UpdateReportChanges {
  const next = payloadOf(values);
  const before = payloadOf(initial);
  const changes: UpdateReportChanges = {};
  if (next.title !== before.title) changes.title = next.title;
  if (next.body !== before.body) changes.body = next.body;
  if (next.opportunity_id !== before.opportunity_id) changes.opportunity_id = next.opportunity_id;
  if ((next.fund_id ?? null) !== (before.fund_id ?? null)) changes.fund_id = next.fund_id ?? null;
  return changes;
}

type Pending = { kind: 'publish' } | { kind: 'schedule' } | { kind: 'delete' } | null;

/**
 * A new update, or a draft (or scheduled one) being edited: save it as a draft, publish it now, schedule
 * it, or delete it. Publishing saves the last changes first.
 */
export function UpdateReportForm({ report }: { report?: UpdateReport }) {
  const terms = useTerminology();
  const navigate = useNavigate();
  const initial = useMemo(() => valuesOf(report), [report]);
  const form = useForm<Values>({ initialValues: initial, validate: (values) => validate(payloadOf(values)) });
  const investments = useReportableInvestments();
  // Issue 20: with the funds feature on, a fund can be the subject (for a role that may list the funds).
  const user = useUser();
  const choosesFund = useFeature('funds') && can(user.role_id, 'funds', 'index');
  const funds = useFundOptions(choosesFund);
  const create = useCreateUpdateReport();
  const update = useUpdateUpdateReport();
  const publish = usePublishUpdateReport();
  const remove = useDeleteUpdateReport();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const done = useRef(false);
  const resync = useRef(false);
  const created = useRef<number | null>(null);

  useEffect(() => {
    if (!resync.current) return;
    resync.current = false;
    form.setValues(initial);
    form.resetDirty(initial);
    // only when the record changes after a save of this form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  const changes = changesOf(form.getValues(), initial);
  const changed = report
    ? Object.keys(changes).length
    : Object.keys(changesOf(form.getValues(), valuesOf(undefined))).length;
  const shouldBlock = () => changed > 0 && !done.current;

  const fundOptions = funds.options.map((fund) => ({ value: `${FUND}${fund.value}`, label: fund.label }));
  // a report's own fund stays selectable (the funds listed late, or the feature switched off since)
  if (report?.fund && !fundOptions.some((option) => option.value === `${FUND}${report.fund?.id}`))
    fundOptions.push({ value: `${FUND}${report.fund.id}`, label: report.fund.name });
  const investmentOptions = (investments.data ?? []).map((item) => ({
    value: String(item.id),
    label: item.name,
  }));
  const options = [
    { value: GENERAL, label: 'General news (every investor)' },
    ...(fundOptions.length > 0
      ? [
          { group: terms.existing_investments, items: investmentOptions },
          { group: terms.funds, items: fundOptions },
        ]
      : investmentOptions),
  ];
  const labelOf = (value: string) =>
    [...investmentOptions, ...fundOptions].find((option) => option.value === value)?.label;
  /** Who a publication tells, in words; null for general news. */
  const aboutName = (values: Values) =>
    values.opportunity_id === GENERAL
      ? null
      : fundIdOf(values.opportunity_id) !== null
        ? `a commitment to ${labelOf(values.opportunity_id) ?? report?.fund?.name ?? 'this fund'}`
        : (labelOf(values.opportunity_id) ?? report?.opportunity?.name ?? 'this investment');

  /** Writes the form to the server (a new draft, or the draft's changes); answers its id. */
  const save = async (): Promise<number> => {
    const values = form.getValues();
    if (!report) {
      // a draft created by an earlier try (a publication that then failed) is written again, not duplicated
      if (created.current !== null) {
        await update.mutateAsync({ id: created.current, changes: payloadOf(values) });
        return created.current;
      }
      created.current = (await create.mutateAsync(payloadOf(values))).id;
      return created.current;
    }
    const edits = changesOf(values, initial);
    if (Object.keys(edits).length > 0) await update.mutateAsync({ id: report.id, changes: edits });
    return report.id;
  };

  /** Runs an action that saves first: a refusal goes on its fields, anything else above the buttons. */
  const run = async (action: () => Promise<void>) => {
    setFormError(null);
    try {
      await action();
    } catch (error) {
      const failure = submitFailure(error, FIELDS);
      form.setErrors(failure.fieldErrors);
      setFormError(failure.formError);
      throw error;
    }
  };

  /** Checks the form before an action; false (with the errors shown) when it would be refused. */
  const checked = () => !form.validate().hasErrors;

  const saveDraft = async () => {
    if (!checked()) return;
    setSaving(true);
    try {
      await run(async () => {
        const id = await save();
        done.current = true;
        notifications.show({ color: 'success', title: 'Draft saved', message: form.getValues().title });
        if (!report) void navigate(updateReportPaths.edit(id), { replace: true });
        else {
          // the saved record comes back (its body as the server sanitised it): the form follows it
          resync.current = true;
          done.current = false;
        }
      });
    } catch {
      // shown on the form
    } finally {
      setSaving(false);
    }
  };

  const publishAt = async (at: string | null) => {
    await run(async () => {
      const id = await save();
      const answer = await publish.mutateAsync({ id, publishAt: at });
      done.current = true;
      if (answer.status === 'live') {
        notifications.show({
          color: 'success',
          title: 'Published',
          message: 'Investors have been notified.',
        });
        void navigate(updateReportPaths.details(id));
      } else {
        notifications.show({
          color: 'success',
          title: 'Scheduled',
          message: `It goes live ${formatLondon(answer.publish_at ?? at)}.`,
        });
        void navigate(updateReportPaths.list);
      }
    });
  };

  const deleteDraft = async () => {
    if (!report) return;
    await remove.mutateAsync(report.id);
    done.current = true;
    notifications.show({ color: 'success', title: 'Draft deleted', message: report.title });
    void navigate(updateReportPaths.list);
  };

  const values = form.getValues();
  const about = aboutName(values);
  const busy = saving || create.isPending || update.isPending || publish.isPending || remove.isPending;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void saveDraft();
      }}
    >
      <Stack gap="lg">
        {report?.status === 'scheduled' && (
          <Alert color="orange" variant="light" icon={<IconClock aria-hidden />}>
            Scheduled to go live {formatLondon(report.publish_at)}. Changes saved before then are what
            investors will read.
          </Alert>
        )}
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="update-heading"
        >
          <Stack gap="md">
            <Title order={2} fz="lg" id="update-heading">
              Update
            </Title>
            <TextInput
              label="Title"
              required
              maxLength={200}
              data-autofocus
              key={form.key('title')}
              {...form.getInputProps('title')}
            />
            <Select
              label="About"
              description={
                choosesFund
                  ? 'An existing investment notifies the investors who hold it, a fund its committed investors; general news goes to every verified investor.'
                  : 'An existing investment notifies the investors who hold it; general news goes to every verified investor.'
              }
              data={options}
              allowDeselect={false}
              searchable
              nothingFoundMessage={
                choosesFund
                  ? 'No existing investment or fund of that name'
                  : 'No existing investment of that name'
              }
              disabled={investments.isPending}
              key={form.key('opportunity_id')}
              {...form.getInputProps('opportunity_id')}
              error={
                form.errors.opportunity_id ??
                form.errors.fund_id ??
                (investments.isError ? 'The existing investments could not be loaded.' : undefined) ??
                (funds.isError ? 'The funds could not be loaded.' : undefined)
              }
            />
            <ReportEditor
              label="Body"
              required
              value={values.body}
              onChange={(html) => form.setFieldValue('body', html)}
              error={typeof form.errors.body === 'string' ? form.errors.body : undefined}
            />
          </Stack>
        </Paper>

        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="attachments-heading"
        >
          <Stack gap="sm">
            <Title order={2} fz="lg" id="attachments-heading">
              Attachments
            </Title>
            {report ? (
              <AttachmentsEditor reportId={report.id} attachments={report.attachments} />
            ) : (
              <Text size="sm" c="dimmed">
                Save the draft first, then add files for investors to download.
              </Text>
            )}
          </Stack>
        </Paper>

        <FormError message={formError} />
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            <Button type="submit" variant="default" loading={saving} disabled={busy && !saving}>
              {report?.status === 'scheduled' ? 'Save changes' : 'Save draft'}
            </Button>
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              disabled={busy}
              onClick={() => checked() && setPending({ kind: 'publish' })}
            >
              Publish now
            </Button>
            <Button
              variant="light"
              leftSection={<IconCalendarClock size={16} aria-hidden />}
              disabled={busy}
              onClick={() => checked() && setPending({ kind: 'schedule' })}
            >
              {report?.status === 'scheduled' ? 'Reschedule' : 'Schedule'}
            </Button>
          </Group>
          {report && (
            <Button
              variant="subtle"
              color="danger"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={busy}
              onClick={() => setPending({ kind: 'delete' })}
            >
              Delete draft
            </Button>
          )}
        </Group>
        {report && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {changed === 0
              ? 'No unsaved changes'
              : changed === 1
                ? '1 unsaved change'
                : `${changed} unsaved changes`}
          </Text>
        )}
      </Stack>

      <ConfirmModal
        opened={pending?.kind === 'publish'}
        onClose={() => setPending(null)}
        title="Publish this update?"
        confirmLabel="Publish now"
        onConfirm={() => publishAt(null)}
      >
        {about === null
          ? 'Every verified investor will be notified in the portal and by email, and will find it in their news.'
          : `Every investor who holds ${about} will be notified in the portal and by email, and will find it in their news.`}{' '}
        Once live it can be corrected or withdrawn, never silently changed.
      </ConfirmModal>
      <ScheduleModal
        opened={pending?.kind === 'schedule'}
        onClose={() => setPending(null)}
        initial={report?.publish_at ?? null}
        audience={about === null ? 'every verified investor' : `every investor who holds ${about}`}
        onSchedule={(at) => publishAt(at)}
      />
      <ConfirmModal
        opened={pending?.kind === 'delete'}
        onClose={() => setPending(null)}
        title="Delete this draft?"
        confirmLabel="Delete draft"
        danger
        onConfirm={deleteDraft}
      >
        The draft and its attachments are deleted. Nobody has been sent it.
      </ConfirmModal>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
