import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useTerminology } from '../../../lib/terminology';
import { ReportReader } from '../components/report-reader';
import { REPORT_SUBJECTS, type ReportSubjectKind } from '../report-subjects';

/** A report read from its subject's page: back to the holding or the fund, with the breadcrumb to it. */
function SubjectReportPage({ kind }: { kind: ReportSubjectKind }) {
  const terms = useTerminology();
  const subject = REPORT_SUBJECTS[kind];
  const subjectId = useRecordId();
  const reportId = useRecordId('reportId');
  const subjectPath = subject.path(subjectId);
  return (
    <ReportReader
      id={subjectId === undefined ? undefined : reportId}
      {...(subjectId === undefined ? {} : subject.filter(subjectId))}
      back={(report) => ({ to: subjectPath, label: subject.nameOf(report) ?? terms.portfolio })}
      breadcrumb={(report) => (
        <nav aria-label="Breadcrumb">
          <Breadcrumbs separatorMargin={6}>
            <Anchor component={Link} to="/investor/portfolio" size="sm">
              {terms.portfolio}
            </Anchor>
            <Anchor component={Link} to={subjectPath} size="sm">
              {subject.nameOf(report) ?? terms.portfolio}
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

/** /investor/portfolio/{id}/reports/{reportId}: a report read from its holding's page. */
export function HoldingReportPage() {
  return <SubjectReportPage kind="holding" />;
}

/** /investor/portfolio/fund/{id}/reports/{reportId} (issue 20): a report read from its fund's page. */
export function FundReportPage() {
  return <SubjectReportPage kind="fund" />;
}
