import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useTerminology } from '../../../lib/terminology';
import { ReportReader } from '../components/report-reader';

/** /investor/portfolio/fund/{id}/reports/{reportId} (issue 20): a report read from its fund's page. */
export function FundReportPage() {
  const terms = useTerminology();
  const fundId = useRecordId();
  const reportId = useRecordId('reportId');
  const fundPath = `/investor/portfolio/fund/${fundId ?? ''}`;
  return (
    <ReportReader
      id={fundId === undefined ? undefined : reportId}
      fundId={fundId}
      back={(report) => ({ to: fundPath, label: report?.fund?.name ?? terms.portfolio })}
      breadcrumb={(report) => (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separatorMargin={6}>
            <Anchor component={Link} to="/investor/portfolio" size="sm">
              {terms.portfolio}
            </Anchor>
            <Anchor component={Link} to={fundPath} size="sm">
              {report.fund?.name ?? terms.portfolio}
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
