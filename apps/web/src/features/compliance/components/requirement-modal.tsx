import { Checkbox, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  newOnboardingRequirementInputSchema,
  ONBOARDING_REQUIREMENT_KIND_LABELS,
  ONBOARDING_REQUIREMENT_KINDS,
  SCREENING_EVIDENCE_FIELDS,
  SCREENING_EVIDENCE_LABELS,
  type OnboardingRequirement,
  type OnboardingRequirementKind,
  type ScreeningEvidenceField,
} from '@portico/contracts';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import {
  useCreateOnboardingRequirement,
  useUpdateOnboardingRequirement,
} from '../api/onboarding-requirements';

interface RequirementValues extends Record<string, unknown> {
  name: string;
  description: string;
  kind: OnboardingRequirementKind;
  required: boolean;
  active: boolean;
  /** the identity check's file this document is (issue 18), or 'none' */
  identity_evidence: ScreeningEvidenceField | 'none';
}

const EVIDENCE_OPTIONS = [
  { value: 'none', label: 'No: the investor uploads it here' },
  ...SCREENING_EVIDENCE_FIELDS.map((field) => ({
    value: field,
    label: `Yes: the ${SCREENING_EVIDENCE_LABELS[field].toLowerCase()} sent with the identity check`,
  })),
];

const KIND_HELP: Record<OnboardingRequirementKind, string> = {
  upload: 'The investor uploads it: a passport, a proof of address, a bank statement.',
  sign: 'The investor signs a form and uploads the signed copy: an application form.',
};

const payloadOf = (values: RequirementValues, before: OnboardingRequirement | null = null) => {
  const evidence =
    values.kind === 'upload' && values.identity_evidence !== 'none' ? values.identity_evidence : null;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    kind: values.kind,
    required: values.required,
    active: values.active,
    // Sent when it is one, or when it stops being one.
    ...(evidence !== null || (before?.identity_evidence ?? null) !== null
      ? { identity_evidence: evidence }
      : {}),
  };
};

const validatePayload = zodResolver(newOnboardingRequirementInputSchema);

function RequirementForm({
  requirement,
  onDone,
}: {
  requirement: OnboardingRequirement | null;
  onDone: () => void;
}) {
  const create = useCreateOnboardingRequirement();
  const update = useUpdateOnboardingRequirement();
  const form = useForm<RequirementValues>({
    initialValues: {
      name: requirement?.name ?? '',
      description: requirement?.description ?? '',
      kind: requirement?.kind ?? 'upload',
      required: requirement?.required ?? true,
      active: requirement?.active ?? true,
      identity_evidence: requirement?.identity_evidence ?? 'none',
    },
    validate: (values) => validatePayload(payloadOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) =>
      requirement
        ? update.mutateAsync({ id: requirement.id, changes: payloadOf(values, requirement) })
        : create.mutateAsync(payloadOf(values)),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: requirement ? 'Sign-up document saved' : 'Sign-up document added',
        message: saved.name,
      });
      onDone();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={requirement ? 'Save sign-up document' : 'Add sign-up document'}
      onCancel={onDone}
    >
      <TextInput
        label="Name"
        required
        maxLength={120}
        placeholder="Proof of address"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        description="Optional: what is accepted, shown to the investor beside the upload."
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <Radio.Group label="The investor must" required {...form.getInputProps('kind')}>
        <Stack gap="xs" mt={6}>
          {ONBOARDING_REQUIREMENT_KINDS.map((kind) => (
            <Radio
              key={kind}
              value={kind}
              label={ONBOARDING_REQUIREMENT_KIND_LABELS[kind]}
              description={KIND_HELP[kind]}
            />
          ))}
        </Stack>
      </Radio.Group>
      {form.values.kind === 'upload' && (
        <Select
          label="Sent with the identity check"
          description="A file the identity check already collects is asked for once, and reviewed once, with the check."
          data={EVIDENCE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('identity_evidence')}
        />
      )}
      <Checkbox
        label="Required to complete onboarding"
        description="An optional document is asked for but holds nobody up."
        {...form.getInputProps('required', { type: 'checkbox' })}
      />
      <Checkbox
        label="Active"
        description="An inactive document is no longer asked for; what investors sent is kept."
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}

/** Add a sign-up document (requirement null) or change one. */
export function RequirementModal({
  opened,
  requirement,
  onClose,
}: {
  opened: boolean;
  requirement: OnboardingRequirement | null;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={requirement ? 'Edit sign-up document' : 'Add a sign-up document'}
    >
      <RequirementForm requirement={requirement} onDone={onClose} />
    </FormModal>
  );
}
