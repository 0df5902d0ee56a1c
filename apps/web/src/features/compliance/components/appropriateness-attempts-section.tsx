import {
  Accordion,
  Badge,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { COMPLIANCE_BANK_LABELS, type ComplianceAttempt } from '@portico/contracts';
import { IconCheck, IconListCheck, IconX } from '@tabler/icons-react';
import { LoadError } from '../../../components/records/compliance/load-error';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { RecordSection } from '../../../components/records/record-section';
import { formatDateTime } from '../../../lib/format';
import { useInvestorComplianceTests } from '../../appropriateness/api/investor-compliance-tests';

function OptionLine({ option }: { option: ComplianceAttempt['questions'][number]['options'][number] }) {
  return (
    <List.Item>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Text
          size="sm"
          fw={option.chosen ? 600 : 400}
          c={option.chosen || option.is_correct ? undefined : 'dimmed'}
        >
          {option.option}
        </Text>
        {option.chosen && (
          <Badge
            size="xs"
            variant="light"
            color={option.is_correct === undefined ? 'gray' : option.is_correct ? 'success' : 'danger'}
          >
            Chosen
          </Badge>
        )}
        {option.is_correct && (
          <Badge size="xs" variant="outline" color="success">
            Correct
          </Badge>
        )}
      </Group>
    </List.Item>
  );
}

function AttemptDetails({ attempt }: { attempt: ComplianceAttempt }) {
  return (
    <Stack gap="md">
      <Text size="xs" c="dimmed">
        {COMPLIANCE_BANK_LABELS[attempt.bank]}, questions as they were shown on{' '}
        {formatDateTime(attempt.created_at)}.
      </Text>
      {attempt.questions.map((question, index) => (
        <Stack key={question.id} gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon
              size="sm"
              radius="xl"
              variant="light"
              color={question.answered_correctly ? 'success' : 'danger'}
              aria-hidden
            >
              {question.answered_correctly ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
            <Text size="sm" fw={600}>
              {index + 1}. {question.question}
              <VisuallyHidden>
                {question.answered_correctly ? ' (answered correctly)' : ' (answered wrongly)'}
              </VisuallyHidden>
            </Text>
          </Group>
          <List spacing={2} listStyleType="disc" ml="xl">
            {question.options.map((option) => (
              <OptionLine key={option.id} option={option} />
            ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The investor's appropriateness test attempts (regulatory evidence): each with its score and time,
 * expandable to the questions as shown, the answers given and the correct ones.
 */
export function AppropriatenessAttemptsSection({ investorId }: { investorId: number }) {
  const {
    data: attempts,
    isPending,
    isError,
    error,
    refetch,
    isFetching,
  } = useInvestorComplianceTests(investorId);
  return (
    <RecordSection
      title="Appropriateness test"
      description={
        attempts && attempts.length > 0
          ? `${attempts.length} ${attempts.length === 1 ? 'attempt' : 'attempts'}, most recent first.`
          : 'Every attempt is kept with the questions shown and the answers given.'
      }
    >
      {isPending ? (
        <Stack gap="xs" aria-label="Loading the appropriateness test attempts">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : isError ? (
        <LoadError
          what="The appropriateness test attempts"
          error={error}
          retry={() => void refetch()}
          retrying={isFetching}
        />
      ) : attempts.length === 0 ? (
        <SectionEmpty
          icon={<IconListCheck size={28} aria-hidden />}
          title="No attempts yet"
          description="The investor has not taken the appropriateness test."
        />
      ) : (
        <Accordion variant="separated" chevronPosition="left">
          {attempts.map((attempt) => (
            <Accordion.Item key={attempt.id} value={String(attempt.id)}>
              <Accordion.Control>
                <Group gap="sm" wrap="wrap">
                  <Badge color={attempt.passed ? 'success' : 'danger'} variant="light">
                    {attempt.passed ? 'Passed' : 'Failed'}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {attempt.score} of {attempt.total} correct
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(attempt.created_at)}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <AttemptDetails attempt={attempt} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </RecordSection>
  );
}
