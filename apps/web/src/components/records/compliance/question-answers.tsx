import { Stack, Title } from '@mantine/core';
import { isAsked, type Answers, type Question } from '@portico/contracts';
import { useCountryName } from '../../../lib/countries';
import { RecordFacts } from '../record-facts';
import { formatAnswer } from './format-answer';
import { questionSections } from './question-sections';

interface QuestionAnswersProps {
  questions: readonly Question[];
  answers: Answers;
  /** the heading level of the section titles */
  order?: 3 | 4;
}

/** Saved answers, read-only, under the form's headings; questions that were not asked are left out. */
export function QuestionAnswers({ questions, answers, order = 3 }: QuestionAnswersProps) {
  const countryName = useCountryName();
  const sections = questionSections(questions)
    .map((section) => ({
      ...section,
      questions: section.questions.filter((question) => isAsked(question, answers)),
    }))
    .filter((section) => section.questions.length > 0);
  return (
    <Stack gap="lg">
      {sections.map((section) => (
        <Stack gap="xs" key={section.title ?? 'questions'}>
          {section.title && (
            <Title order={order} fz="sm" c="dimmed" tt="uppercase">
              {section.title}
            </Title>
          )}
          <RecordFacts
            facts={section.questions.map((question) => ({
              label: question.label,
              value: formatAnswer(question, answers[question.key], countryName) ?? 'Not answered',
              // A question in a sentence reads across the row; short fields (names, postcode) share it.
              wide: question.kind === 'textarea' || question.label.length > 40,
            }))}
          />
        </Stack>
      ))}
    </Stack>
  );
}
