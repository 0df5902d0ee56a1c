// KPI reporting's three admin pages in one chunk, loaded when staff first open any of them.
export { KpiEntryPage } from './pages/kpi-entry-page';
export { KpiPortfolioPage } from './pages/kpi-portfolio-page';
export { KpiSchedulePage } from './pages/kpi-schedule-page';
