import { ADMIN_SCREENS } from '../../config/admin-menu';

const withId = (path: string, id: number) => path.replace(':id', String(id));

/** The update reports' admin addresses (spec §2.1). */
export const updateReportPaths = {
  list: ADMIN_SCREENS.updateReports.path,
  create: ADMIN_SCREENS.newUpdateReport.path,
  edit: (id: number) => withId(ADMIN_SCREENS.updateReportEdit.path, id),
  details: (id: number) => withId(ADMIN_SCREENS.updateReportDetails.path, id),
};
