// News and the report reader in one chunk, loaded when an investor first opens one (no editor in it).
export { FundReportPage } from './pages/fund-report-page';
export { HoldingReportPage } from './pages/holding-report-page';
export { NewsPage } from './pages/news-page';
export { NewsReportPage } from './pages/news-report-page';
