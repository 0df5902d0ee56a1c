// Importing the validation module first installs the Laravel-style messages for every schema.
export * from './validation';
export * from './roles';
export * from './permissions';
export * from './errors';
export * from './list-query';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/user';
export * from './schemas/staff-accounts';
export * from './schemas/outbox';
export * from './schemas/stats';
export * from './features';
export * from './terminology';
export * from './schemas/branding';
export * from './schemas/notifications';
export * from './countries';
export * from './crm';
