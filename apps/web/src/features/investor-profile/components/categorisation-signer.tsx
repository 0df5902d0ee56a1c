import { Button, Group, Paper, Radio, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CATEGORISATION_STATEMENT_VERSION,
  categorisationAnswersSchema,
  findCategorisationStatement,
  isAsked,
  type Answers,
  type Categorisation,
  type InvestorCategory,
} from '@portico/contracts';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { QuestionField } from '../../../components/records/compliance/question-field';
import {
  answerErrorsOnQuestions,
  blankStatementAnswers,
} from '../../../components/records/compliance/statement-answers';
import { Paragraphs } from '../../../components/text/paragraphs';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { useSignCategorisation } from '../api/categorisation';
import { CATEGORY_SUMMARIES, categoryName, RETAIL_CATEGORIES } from './categorisation-copy';

/** No statement's question is called "category" or "signature", so they share the form with the answers. */
const CATEGORY = 'category';
const SIGNATURE = 'signature';
export const SIGNATURE_REQUIRED = 'Type your full name to sign.';
export const CATEGORY_REQUIRED = 'Choose the statement that applies to you.';

export const SIGNER_TEXTS = {
  categoryLegend: 'Which statement applies to you?',
  signatureLabel: 'Your signature',
  signatureHelp: 'Type your full name. It is your signature of the statement above, dated today.',
  submit: 'Sign the statement',
  submitting: 'Signing',
  next: 'Next',
  back: 'Back',
} as const;

const signatureOf = (values: Answers) => {
  const typed = values[SIGNATURE];
  return typeof typed === 'string' ? typed : '';
};
const categoryOf = (values: Answers) => (values[CATEGORY] as InvestorCategory | null) ?? null;
const statementOf = (values: Answers) => {
  const category = categoryOf(values);
  return category ? findCategorisationStatement(category) : undefined;
};

/** The answers to the questions asked (a question shown only for some answers is left out otherwise). */
function answersOf(values: Answers): Answers {
  return Object.fromEntries(
    (statementOf(values)?.questions ?? [])
      .filter((question) => isAsked(question, values))
      .map((question) => [question.key, values[question.key]]),
  );
}

/** Every problem with the form, by field: the category, each answer (the contract's schema), the signature. */
function validate(values: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  const category = categoryOf(values);
  if (!category) errors[CATEGORY] = CATEGORY_REQUIRED;
  else Object.assign(errors, zodResolver(categorisationAnswersSchema(category))(answersOf(values)));
  const signature = signatureOf(values).trim();
  if (signature.length < 2) errors[SIGNATURE] = SIGNATURE_REQUIRED;
  return errors;
}

const blankValues = (category: InvestorCategory | null, signature: string): Answers => ({
  [CATEGORY]: category,
  [SIGNATURE]: signature,
  ...blankStatementAnswers(category),
});

/** The steps of the pop-ups: choose, then the statement and its figures, then sign. */
type Step = 'choose' | 'statement' | 'sign';

interface CategorisationSignerProps {
  /** one step at a time (the pop-ups), or everything on the page */
  stepped?: boolean;
  /** the investor's name, offered as the signature */
  signerName?: string;
  onSigned: (saved: Categorisation) => void;
  onCancel?: () => void;
}

/**
 * The investor signs a categorisation statement: one of the four retail statements with the regulator's
 * wording, the figures it requires (the contract's questions, checked with its schema), a typed
 * signature and today's date. The server checks the same again and keeps what was signed.
 */
