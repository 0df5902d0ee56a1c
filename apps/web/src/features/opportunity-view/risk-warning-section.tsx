import { Paper, Stack, Text, Title } from '@mantine/core';
import { RISK_BANNER_TEXT } from '@portico/contracts/constants';
import { RiskSummaryLink } from '../../components/risk-warning/risk-summary-link';
import { Paragraphs } from '../../components/text/paragraphs';

/**
 * The risk warning under an opportunity, as investors see it (issue 18): the regulator's words with the
 * "learn more" link to the risk summary, then the summary itself (branding risk_warning_text). The staff
 * preview shows the same section, so staff see what investors are warned of.
 */
export function RiskWarningSection({ summary }: { summary: string | null | undefined }) {
  const text = summary?.trim();
  if (!text) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="xl" id="risk-warning">
      <Stack gap="sm" component="section" aria-labelledby="risk-warning-title">
        <Title order={2} fz="xl" id="risk-warning-title">
          Risk warning
        </Title>
        <Text fw={600}>
          {RISK_BANNER_TEXT} <RiskSummaryLink summary={text} />
        </Text>
        <Paragraphs text={text} />
      </Stack>
    </Paper>
  );
}
