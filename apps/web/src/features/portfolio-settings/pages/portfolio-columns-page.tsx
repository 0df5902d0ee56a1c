import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { RecordSection } from '../../../components/records/record-section';
import { usePortfolioSettings } from '../api/portfolio-settings';
import { LayoutEditor } from '../components/layout-editor';
import { SettingsLoadState } from '../components/settings-load-state';

const columnPath = (id: number) => ADMIN_SCREENS.portfolioColumn.path.replace(':id', String(id));

/** Settings → investor → portfolio: the columns of the investor's holdings table, their order and labels. */
export function PortfolioColumnsPage() {
  const terms = useTerminology();
  const columns = usePortfolioSettings('column');
  return (
    <>
      <PageHeader
        title={`${terms.portfolio} columns`}
        description={`Which columns ${inSentence(terms.investors)} see in their ${inSentence(terms.portfolio)} table, in which order, under which name. On a phone the narrower columns still fold away.`}
      />
      <Stack maw={960} gap="lg">
        <RecordSection title="Columns" description="At least one column must be shown.">
          {columns.isSuccess ? (
            <LayoutEditor
              key={columns.data.map((column) => column.updated_at).join()}
              kind="column"
              items={columns.data}
              noun={{ one: 'Column', many: 'Columns' }}
              editPath={(column) => columnPath(column.id)}
            />
          ) : (
            <SettingsLoadState error={columns.error} what="columns" onRetry={() => void columns.refetch()} />
          )}
        </RecordSection>
      </Stack>
    </>
  );
}