export function CategorisationSigner({
  stepped = false,
  signerName = '',
  onSigned,
  onCancel,
}: CategorisationSignerProps) {
  const terminology = useTerminology();
  const sign = useSignCategorisation();
  const [step, setStep] = useState<Step>('choose');
  const form = useForm<Answers>({ initialValues: blankValues(null, signerName), validate });
  const values = form.getValues();
  const statement = statementOf(values);
  const asked = (statement?.questions ?? []).filter((question) => isAsked(question, values));
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: [CATEGORY, SIGNATURE, 'statement_version', ...(statement?.questions ?? []).map((q) => q.key)],
    submit: async (submitted) => {
      try {
        return await sign.mutateAsync({
          category: categoryOf(submitted) as InvestorCategory,
          statement_version: CATEGORISATION_STATEMENT_VERSION,
          answers: answersOf(submitted),
          signature: signatureOf(submitted).trim(),
        });
      } catch (caught) {
        throw answerErrorsOnQuestions(caught);
      }
    },
    onSuccess: (saved) => onSigned(saved),
  });

  // A refusal about an earlier step (the server's, or a check on signing) shows that step, so it is seen.
  const failed = new Set(
    Object.entries(form.errors)
      .filter(([, message]) => message != null && message !== '')
      .map(([field]) => field),
  );
  const errorStep: Step | undefined = failed.has(CATEGORY)
    ? 'choose'
    : asked.some((question) => failed.has(question.key))
      ? 'statement'
      : undefined;
  const shown: Step = stepped ? (errorStep ?? step) : step;
  const shows = (part: Step) => !stepped || shown === part;

  /** Moves on only when the fields of this step are right; the rest is checked later. */
  const next = () => {
    const found = validate(form.getValues());
    const fields = shown === 'choose' ? [CATEGORY] : asked.map((question) => question.key);
    const here = Object.fromEntries(Object.entries(found).filter(([field]) => fields.includes(field)));
    form.setErrors(here);
    if (Object.keys(here).length > 0) return;
    setStep(shown === 'choose' ? 'statement' : 'sign');
  };
  const back = () => {
    form.clearErrors();
    setStep(shown === 'sign' ? 'statement' : 'choose');
  };

  const submitOrNext = (event?: FormEvent<HTMLFormElement>) => {
    if (stepped && shown !== 'sign') {
      event?.preventDefault();
      next();
      return;
    }
    onSubmit(event);
  };

  return (
    <form onSubmit={submitOrNext} noValidate aria-label="Sign a categorisation statement">
      <Stack gap="lg">
        {shows('choose') && (
          <Radio.Group
            label={SIGNER_TEXTS.categoryLegend}
            withAsterisk
            value={categoryOf(values) ?? ''}
            error={form.errors[CATEGORY]}
            onChange={(chosen) => {
              // Each statement has its own questions: answers to another's would be refused.
              form.setValues(blankValues(chosen as InvestorCategory, signatureOf(values)));
              form.clearErrors();
            }}
          >
            <Stack gap="xs" mt="xs">
              {RETAIL_CATEGORIES.map((category) => (
                <Radio.Card key={category} value={category} radius="md" p="md">
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{categoryName(terminology, category)}</Text>
                      <Text size="sm" c="dimmed">
                        {CATEGORY_SUMMARIES[category]}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {statement && shows('statement') && (
          <Stack gap="md">
            <Paper withBorder radius="sm" p="md" bg="gray.0">
              <Title order={3} fz="md" mb={4}>
                {statement.title}
              </Title>
              <Text size="xs" c="dimmed" mb="xs">
                Version {statement.version}
              </Text>
              <ScrollArea.Autosize mah={stepped ? 220 : 320} type="auto">
                <Paragraphs text={statement.text} size="sm" />
              </ScrollArea.Autosize>
            </Paper>
            {asked.map((question) => (
              <QuestionField key={question.key} question={question} form={form} />
            ))}
          </Stack>
        )}
        {statement && shows('sign') && (
          <Stack gap="xs">
            <TextInput
              label={SIGNER_TEXTS.signatureLabel}
              description={SIGNER_TEXTS.signatureHelp}
              withAsterisk
              autoComplete="name"
              maxLength={200}
              {...form.getInputProps(SIGNATURE)}
            />
            <Text size="sm">
              Date: <strong>{formatDate(new Date().toISOString())}</strong>
            </Text>
          </Stack>
        )}
        <FormError message={formError} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {stepped ? 'Not now' : 'Cancel'}
            </Button>
          )}
          {stepped && shown !== 'choose' && (
            <Button variant="default" onClick={back} disabled={submitting}>
              {SIGNER_TEXTS.back}
            </Button>
          )}
          {stepped && shown !== 'sign' ? (
            <Button onClick={next}>{SIGNER_TEXTS.next}</Button>
          ) : (
            <Button type="submit" disabled={submitting || !statement}>
              {submitting ? SIGNER_TEXTS.submitting : SIGNER_TEXTS.submit}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
