import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/layouts/page-header';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { RecordSection } from '../../../components/records/record-section';
import { usePortfolioSettings } from '../api/portfolio-settings';
import { LayoutEditor } from '../components/layout-editor';
import { SettingsLoadState } from '../components/settings-load-state';

/** Settings → investor → portfolio stats: the headline figures above the investor's holdings. */
export function PortfolioStatsPage() {
  const terms = useTerminology();
  const stats = usePortfolioSettings('stat');
  return (
    <>
      <PageHeader
        title={`${terms.portfolio} stats`}
        description={`The headline figures ${inSentence(terms.investors)} see above their ${inSentence(terms.portfolio)}, in which order, under which name. A return held under twelve months always reads “Return to date”.`}
      />
      <Stack maw={960} gap="lg">
        <RecordSection title="Figures" description="Hide them all to show the holdings alone.">
          {stats.isSuccess ? (
            <LayoutEditor
              key={stats.data.map((stat) => stat.updated_at).join()}
              kind="stat"
              items={stats.data}
              noun={{ one: 'Figure', many: 'Figures' }}
            />
          ) : (
            <SettingsLoadState error={stats.error} what="figures" onRetry={() => void stats.refetch()} />
          )}
        </RecordSection>
      </Stack>
    </>
  );
}
