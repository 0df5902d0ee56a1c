import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useTerminology } from '../../../lib/terminology';
import { ReportReader } from '../components/report-reader';

/** /investor/portfolio/{id}/reports/{reportId}: a report read from its holding's page. */
export function HoldingReportPage() {
  const terms = useTerminology();
  const opportunityId = useRecordId();
  const reportId = useRecordId('reportId');
  const holdingPath = `/investor/portfolio/${opportunityId ?? ''}`;
  return (
    <ReportReader
      id={opportunityId === undefined ? undefined : reportId}
      opportunityId={opportunityId}
      back={(report) => ({ to: holdingPath, label: report?.opportunity?.name ?? terms.portfolio })}
      breadcrumb={(report) => (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separatorMargin={6}>
            <Anchor component={Link} to="/investor/portfolio" size="sm">
              {terms.portfolio}
            </Anchor>
            <Anchor component={Link} to={holdingPath} size="sm">
              {report.opportunity?.name ?? terms.portfolio}
            </Anchor>
            <Text size="sm" c="dimmed" aria-current="page" lineClamp={1}>
              {report.title}
            </Text>
          </Breadcrumbs>
        </nav>
      )}
    />
  );
}
