import { Divider, Group, Modal, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { findCategorisationStatement, type Categorisation } from '@portico/contracts';
import { QuestionAnswers } from '../../../components/records/compliance/question-answers';
import { Paragraphs } from '../../../components/text/paragraphs';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { MODAL_SIZES } from '../../../theme/theme';
import { categoryLabel } from '../../investors/components/investor-badges';
import { CategorisationStatusBadge, ExpiryBadge } from './categorisation-badges';

/** A categorisation as it was signed: the statement's words, the answers, and its review. */
export function CategorisationDetailsModal({
  categorisation,
  onClose,
}: {
  categorisation: Categorisation | undefined;
  onClose: () => void;
}) {
  const terminology = useTerminology();
  const statement =
    categorisation && findCategorisationStatement(categorisation.category, categorisation.statement_version);
  return (
    <Modal
      opened={categorisation !== undefined}
      onClose={onClose}
      title={categorisation ? categoryLabel(terminology, categorisation.category) : 'Categorisation'}
      size={MODAL_SIZES.standard}
    >
      {categorisation && (
        <Stack>
          <Group gap="xs">
            <CategorisationStatusBadge status={categorisation.status} />
            <ExpiryBadge categorisation={categorisation} />
          </Group>
          <Text size="sm">
            Signed on {formatDate(categorisation.signed_at)}, valid until{' '}
            {formatDate(categorisation.expires_at)}.
            {categorisation.recorded_by && ` Recorded by ${categorisation.recorded_by.name}.`}
            {categorisation.reviewed_by &&
              ` ${categorisation.status === 'approved' ? 'Approved' : 'Reviewed'} by ${categorisation.reviewed_by.name} on ${formatDateTime(categorisation.reviewed_at)}.`}
          </Text>
          {categorisation.reason && (
            <Text size="sm" c="danger.8">
              Reason: {categorisation.reason}
            </Text>
          )}
          <Paper withBorder radius="sm" p="sm" bg="gray.0">
            <Title order={3} size="h5" mb={4}>
              {categorisation.statement_title}
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              Version {categorisation.statement_version}
            </Text>
            <ScrollArea.Autosize mah={240} type="auto">
              <Paragraphs text={categorisation.statement_text} size="xs" />
            </ScrollArea.Autosize>
          </Paper>
          <Divider label="Answers" labelPosition="left" />
          {statement ? (
            <QuestionAnswers questions={statement.questions} answers={categorisation.answers} />
          ) : (
            <Text size="sm" c="dimmed">
              The questions of version {categorisation.statement_version} are no longer known.
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
