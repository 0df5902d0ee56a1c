import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { useTerminology } from '../../../lib/terminology';
import { useNews } from '../api/news';
import { REPORT_SUBJECTS, type ReportSubjectKind } from '../report-subjects';
import { NewsList, NewsListSkeleton } from './news-list';

/** A holding's or a fund's page: the live reports about it, each opening in its context. */
function SubjectUpdates({ kind, id }: { kind: ReportSubjectKind; id: number }) {
  const subject = REPORT_SUBJECTS[kind];
  const terminology = useTerminology();
  const news = useNews({ ...subject.filter(id), perPage: 100 });
  // general news is everyone's, not this subject's
  const items = news.data?.data.filter((item) => subject.about(item, id));
  return (
    <RecordSection
      title={subject.section.term ? terminology[subject.section.term] : subject.section.title}
      description={subject.section.description}
    >
      {news.isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {subject.section.failed} {isApiError(news.error) ? news.error.message : ''}
        </Alert>
      ) : items === undefined ? (
        <NewsListSkeleton rows={2} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {subject.section.none}
        </Text>
      ) : (
        <NewsList items={items} hideCompany hrefOf={(item) => `${subject.path(id)}/reports/${item.id}`} />
      )}
    </RecordSection>
  );
}

/** A holding's page: the live updates about it. */
export function HoldingUpdates({ opportunityId }: { opportunityId: number }) {
  return <SubjectUpdates kind="holding" id={opportunityId} />;
}

/** The investor's fund page (issue 20): the fund's live reports. */
export function FundUpdates({ fundId }: { fundId: number }) {
  return <SubjectUpdates kind="fund" id={fundId} />;
}
