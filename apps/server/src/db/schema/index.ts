export * from './users';
export * from './platform';
export * from './branding';
export * from './notifications';
export * from './crm';
export * from './engagement';
export * from './compliance';
export * from './imports';
