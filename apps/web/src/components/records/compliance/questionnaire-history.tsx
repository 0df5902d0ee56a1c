import { Accordion, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Answers, Question, QuestionnaireResponse } from '@portico/contracts';
import { formatDateTime } from '../../../lib/format';
import { QuestionAnswers } from './question-answers';
import { RiskScore } from './risk-score';

/** The questions whose answers differ between two saves. */
export function changedAnswers(questions: readonly Question[], before: Answers, after: Answers): number {
  return questions.filter(
    (question) => JSON.stringify(before[question.key]) !== JSON.stringify(after[question.key]),
  ).length;
}

/** Who saved a version and when. */
export function savedBy(response: QuestionnaireResponse): string {
  const when = formatDateTime(response.created_at);
  return response.recorded_by ? `${when} by ${response.recorded_by.name}` : when;
}

/** How a version differs from the one saved before it. */
export function changeSummary(
  questions: readonly Question[],
  response: QuestionnaireResponse,
  previous: QuestionnaireResponse | undefined,
): string {
  if (!previous) return 'First version';
  const changed = changedAnswers(questions, previous.answers, response.answers);
  return changed === 0
    ? 'No answers changed'
    : changed === 1
      ? '1 answer changed'
      : `${changed} answers changed`;
}

interface QuestionnaireHistoryProps {
  questions: readonly Question[];
  /** earlier saves, newest first */
  history: readonly QuestionnaireResponse[];
}

/** Every earlier save, newest first, each with who saved it, when, what it changed, and its answers. */
export function QuestionnaireHistory({ questions, history }: QuestionnaireHistoryProps) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="questionnaire-history">
      <Title order={3} fz="md" id="questionnaire-history">
        Earlier versions
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: this is the first version saved.
        </Text>
      ) : (
        <Accordion variant="separated" radius="md" chevronPosition="left">
          {history.map((response, index) => {
            const summary = changeSummary(questions, response, history[index + 1]);
            return (
              <Accordion.Item key={response.id} value={String(response.id)}>
                <Accordion.Control>
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Text size="sm">Saved {savedBy(response)}</Text>
                    <Badge variant="light" color="gray" tt="none">
                      {summary}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md">
                    {response.score !== null && (
                      <RiskScore score={response.score} band={response.risk_band} />
                    )}
                    <QuestionAnswers questions={questions} answers={response.answers} order={4} />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Stack>
  );
}
