import { Group, Paper, Radio, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CONSENT_KINDS,
  CONSENT_LABELS,
  consentInputSchema,
  type ConsentKind,
  type ConsentState,
} from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useRecordConsent } from '../api/consents';

interface ConsentValues extends Record<string, unknown> {
  kind: ConsentKind | null;
  given: 'given' | 'withdrawn' | null;
}

interface RecordConsentModalProps {
  investorId: number;
  /** each kind's current state and wording (GET …/consents) */
  states: readonly ConsentState[];
  /** the kind to start with */
  kind: ConsentKind | null;
  opened: boolean;
  onClose: () => void;
}

const validatePayload = zodResolver(consentInputSchema);

function RecordConsentForm({ investorId, states, kind, onClose }: Omit<RecordConsentModalProps, 'opened'>) {
  const record = useRecordConsent(investorId);
  const investorWord = inSentence(useTerminology().investor);
  const form = useForm<ConsentValues>({
    initialValues: { kind, given: null },
    validate: (values) => {
      const state = states.find((item) => item.kind === values.kind);
      return validatePayload({
        kind: values.kind,
        given: values.given === null ? undefined : values.given === 'given',
        wording_version: state?.wording_version ?? '',
      });
    },
  });
  const values = form.getValues();
  const state = states.find((item) => item.kind === values.kind);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['kind', 'given'],
    submit: (submitted) =>
      record.mutateAsync({
        kind: submitted.kind as ConsentKind,
        given: submitted.given === 'given',
        wording_version: state?.wording_version ?? '',
      }),
    onSuccess: (_, submitted) => {
      notifications.show({
        color: 'success',
        title: 'Consent recorded',
        message: `${CONSENT_LABELS[submitted.kind as ConsentKind]}: ${submitted.given === 'given' ? 'given' : 'withdrawn'}.`,
      });
      onClose();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record consent"
      onCancel={onClose}
    >
      <Text size="sm" c="dimmed">
        Record a consent the {investorWord} gave or withdrew by phone, email or on paper. The entry is added
        to the log with the wording below; entries are never changed or deleted.
      </Text>
      <Select
        label="Consent"
        required
        placeholder="Choose the consent"
        data={CONSENT_KINDS.map((value) => ({ value, label: CONSENT_LABELS[value] }))}
        data-autofocus
        {...form.getInputProps('kind')}
      />
      {state && (
        <Paper withBorder radius="sm" p="sm" bg="gray.0">
          <Text size="xs" c="dimmed" mb={4}>
            Wording, version {state.wording_version}
          </Text>
          <Text size="sm">{state.wording}</Text>
        </Paper>
      )}
      <Radio.Group label={`The ${investorWord} has`} required {...form.getInputProps('given')}>
        <Group gap="lg" mt={6}>
          <Radio value="given" label="Given this consent" />
          <Radio value="withdrawn" label="Withdrawn this consent" />
        </Group>
      </Radio.Group>
    </ModalForm>
  );
}

/** Appends a consent given or withdrawn to the investor's log (POST /api/investors/{id}/consents). */
export function RecordConsentModal({ opened, onClose, ...rest }: RecordConsentModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Record a consent">
      <RecordConsentForm onClose={onClose} {...rest} />
    </FormModal>
  );
}
