import type { AppContext } from '../../context';
import { createKpiDefinitionsService } from './kpi-definitions.service';
import { createKpiPortfolioService } from './kpi-portfolio.service';
import { createKpiReminders } from './kpi-reminders';
import { createKpiReportsService } from './kpi-reports.service';

export { kpiReportsRoutes } from './kpi-reports.routes';

/** KPI reports, their definitions, the KPI portfolio and the reminders job (issue 19, decision 023). */
export function createKpiReportsServices(ctx: AppContext) {
  const reports = createKpiReportsService(ctx);
  const reminders = createKpiReminders(ctx, reports);
  ctx.scheduler.add(reminders.job);
  return {
    reports,
    definitions: createKpiDefinitionsService(ctx),
    portfolio: createKpiPortfolioService(ctx),
    reminders,
  };
}

export type KpiReportsServices = ReturnType<typeof createKpiReportsServices>;
