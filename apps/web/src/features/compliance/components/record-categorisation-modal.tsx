import { Group, Paper, ScrollArea, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CATEGORISATION_STATEMENT_VERSION,
  categorisationAnswersSchema,
  currentCategorisationStatements,
  findCategorisationStatement,
  isAsked,
  newCategorisationInputSchema,
  type Answers,
  type InvestorCategory,
  type NewCategorisationInput,
} from '@portico/contracts';
import dayjs from 'dayjs';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { QuestionField } from '../../../components/records/compliance/question-field';
import {
  answerErrorsOnQuestions,
  blankStatementAnswers,
} from '../../../components/records/compliance/statement-answers';
import { Paragraphs } from '../../../components/text/paragraphs';
import { useTerminology } from '../../../lib/terminology';
import { categoryLabel } from '../../investors/components/investor-badges';
import { useRecordCategorisation } from '../api/categorisations';

/**
 * The form holds the category, the date and each question's answer under its key (no question of a
 * statement is called "category" or "signed_at"), so the shared question fields bind to it directly.
 */
const CATEGORY = 'category';
const SIGNED_AT = 'signed_at';

const validateTop = zodResolver(newCategorisationInputSchema);

function statementOf(values: Answers) {
  const category = values[CATEGORY] as InvestorCategory | null;
  return category ? findCategorisationStatement(category) : undefined;
}

function answersOf(values: Answers): Answers {
  const statement = statementOf(values);
  return Object.fromEntries(
    (statement?.questions ?? []).map((question) => [question.key, values[question.key]]),
  );
}

function payloadOf(values: Answers): NewCategorisationInput {
  return {
    category: values[CATEGORY] as InvestorCategory,
    statement_version: CATEGORISATION_STATEMENT_VERSION,
    signed_at: values[SIGNED_AT] as string,
    answers: answersOf(values),
  };
}

/** The form's checks: the contract's for the category and date, the statement's for the answers. */
function validate(values: Answers) {
  const errors = validateTop(payloadOf(values));
  delete errors.answers;
  const category = values[CATEGORY] as InvestorCategory | null;
  // The enum calls a missing choice "invalid"; nothing chosen yet is a missing field.
  if (!category) errors[CATEGORY] = 'The category field is required.';
  else Object.assign(errors, zodResolver(categorisationAnswersSchema(category))(answersOf(values)));
  return errors;
}

const blankValues = (category: InvestorCategory | null, signedAt: string): Answers => ({
  [CATEGORY]: category,
  [SIGNED_AT]: signedAt,
  ...blankStatementAnswers(category),
});

function RecordCategorisationForm({ investorId, onDone }: { investorId: number; onDone: () => void }) {
  const terminology = useTerminology();
  const record = useRecordCategorisation(investorId);
  const form = useForm<Answers>({
    initialValues: blankValues(null, dayjs().format('YYYY-MM-DD')),
    validate,
  });
  const values = form.getValues();
  const statement = statementOf(values);
  const questions = statement?.questions ?? [];
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: [CATEGORY, SIGNED_AT, ...questions.map((question) => question.key)],
    submit: async (submitted) => {
      try {
        return await record.mutateAsync(payloadOf(submitted));
      } catch (caught) {
        throw answerErrorsOnQuestions(caught);
      }
    },
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: 'Categorisation recorded',
        message:
          saved.status === 'pending'
            ? `${categoryLabel(terminology, saved.category)}: it now awaits approval.`
            : categoryLabel(terminology, saved.category),
      });
      onDone();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record categorisation"
      onCancel={onDone}
    >
      <Text size="sm" c="dimmed">
        Record a statement the investor signed on paper or elsewhere. It is valid for 12 months from the date
        it was signed.
      </Text>
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Category"
          required
          placeholder="Choose the statement signed"
          data={currentCategorisationStatements().map((item) => ({
            value: item.category,
            label: categoryLabel(terminology, item.category),
          }))}
          data-autofocus
          {...form.getInputProps(CATEGORY)}
          onChange={(value) => {
            // Each statement has its own questions: answers to another's would be refused.
            form.setValues(blankValues(value as InvestorCategory | null, values[SIGNED_AT] as string));
            form.clearErrors();
          }}
          miw={220}
        />
        <TextInput
          label="Signed on"
          type="date"
          required
          max={dayjs().format('YYYY-MM-DD')}
          {...form.getInputProps(SIGNED_AT)}
          miw={180}
        />
      </Group>
      {statement && (
        <>
          <Paper withBorder radius="sm" p="sm" bg="gray.0">
            <Title order={3} size="h5" mb={4}>
              {statement.title}
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              Version {statement.version}
            </Text>
            <ScrollArea.Autosize mah={200} type="auto">
              <Paragraphs text={statement.text} size="xs" />
            </ScrollArea.Autosize>
          </Paper>
          <Stack gap="md">
            {questions
              .filter((question) => isAsked(question, values))
              .map((question) => (
                <QuestionField key={question.key} question={question} form={form} />
              ))}
          </Stack>
        </>
      )}
    </ModalForm>
  );
}

/** Staff record a categorisation statement the investor signed (POST /api/investors/{id}/categorisations). */
export function RecordCategorisationModal({
  investorId,
  opened,
  onClose,
}: {
  investorId: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Record a categorisation" size="standard">
      <RecordCategorisationForm investorId={investorId} onDone={onClose} />
    </FormModal>
  );
}
