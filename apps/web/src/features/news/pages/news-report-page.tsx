import { useRecordId } from '../../../lib/records/use-record-id';
import { useTerminology } from '../../../lib/terminology';
import { ReportReader } from '../components/report-reader';

/** /investor/news/reports/{id}: one report, opened from News (or the bell). */
export function NewsReportPage() {
  const terms = useTerminology();
  const id = useRecordId();
  return <ReportReader id={id} back={() => ({ to: '/investor/news', label: terms.news })} />;
}
