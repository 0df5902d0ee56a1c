import { Button, Fieldset, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  isAsked,
  QUESTIONNAIRE_QUESTIONS,
  questionnaireAnswersSchema,
  type Answers,
  type QuestionnaireForm as FormName,
} from '@portico/contracts';
import { useMemo } from 'react';
import { ApiError, isApiError } from '../../../lib/api-error';
import { FormError } from '../../form/form-error';
import { useServerForm } from '../../form/use-server-form';
import { zodResolver } from '../../form/zod-resolver';
import { blankAnswer, QuestionField } from './question-field';
import { questionSections } from './question-sections';

/** "answers.source_of_funds.0" (the server) or "source_of_funds.0" (the schema) → "source_of_funds". */
function questionKeyOf(field: string): string {
  const [first = '', second = ''] = field.split('.');
  return first === 'answers' && second !== '' ? second : first;
}

/** Field errors keyed by question, the first message of each. */
function byQuestion(errors: Record<string, unknown>): Record<string, string> {
  const keyed: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const message: unknown = Array.isArray(messages) ? messages[0] : messages;
    const key = questionKeyOf(field);
    if (typeof message === 'string' && keyed[key] === undefined) keyed[key] = message;
  }
  return keyed;
}

interface QuestionnaireFormProps {
  form: FormName;
  /** the current answers, or {} for a form never filled in */
  initial: Answers;
  /** PUT the answers; a 422's errors land on their questions */
  submit: (answers: Answers) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * The questions of a registration form, fact find or risk profile as inputs, checked with the same
 * schema the server uses; a question asked only for some answers appears when it applies.
 */
export function QuestionnaireForm({
  form: name,
  initial,
  submit,
  onSaved,
  onCancel,
}: QuestionnaireFormProps) {
  const questions = QUESTIONNAIRE_QUESTIONS[name];
  const schema = useMemo(() => questionnaireAnswersSchema(name), [name]);
  const validate = useMemo(() => zodResolver(schema), [schema]);
  const form = useForm<Answers>({
    initialValues: Object.fromEntries(
      questions.map((question) => [question.key, initial[question.key] ?? blankAnswer(question)]),
    ),
    validate: (values) => byQuestion(validate(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: questions.map((question) => question.key),
    // What is sent is what the schema keeps: asked questions that were answered.
    submit: async (values) => {
      try {
        return await submit(schema.parse(values));
      } catch (caught) {
        if (!isApiError(caught) || typeof caught.errors !== 'object') throw caught;
        throw new ApiError({
          status: caught.status,
          message: caught.message,
          kind: caught.kind,
          code: caught.code,
          errors: Object.fromEntries(
            Object.entries(byQuestion(caught.errors)).map(([key, message]) => [key, [message]]),
          ),
        });
      }
    },
    onSuccess: onSaved,
  });
  const values = form.getValues();

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {questionSections(questions).map((section) => {
          const asked = section.questions.filter((question) => isAsked(question, values));
          if (asked.length === 0) return null;
          const fields = asked.map((question) => (
            <QuestionField key={question.key} question={question} form={form} />
          ));
          return section.title ? (
            <Fieldset key={section.title} legend={section.title} radius="md">
              <Stack gap="md">{fields}</Stack>
            </Fieldset>
          ) : (
            <Stack key="questions" gap="lg">
              {fields}
            </Stack>
          );
        })}
        <FormError message={formError} />
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            Save answers
          </Button>
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
