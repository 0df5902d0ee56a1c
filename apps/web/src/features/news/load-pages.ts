// News and the report reader in one chunk, loaded when an investor first opens one (no editor in it).
export { FundReportPage, HoldingReportPage } from './pages/subject-report-page';
export { NewsPage } from './pages/news-page';
export { NewsReportPage } from './pages/news-report-page';
