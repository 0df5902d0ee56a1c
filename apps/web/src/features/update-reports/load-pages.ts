// The update reports' admin pages in one chunk (with the editor), loaded when staff first open one.
export { EditUpdateReportPage } from './pages/edit-update-report-page';
export { NewUpdateReportPage } from './pages/new-update-report-page';
export { UpdateReportDetailsPage } from './pages/update-report-details-page';
export { UpdateReportsListPage } from './pages/update-reports-list-page';
