// Reporting (issue 19): each part's schemas in its own file.
export * from './update-reports';
export * from './investor-overview';
export * from './kpi-reports';
export * from './wip';
