import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  COMPLIANCE_OPTION_MAX,
  COMPLIANCE_OPTIONS_PER_QUESTION,
  COMPLIANCE_QUESTION_MAX,
  newComplianceQuestionInputSchema,
  type ComplianceBank,
  type ComplianceQuestionAdmin,
} from '@portico/contracts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useCreateComplianceQuestion, useUpdateComplianceQuestion } from '../api/compliance-questions';

interface OptionValues {
  key: string;
  id: number | undefined;
  option: string;
  is_correct: boolean;
}

interface QuestionValues extends Record<string, unknown> {
  question: string;
  active: boolean;
  options: OptionValues[];
}

const NEEDS_CORRECT = 'Mark at least one option as correct.';
const blankOption = (): OptionValues => ({ key: randomId(), id: undefined, option: '', is_correct: false });

const payloadOf = (values: QuestionValues) => ({
  question: values.question.trim(),
  active: values.active,
  options: values.options.map((option) => ({
    ...(option.id !== undefined ? { id: option.id } : {}),
    option: option.option.trim(),
    is_correct: option.is_correct,
  })),
});

const validatePayload = zodResolver(newComplianceQuestionInputSchema);

function validate(values: QuestionValues) {
  const errors: Record<string, string> = { ...validatePayload(payloadOf(values)) } as Record<string, string>;
  if (values.active && !values.options.some((option) => option.is_correct)) errors.options = NEEDS_CORRECT;
  return errors;
}

function QuestionForm({
  bank,
  question,
  onDone,
}: {
  bank: ComplianceBank;
  question: ComplianceQuestionAdmin | null;
  onDone: () => void;
}) {
  const create = useCreateComplianceQuestion();
  const update = useUpdateComplianceQuestion();
  const form = useForm<QuestionValues>({
    initialValues: {
      question: question?.question ?? '',
      active: question?.active ?? true,
      options: question
        ? question.options.map((option) => ({
            key: randomId(),
            id: option.id,
            option: option.option,
            is_correct: option.is_correct,
          }))
        : [blankOption(), blankOption()],
    },
    validate,
  });
  const values = form.getValues();
  const fields = [
    'question',
    'active',
    'options',
    ...values.options.map((_, index) => `options.${index}.option`),
  ];
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields,
    submit: (submitted) =>
      question
        ? update.mutateAsync({ id: question.id, changes: payloadOf(submitted) })
        : create.mutateAsync({ bank, ...payloadOf(submitted) }),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: question ? 'Question saved' : 'Question added',
        message: payloadOf(form.getValues()).question,
      });
      onDone();
    },
  });
  const optionsError = form.errors.options;

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel={question ? 'Save question' : 'Add question'}
      onCancel={onDone}
    >
      <Textarea
        label="Question"
        required
        autosize
        minRows={2}
        maxLength={COMPLIANCE_QUESTION_MAX}
        data-autofocus
        {...form.getInputProps('question')}
      />
      <Fieldset legend="Options, in the order shown" variant="unstyled">
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            Tick every correct option. Investors tick all that apply and are never told how many are correct;
            a question counts as right only when exactly the correct options are ticked.
          </Text>
          {values.options.map((option, index) => (
            // On a phone the controls wrap below the option's text.
            <Group key={option.key} gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                style={{ flex: '1 1 220px' }}
                label={`Option ${index + 1}`}
                required
                maxLength={COMPLIANCE_OPTION_MAX}
                {...form.getInputProps(`options.${index}.option`)}
              />
              <Group gap={4} h={36} wrap="nowrap">
                <Checkbox
                  mr="xs"
                  label="Correct"
                  aria-label={`Option ${index + 1} is correct`}
                  {...form.getInputProps(`options.${index}.is_correct`, { type: 'checkbox' })}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move option ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => form.reorderListItem('options', { from: index, to: index - 1 })}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move option ${index + 1} down`}
                  disabled={index === values.options.length - 1}
                  onClick={() => form.reorderListItem('options', { from: index, to: index + 1 })}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="danger"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={values.options.length <= 2}
                  onClick={() => form.removeListItem('options', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
          {typeof optionsError === 'string' && (
            <Text size="sm" c="danger" role="alert">
              {optionsError}
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={values.options.length >= COMPLIANCE_OPTIONS_PER_QUESTION}
              onClick={() => form.insertListItem('options', blankOption())}
            >
              Add an option
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <Checkbox
        label="Active"
        description="Only active questions are asked. An inactive one may be left without a correct option while you write it."
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}

/** Add a question to a bank (question null) or change one, with its options. */
export function QuestionModal({
  opened,
  bank,
  question,
  onClose,
}: {
  opened: boolean;
  bank: ComplianceBank;
  question: ComplianceQuestionAdmin | null;
  onClose: () => void;
}) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit question' : 'Add a question'}
      size="standard"
    >
      <QuestionForm bank={bank} question={question} onDone={onClose} />
    </FormModal>
  );
}
