import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ComplianceQuestion } from '@portico/contracts';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form/form-error';
import { submitFailure } from '../../../components/form/server-errors';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { useSubmitComplianceTest } from '../api/profile-compliance-test';

const CHOOSE_ONE = 'Choose at least one answer.';

/**
 * The questions, each with "select all that apply" checkboxes (the investor is never told how many are
 * correct), sent after a confirmation; the server scores them.
 */
export function TestForm({ questions }: { questions: ComplianceQuestion[] }) {
  const submit = useSubmitComplianceTest();
  const [chosen, setChosen] = useState<Record<number, string[]>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const answers = () =>
    questions.map((question) => ({
      question_id: question.id,
      option_ids: (chosen[question.id] ?? []).map(Number),
    }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const missing: Record<number, string> = {};
    for (const question of questions)
      if ((chosen[question.id] ?? []).length === 0) missing[question.id] = CHOOSE_ONE;
    setErrors(missing);
    setFormError(
      Object.keys(missing).length > 0
        ? `Answer every question: ${Object.keys(missing).length} still ${Object.keys(missing).length === 1 ? 'needs' : 'need'} an answer.`
        : null,
    );
    if (Object.keys(missing).length === 0) setConfirming(true);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Appropriateness test">
      <Stack gap="lg">
        {questions.map((question, index) => (
          <Checkbox.Group
            key={question.id}
            label={`${index + 1}. ${question.question}`}
            description="Select all that apply."
            value={chosen[question.id] ?? []}
            onChange={(value) => {
              setChosen((current) => ({ ...current, [question.id]: value }));
              if (value.length > 0)
                setErrors((current) => {
                  const { [question.id]: _cleared, ...rest } = current;
                  return rest;
                });
            }}
            error={errors[question.id]}
            styles={{ label: { fontWeight: 600 } }}
          >
            <Stack gap="xs" mt="xs">
              {(question.options ?? []).map((option) => (
                <Checkbox key={option.id} value={String(option.id)} label={option.option} />
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
        <FormError message={formError} />
        <Group>
          <Button type="submit" disabled={submit.isPending} loading={submit.isPending}>
            Submit my answers
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Your answers are scored when you submit them and kept as a record of this attempt.
        </Text>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Submit your answers?"
        confirmLabel="Submit answers"
        onConfirm={async () => {
          try {
            await submit.mutateAsync(answers());
          } catch (error) {
            // A refusal the investor can act on (the wait, no tries left, changed questions) shows here.
            setFormError(submitFailure(error, []).formError);
          }
        }}
      >
        You cannot change your answers once they are submitted. Each submission uses one of your tries.
      </ConfirmModal>
    </form>
  );
}
