import { Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { COMPLIANCE_BANK_LABELS, COMPLIANCE_BANKS } from '@portico/contracts';
import { PageHeader } from '../../../components/layouts/page-header';
import { LoadError } from '../../../components/records/compliance/load-error';
import { useFeature } from '../../../lib/branding';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useComplianceSettings } from '../api/compliance-settings';
import { QuestionBank } from '../components/question-bank';
import { TriesForm } from '../components/tries-form';

/**
 * Settings → investor → appropriateness test (DOMAIN.md, Compliance): the allowed tries and the question
 * bank investors answer; with the risk warning on, the second bank that is asked instead.
 */
export function AppropriatenessSettingsPage() {
  const terms = useTerminology();
  const riskWarning = useFeature('riskWarning');
  const settings = useComplianceSettings();
  const investors = inSentence(terms.investors);

  return (
    <>
      <PageHeader
        title="Appropriateness test"
        description={`The test your ${investors} take on the risks before they invest. The server scores it; every attempt is kept on the ${inSentence(terms.investor)}’s record.`}
      />
      <Stack gap="lg" maw={1000}>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="section"
          aria-labelledby="tries"
        >
          <Title order={2} fz="lg" id="tries" mb="xs">
            Tries
          </Title>
          {settings.isPending ? (
            <Skeleton height={60} aria-label="Loading the allowed tries" />
          ) : settings.isError ? (
            <LoadError
              what="The allowed tries"
              error={settings.error}
              retry={() => void settings.refetch()}
              retrying={settings.isFetching}
            />
          ) : (
            <TriesForm
              key={settings.data.compliance_tries}
              tries={settings.data.compliance_tries}
              riskWarning={riskWarning}
            />
          )}
        </Paper>
        <Paper
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'md' }}
          component="section"
          aria-labelledby="questions"
        >
          <Title order={2} fz="lg" id="questions" mb={4}>
            Questions
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Active questions are asked in this order. A question is answered correctly when exactly its
            correct options are ticked; every question must be right to pass.
          </Text>
          {riskWarning ? (
            <Tabs defaultValue="risk_warning" keepMounted={false}>
              <Tabs.List mb="md">
                {COMPLIANCE_BANKS.map((bank) => (
                  <Tabs.Tab key={bank} value={bank}>
                    {COMPLIANCE_BANK_LABELS[bank]}
                    {bank === 'risk_warning' ? ' (in use)' : ''}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {COMPLIANCE_BANKS.map((bank) => (
                <Tabs.Panel key={bank} value={bank}>
                  <QuestionBank bank={bank} />
                </Tabs.Panel>
              ))}
            </Tabs>
          ) : (
            <QuestionBank bank="standard" />
          )}
        </Paper>
      </Stack>
    </>
  );
}
